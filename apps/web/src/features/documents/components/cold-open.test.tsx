/**
 * Opening a document cold (issue 11, 'Lists and lines at speed'): the form's requests start at
 * route entry, the url's edit action opens straight in edit mode, what the first screen does not
 * need (countries, who approves) waits for it, and every line input has an accessible name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import type { CountryLookup, ListOptions } from '@p2p/domain/api';
import type { ModelConfigResponse, UserGroupsResponse } from '@p2p/domain';
import { i18n, setLanguage } from '../../../lib/i18n.ts';
import { resetSession, startSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { prefetchDocumentForm, prefetchOnEntry } from '../api/prefetch-form.ts';
import type { ApprovalSlot } from '../slots.ts';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, orderConfig, orderLines, storedOrder } from '../test/order-fixtures.ts';
import { DocumentFormPage } from './pages.tsx';

/** The shipped order's shape, cut down: a country select in the header, lines with inputs. */
const config: ModelConfigResponse = {
  ...orderConfig,
  form: {
    options: { editStart: false },
    fields: [
      { src: 'description', label: 'Description', type: 'text' },
      { src: 'address.country', label: 'Delivery country', type: 'select', ref: 'countries' },
      {
        src: 'lines',
        label: 'Lines',
        type: 'lines',
        items: [
          { src: 'pos', label: 'Pos.', type: 'number' },
          { src: 'description', label: { en: 'Description', pt: 'Descrição' }, type: 'text' },
          { src: 'quantity', label: { en: 'Quantity', pt: 'Quantidade' }, type: 'number' },
          { src: 'tax', label: { en: 'Tax', pt: 'Imposto' }, type: 'select', ref: 'purchasing.taxCodes' },
          { src: 'value', label: 'Value', type: 'number', native: true, readonly: true },
        ],
      },
    ],
    groups: [{ key: 'general', label: 'General', fields: ['description', 'address.country', 'lines'] }],
  },
};

const lines = orderLines(300);

/** GET /taxonomy/country as the server answers it: pages of `l`, the count when asked (c=1). */
const COUNTRIES: CountryLookup[] = Array.from({ length: 249 }, (_, i) => {
  const code = `C${String(i).padStart(3, '0')}`;
  return { _id: code, key: code, label: `Country ${i}`, code, name: `Country ${i}` };
});
function countryPage(url: URL): Response {
  const p = Number(url.searchParams.get('p') ?? 1);
  const l = Number(url.searchParams.get('l') ?? 10);
  const counted = ['1', 'true'].includes(url.searchParams.get('c') ?? '');
  const options: ListOptions = { count: counted ? COUNTRIES.length : null, page: p, pagesize: l };
  return jsonResponse({ items: COUNTRIES.slice((p - 1) * l, p * l), options });
}
const groups: UserGroupsResponse = { groups: [], organization: [], options: [] };

let server: MockServer;

beforeEach(() => {
  resetSession(null);
  startSession('tok', buyer());
  server = mockServer(config, storedOrder('created', { lines, address: { country: 'C248' } }));
  server.extra = (url) => {
    if (url.pathname === '/api/taxonomy/country') return countryPage(url);
    if (url.pathname === '/api/profile/user/groups') return jsonResponse(groups);
    return undefined;
  };
});
afterEach(async () => {
  await setLanguage('en');
});

/** Who will approve: stands for the route module's slot (a dry run over the whole draft). */
const Approval: ApprovalSlot = () => <p data-testid="approval-slot">who approves</p>;

const renderForm = (route: string, client?: QueryClient) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/order/:id/:action?"
        element={<DocumentFormPage model="order" path="/order" approval={Approval} />}
      />
    </Routes>,
    { route, client },
  );

const countryCalls = () =>
  server.fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/api/taxonomy/country');

describe('opening a document cold', () => {
  it('opens the edit action in edit mode with the first lines only, and the rest after the first screen', async () => {
    renderForm('/order/7/edit');
    const quantity = await screen.findByLabelText('Quantity, line 1');
    expect(quantity.id).toBe('line-0-quantity');
    expect(screen.getByTestId('document-form').getAttribute('data-mode')).toBe('edit');
    // windowed: a screenful of the 300 lines is in the DOM
    const rows = screen.getAllByTestId('line-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByTestId('lines-editor').getAttribute('data-count')).toBe('300');

    // after the first screen: who approves, and the countries (the first page counts, the rest at once)
    expect(await screen.findByTestId('approval-slot')).toBeTruthy();
    await waitFor(() => expect(countryCalls()).toHaveLength(3));
    const [first, ...rest] = countryCalls();
    expect(first!.searchParams.get('p')).toBe('1');
    expect(first!.searchParams.get('c')).toBe('1');
    expect(rest.map((u) => u.searchParams.get('p')).sort()).toEqual(['2', '3']);
    // the stored country shows by its label once the list is there
    const select = (await screen.findByLabelText('Delivery country')) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Country 248'));
    // the document was read once
    expect(server.calls('GET', '/api/purchasing/order/7')).toHaveLength(1);
  });

  it('names every line input and select by its column and line, in the user language', async () => {
    await setLanguage('pt');
    renderForm('/order/7/edit');
    const editor = await screen.findByTestId('lines-editor');
    await within(editor).findByLabelText('Quantidade, linha 1');
    expect(within(editor).getByLabelText('Descrição, linha 2').id).toBe('line-1-description');
    expect(within(editor).getByLabelText('Imposto, linha 3').tagName).toBe('SELECT');
    expect(within(editor).getByRole('button', { name: 'Remover linha 1' })).toBeTruthy();
    // every input and select of the editor has a name
    for (const control of editor.querySelectorAll('input, select')) {
      const id = control.getAttribute('id');
      const named =
        control.getAttribute('aria-label') || (id && editor.querySelector(`label[for="${id}"]`)?.textContent);
      expect(named, `control ${id ?? control.outerHTML} has no name`).toBeTruthy();
    }
    expect(i18n.language).toBe('pt');
  });

  it('opens in read mode without the edit action', async () => {
    renderForm('/order/7');
    await screen.findByTestId('lines-editor');
    expect(screen.getByTestId('document-form').getAttribute('data-mode')).toBe('read');
    expect(document.getElementById('line-0-quantity')).toBeNull();
  });
});

describe('prefetching at route entry', () => {
  it('asks for the configurations, the organization and the document at once; the form asks nothing twice', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    prefetchDocumentForm(client, { model: 'order', id: '7', lang: 'en' });
    const asked = server.fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname).sort();
    expect(asked).toEqual([
      '/api/config/model/en/order',
      '/api/config/purchasing',
      '/api/profile/user/groups',
      '/api/purchasing/order/7',
    ]);
    renderForm('/order/7/edit', client);
    await screen.findByLabelText('Quantity, line 1');
    expect(server.calls('GET', '/api/purchasing/order/7')).toHaveLength(1);
    expect(server.calls('GET', '/api/config/model/en/order')).toHaveLength(1);
  });

  it('asks for no document when creating one, and for nothing without a session', () => {
    const client = new QueryClient();
    prefetchDocumentForm(client, { model: 'order', id: 'new', lang: 'en' });
    expect(server.calls('GET', '/api/purchasing/order/new')).toHaveLength(0);
    expect(server.calls('GET', '/api/config/model/en/order')).toHaveLength(1);

    server.fetch.mockClear();
    resetSession(null);
    prefetchOnEntry('order', '7');
    expect(server.fetch).not.toHaveBeenCalled();
  });
});
