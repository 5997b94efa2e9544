import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { ApiErrorBody, RouteConfig, SearchResponse } from '@p2p/domain';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { SearchPage } from './SearchPage.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';

const routes: RouteConfig[] = [
  { path: '/order', name: 'order', view: 'model', meta: { model: 'order', form: true, nav: 'purchasing' } },
  {
    path: '/contract',
    name: 'contract',
    view: 'model',
    meta: { model: 'contract', form: true, nav: 'purchasing' },
  },
];
const config = testConfig({ routes });
const hits: SearchResponse = {
  items: [
    {
      _id: '7',
      model: 'order',
      key: '4500000007',
      subtype: 'P001',
      state: 'approved',
      title: 'Paper for Lisbon',
      snippet: 'A4 <b>paper</b> <i>x</i>',
      url: '/order/7',
    },
    {
      _id: 'c1',
      model: 'contract',
      key: null,
      subtype: 'C001',
      state: 'created',
      title: 'Frame paper contract',
      snippet: 'paper',
      url: '/contract/c1',
    },
  ],
  options: { count: 2, page: 1, pagesize: 30 },
};
const fetchMock = vi.fn<typeof fetch>();

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/search' || url.pathname === '/api/search/order') return jsonResponse(hits);
    return jsonResponse(
      { message: 'Not found', key: 'not_found', _status: 404, data: { errors: [] } } satisfies ApiErrorBody,
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

// a test that switches to Portuguese must not leave the next one in it, even when it fails
afterEach(async () => {
  await act(() => setLanguage('en'));
});

const page = (route: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/search/:model?" element={<SearchPage />} />
        <Route path="*" element={<HeaderSearch />} />
      </Routes>
      <Where />
    </>,
    { route, config },
  );

describe('search page', () => {
  it('searches with q and renders the hits linking to each document', async () => {
    page('/search?q=paper');
    expect(await screen.findByText('Paper for Lisbon')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/search');
    expect(url.searchParams.get('q')).toBe('paper');
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe('paper');
    expect(url.searchParams.get('s')).toBeNull();
    expect(screen.getByTestId('search-result-link-7').getAttribute('href')).toBe('/order/7');
    expect(screen.getByTestId('search-result-link-c1').getAttribute('href')).toBe('/contract/c1');
    // ranked by relevance: the columns do not sort
    expect(screen.queryByTestId('sort-title')).toBeNull();
    expect(screen.getByText('Approved')).toBeTruthy();
    const snippet = screen.getAllByTestId('search-snippet')[0]!;
    expect(snippet.textContent).toBe('A4 paper x');
    expect(snippet.querySelector('mark')?.textContent).toBe('paper');
  });

  it('filters by model through the route and searches again', async () => {
    page('/search?q=paper');
    await screen.findByText('Paper for Lisbon');
    fireEvent.change(screen.getByTestId('search-model'), { target: { value: 'order' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search/order?q=paper'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => new URL(String(u), 'http://x').pathname === '/api/search/order'),
      ).toBe(true),
    );
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'toner' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search/order?q=toner'));
  });

  it('names every model and state of a hit, those of approvals too, in English and Portuguese', async () => {
    const approval: SearchResponse = {
      items: [
        {
          _id: 'a1',
          model: 'approval',
          key: 'AP-000001',
          subtype: null,
          state: 'manager-approval',
          title: 'Paper for Lisbon 2026-11',
          snippet: '<b>paper</b>',
          url: '/approval/a1',
        },
      ],
      options: { count: 1, page: 1, pagesize: 30 },
    };
    fetchMock.mockImplementation(async () => jsonResponse(approval));
    const withApprovals = testConfig({
      routes: [
        ...routes,
        {
          path: '/approval',
          name: 'approval',
          view: 'model',
          meta: { model: 'approval', nav: 'purchasing' },
        },
      ],
    });
    renderWithProviders(<SearchPage />, { route: '/search?q=paper', config: withApprovals });
    expect(await screen.findByText('Manager approval')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Approvals' })).toBeTruthy();
    expect(screen.getAllByText('Approvals').length).toBe(2);
    await act(() => setLanguage('pt'));
    expect(await screen.findByText('Aprovação do gestor')).toBeTruthy();
    expect(screen.getAllByText('Aprovações').length).toBe(2);
    expect(screen.queryByText('approval')).toBeNull();
  });

  it('shows a hint without a query; the header search box goes to /search?q=', async () => {
    page('/');
    fireEvent.change(screen.getByTestId('header-search-input'), { target: { value: 'paper A4' } });
    fireEvent.submit(screen.getByTestId('header-search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=paper+A4'));
    expect(await screen.findByText('Paper for Lisbon')).toBeTruthy();
  });
});
