import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { startSession, resetSession } from '../../../lib/session.ts';
import { testUser } from '../../../test/render.tsx';
import { DocumentListPage } from './DocumentListPage.tsx';
import { DocumentFormPage } from './pages.tsx';

const config = {
  name: 'order',
  label: 'Orders',
  subtypes: [{ key: 'P001', label: 'Standard' }],
  list: {
    options: { pageSize: 30, sort: '-_id', trash: true },
    fields: [
      { src: '_id', label: 'ID', type: 'number', sortable: true },
      { src: 'description', label: 'Description', type: 'text', sortable: true },
      { src: 'value', label: 'Total value', type: 'number', format: '#,##0.00', sortable: true },
    ],
  },
  form: {
    options: { editStart: true },
    fields: [
      { src: 'description', label: 'Description', type: 'text', required: true },
      { src: 'deliveryDate', label: 'Delivery date', type: 'date', required: true },
      { src: 'value', label: 'Total value', type: 'number', native: true, readonly: true },
      {
        src: 'lines',
        label: 'Lines',
        type: 'lines',
        items: [
          { src: 'pos', label: 'Pos.', type: 'number' },
          { src: 'item', label: 'Item', type: 'text' },
          { src: 'quantity', label: 'Quantity', type: 'number', format: '#,##0.000' },
          { src: 'price', label: 'Price', type: 'number', format: '#,##0.00000' },
          { src: 'priceInfo', label: 'Price conditions', type: 'conditions', items: [{ key: 'RA01', label: 'Discount %' }] },
          { src: 'tax', label: 'Tax', type: 'select', ref: 'purchasing.taxCodes' },
          { src: 'netValue', label: 'Net value', type: 'number', native: true, readonly: true },
          { src: 'taxValue', label: 'Tax value', type: 'number', native: true, readonly: true },
          { src: 'value', label: 'Value', type: 'number', native: true, readonly: true },
        ],
      },
    ],
    groups: [
      { key: 'general', label: 'General', fields: ['description', 'deliveryDate'], collapsed: true },
      { key: 'values', label: 'Values', fields: ['value'] },
      { key: 'lines', label: 'Lines', fields: ['lines'] },
    ],
  },
  actions: [
    { name: 'edit', label: 'Edit', permission: 'E' },
    { name: 'delete', label: 'Delete', permission: 'D' },
  ],
  permissions: { supplierModel: true, editRoles: 'buyer,requester', deleteRoles: 'buyer' },
  workflow: { states: [{ name: 'created', label: 'Created' }, { name: 'updated', label: 'Updated' }], transitions: [] },
  readonly: ['completed'],
};
const purchasing = {
  taxCodes: [
    { key: 'IVA23', value: 23, group: 'deductible', label: 'VAT 23%' },
    { key: 'INTRA', value: 23, group: 'deductible-intra', label: 'Intra 23%' },
  ],
  currencies: [{ key: 'EUR', label: 'Euro' }],
};
const order = () => ({
  _id: '7',
  key: null,
  description: 'Paper',
  deliveryDate: '2026-05-01',
  _state: { current: 'created', readonly: false },
  _version: 3,
  value: '24.60',
  lines: [
    { pos: 10, subpos: 0, item: 'A4', quantity: '2.000', price: '10.00000', tax: { key: 'IVA23', value: 23, group: 'deductible' }, netValue: '20.00', taxValue: '4.60', value: '24.60' },
  ],
});

type Handler = (url: URL, init?: RequestInit) => Response;
let put: Handler;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  put = () => jsonResponse(order());
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(config);
    if (url.pathname === '/api/config/purchasing') return jsonResponse(purchasing);
    if (url.pathname.endsWith('/edit-start') || url.pathname.endsWith('/edit-check'))
      return jsonResponse({ editing: { user: { name: 'Maria Manager' }, ts: '2026-03-01T10:05:00' } });
    if (url.pathname === '/api/purchasing/order') {
      const p = Number(url.searchParams.get('p'));
      return jsonResponse({ items: [{ _id: p === 1 ? '7' : String(100 - p), description: `Order p${p}`, value: '1.5' }], options: { count: 61, page: p, pagesize: 30 } });
    }
    if (url.pathname === '/api/purchasing/order/7' && method === 'PUT') return put(url, init);
    if (url.pathname === '/api/purchasing/order/7') return jsonResponse(order());
    return jsonResponse({ message: 'Not found' }, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
});

const putBodies = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').map(([, i]) => JSON.parse(String(i!.body)));

function renderForm(route = '/order/7') {
  return renderWithProviders(
    <Routes>
      <Route path="/order" element={<DocumentListPage model="order" path="/order" />} />
      <Route path="/order/:id/:action?" element={<DocumentFormPage model="order" path="/order" />} />
    </Routes>,
    { route },
  );
}

async function openEdit() {
  renderForm();
  fireEvent.click(await screen.findByTestId('action-edit'));
  await screen.findByTestId('action-save');
}

describe('document list view', () => {
  it('shows the model label, sorts and pages through the table, opens a row', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderForm('/order');
    expect((await screen.findByTestId('list-title')).textContent).toBe('Orders');
    expect(await screen.findByText('Order p1')).toBeTruthy();
    expect(screen.getByTestId('list-new').textContent).toContain('New');
    const lists = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === '/api/purchasing/order');
    expect(Object.fromEntries(lists()[0]!.searchParams)).toMatchObject({ p: '1', l: '30', s: '-_id' });
    fireEvent.click(screen.getByTestId('page-next'));
    expect(await screen.findByText('Order p2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sort-description'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => expect(Object.fromEntries(lists().at(-1)!.searchParams)).toMatchObject({ p: '1', s: 'description' }));
    fireEvent.click(await screen.findByText('Order p1'));
    expect((await screen.findByTestId('form-title')).textContent).toBe('Order #7');
  });
});

describe('document form view', () => {
  it('shows who else is editing and recomputes line values and totals on a quantity change', async () => {
    await openEdit();
    expect(screen.getByTestId('editing-notice').textContent).toContain('Being edited by Maria Manager since 01-03-2026 10:05');
    expect(screen.getByTestId('total-value').textContent).toBe('24.60');
    const qty = within(screen.getByTestId('line-quantity-0')).getByRole('textbox');
    fireEvent.change(qty, { target: { value: '3' } });
    expect(screen.getByTestId('total-netValue').textContent).toBe('30.00');
    expect(screen.getByTestId('total-taxValue').textContent).toBe('6.90');
    expect(screen.getByTestId('total-value').textContent).toBe('36.90');
    expect(screen.getByTestId('line-value-0').textContent).toBe('36.90');
    // a price condition (RA01 10 %) from the expandable row
    fireEvent.click(screen.getByTestId('line-conditions-toggle-0'));
    fireEvent.change(screen.getByTestId('line-condition-0-RA01'), { target: { value: '10' } });
    expect(screen.getByTestId('total-netValue').textContent).toBe('27.00');
  });

  it('keeps the input after a 409 and says the document was changed by someone else', async () => {
    put = () => jsonResponse({ message: 'The document was changed by someone else; reload it and try again.', key: 'document.stale', _status: 409, data: { errors: [] } }, 409, 'Conflict');
    await openEdit();
    const qty = within(screen.getByTestId('line-quantity-0')).getByRole('textbox') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('action-save'));
    expect((await screen.findByTestId('conflict-notice')).textContent).toContain('changed by someone else');
    expect(putBodies()[0]).toMatchObject({ _version: 3, lines: [{ pos: 10, quantity: '5' }] });
    expect(putBodies()[0].lines[0].value).toBeUndefined();
    expect((within(screen.getByTestId('line-quantity-0')).getByRole('textbox') as HTMLInputElement).value).toBe('5');
    expect(screen.getByTestId('action-save')).toBeTruthy();
    expect(screen.getByTestId('total-value').textContent).toBe('61.50');
  });

  it('maps server field errors to fields (opening their group) and the rest to one notice with line keys', async () => {
    put = () =>
      jsonResponse(
        {
          message: 'Invalid',
          key: 'validation',
          _status: 400,
          data: {
            errors: [
              { field: 'description', message: 'Description is required.' },
              { field: 'tax', line: { pos: 10, subpos: 0, key: 'A4' }, message: "Unknown tax code 'X'." },
            ],
          },
        },
        400,
        'Bad Request',
      );
    await openEdit();
    expect(screen.getByTestId('group-general').getAttribute('data-collapsed')).toBe('true');
    fireEvent.click(screen.getByTestId('action-save'));
    expect((await screen.findByTestId('field-error-description')).textContent).toBe('Description is required.');
    expect(screen.getByTestId('group-general').getAttribute('data-collapsed')).toBeNull();
    const notice = screen.getByTestId('form-errors');
    expect(notice.getAttribute('data-severity')).toBe('error');
    expect(notice.textContent).toContain('Created');
    expect(notice.textContent).toContain("Line 10 (A4): Unknown tax code 'X'.");
  });

  it('shows supplier users the supplier value and the intra-community tax warning, read-only', async () => {
    resetSession(null);
    startSession('tok', testUser({ role: { key: 'supplier', name: 'Supplier' }, roles: [{ key: 'supplier', name: 'Supplier' }], supplier: { _id: 's1', name: 'ACME' } } as never));
    const o = order();
    o.lines[0]!.tax = { key: 'INTRA', value: 23, group: 'deductible-intra' };
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(config);
      if (url.pathname === '/api/config/purchasing') return jsonResponse(purchasing);
      if (url.pathname.endsWith('/edit-check')) return jsonResponse({ editing: null });
      return jsonResponse(o);
    });
    renderForm();
    expect((await screen.findByTestId('line-value-0')).textContent).toBe('20.00');
    expect(screen.getByTestId('line-tax-warning-0').textContent).toContain('Valor não presente na fatura');
    expect(screen.queryByTestId('action-edit')).toBeNull();
  });
});
