import { beforeEach, describe, expect, it } from 'vitest';
import type { ModelConfigResponse } from '@p2p/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, orderConfig, storedOrder, workflow } from '../test/order-fixtures.ts';
import { DocumentListPage } from './DocumentListPage.tsx';

/** Issue 11: a list's page, size, sort, search and a link's filters live in the url. */

const config: ModelConfigResponse = {
  ...orderConfig,
  workflow,
  list: {
    options: { pageSize: 30, sort: '-_id', trash: true },
    fields: [
      { src: 'description', label: 'Description', type: 'text', sortable: true },
      { src: 'supplier.name', label: 'Supplier', type: 'supplier' },
      { src: '_state.current', label: 'State', type: 'state' },
      { src: 'value', label: 'Total value', type: 'number', format: '#,##0.00', sortable: true },
    ],
  },
};

let server: MockServer;
beforeEach(() => {
  resetSession(null);
  startSession('tok', buyer());
  server = mockServer(
    config,
    storedOrder('approval', { _id: '7', description: 'Chairs', value: '1234.5', currency: 'EUR' }),
  );
});

const lists = () =>
  server
    .calls('GET', '/api/purchasing/order')
    .map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

const renderList = (route: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/order" element={<DocumentListPage model="order" path="/order" />} />
        <Route path="/order/:id" element={<p data-testid="opened">opened</p>} />
      </Routes>
      <Where />
    </>,
    { route },
  );

describe('list state in the url', () => {
  it('asks the list with the page, size, sort and search of a shared link', async () => {
    renderList('/order?p=3&l=10&s=description&q=chairs');
    await waitFor(() => expect(lists()).toHaveLength(1));
    expect(lists()[0]).toEqual({ q: 'chairs', p: '3', l: '10', s: 'description', c: '1' });
    expect(screen.getByTestId<HTMLInputElement>('table-search').value).toBe('chairs');
  });

  it('writes paging, sort and search into the url (defaults left out), so Back returns to them', async () => {
    renderList('/order');
    await waitFor(() => expect(lists()).toHaveLength(1));
    expect(screen.getByTestId('where').textContent).toBe('/order');
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'desk' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order?q=desk'));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ q: 'desk', p: '1' }));
    fireEvent.click(screen.getByTestId('sort-value'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order?q=desk&s=value'), {
      timeout: 2000,
    });
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ q: 'desk', s: 'value' }));
  });

  it('ignores a sort or page size a link cannot mean', async () => {
    renderList('/order?s=1;drop&l=5000&p=0');
    await waitFor(() => expect(lists()).toHaveLength(1));
    expect(lists()[0]).toMatchObject({ p: '1', l: '30', s: '-_id' });
  });

  it('keeps the trash view in the url', async () => {
    renderList('/order?trash=1');
    await waitFor(() => expect(server.calls('GET', '/api/purchasing/order/trash')).toHaveLength(1));
    expect(screen.getByTestId('document-list').getAttribute('data-trash')).toBe('true');
  });
});

describe('filters a link carries (a report drill-down)', () => {
  it('passes every filter of the link to the list call, says so, and clears them', async () => {
    renderList('/order?supplier=42&createdFrom=2026-01-01&state=approval&s=value');
    await waitFor(() => expect(lists()).toHaveLength(1));
    expect(lists()[0]).toEqual({
      supplier: '42',
      createdFrom: '2026-01-01',
      state: 'approval',
      p: '1',
      l: '30',
      s: 'value',
      c: '1',
    });
    const notice = screen.getByTestId('list-link-filters');
    expect(notice.textContent).toContain('Supplier: 42');
    expect(notice.textContent).toContain('Created from: 2026-01-01');
    expect(notice.textContent).toContain('State: Approval');
    fireEvent.click(within(notice).getByTestId('list-clear-filters'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order?s=value'));
    await waitFor(() => expect(lists().at(-1)).toEqual({ p: '1', l: '30', s: 'value', c: '1' }));
    expect(screen.queryByTestId('list-link-filters')).toBeNull();
  });

  it('shows each filter of the link as a chip that drops just that filter', async () => {
    renderList('/order?supplier=42&createdFrom=2026-01-01&p=3');
    await waitFor(() => expect(lists()).toHaveLength(1));
    expect(screen.getByTestId('list-filter-chip-supplier').textContent).toBe('Supplier: 42');
    fireEvent.click(
      within(screen.getByTestId('list-filter-chip-supplier')).getByRole('button', {
        name: 'Remove the filter Supplier: 42',
      }),
    );
    // the other filter stays; the rows start again on page 1
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/order?createdFrom=2026-01-01'),
    );
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ createdFrom: '2026-01-01', p: '1' }));
    expect(lists().at(-1)).not.toHaveProperty('supplier');
    expect(screen.getByTestId('list-filter-chip-createdFrom').textContent).toBe('Created from: 2026-01-01');
  });
});

describe('list cells', () => {
  it('shows amounts with their currency and states with their status icon and colour', async () => {
    renderList('/order');
    const row = await screen.findByTestId('table-row');
    const value = row.querySelector('td[data-src="value"]')!;
    expect(value.textContent?.replace(/\s+/g, ' ').trim()).toBe('1,234.50 EUR');
    const state = row.querySelector('td[data-src="_state.current"] [data-state="approval"]')!;
    expect(state.textContent).toBe('Approval');
    expect(state.getAttribute('data-tone')).toBe('warn');
    expect(state.querySelector('i[data-icon="wait"]')).not.toBeNull();
    await act(async () => undefined);
  });
});
