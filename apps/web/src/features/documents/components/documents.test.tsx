import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type {
  ApiErrorBody,
  DocumentList,
  EditInfo,
  ModelConfigResponse,
  PurchasingConfig,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { startSession, resetSession, sessionStore } from '../../../lib/session.ts';
import { buyer, storedOrder, supplierUser } from '../test/order-fixtures.ts';
import { served, servedTimeline, type StoredDocument } from '../test/served.ts';
import { DocumentListPage } from './DocumentListPage.tsx';
import { DocumentFormPage } from './pages.tsx';

const config: ModelConfigResponse = {
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
          {
            src: 'priceInfo',
            label: 'Price conditions',
            type: 'conditions',
            items: [{ key: 'RA01', label: 'Discount %' }],
          },
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
  search: [],
  sort: [],
  actions: [
    { name: 'edit', label: 'Edit', permission: 'E' },
    { name: 'delete', label: 'Delete', permission: 'D' },
  ],
  permissions: { supplierModel: true, editRoles: 'buyer,requester', deleteRoles: 'buyer' },
  workflow: {
    states: [
      { index: 0, name: 'created', label: 'Created' },
      { index: 1, name: 'updated', label: 'Updated' },
    ],
    transitions: [],
  },
  readonly: ['completed'],
  submodels: [],
  _v: 1,
};
const purchasing: PurchasingConfig = {
  models: [],
  currencies: [{ key: 'EUR', label: 'Euro' }],
  defaultCurrency: 'EUR',
  taxCodes: [
    { key: 'IVA23', value: 23, group: 'deductible', label: 'VAT 23%' },
    { key: 'INTRA', value: 23, group: 'deductible-intra', label: 'Intra 23%' },
  ],
  priceConditions: [],
};
const order = (extra: Partial<StoredDocument> = {}): StoredDocument =>
  storedOrder('created', {
    deliveryDate: '2026-05-01',
    _version: 3,
    value: '24.60',
    lines: [
      {
        pos: 10,
        subpos: 0,
        item: 'A4',
        quantity: '2.000',
        price: '10.00000',
        tax: { key: 'IVA23', value: 23, group: 'deductible' },
        netValue: '20.00',
        taxValue: '4.60',
        value: '24.60',
      },
    ],
    ...extra,
  });
const page = (p: number): DocumentList => ({
  items: [
    storedOrder('created', {
      _id: p === 1 ? '7' : String(100 - p),
      description: `Order p${p}`,
      value: '1.5',
    }),
  ],
  options: { count: 61, page: p, pagesize: 30 },
});
const maria: EditInfo = {
  editing: { user: { _id: 'u9', name: 'Maria Manager', username: 'maria' }, ts: '2026-03-01T10:05:00' },
};

type Handler = (url: URL, init?: RequestInit) => Response;
let put: Handler;
let stored: StoredDocument;
let modelConfig: ModelConfigResponse;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSession(null);
  startSession('tok', buyer());
  stored = order();
  modelConfig = config;
  put = () => jsonResponse(served(order({ _version: 4 }), config, buyer()));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(modelConfig);
    if (url.pathname === '/api/config/purchasing') return jsonResponse(purchasing);
    if (url.pathname.endsWith('/edit-start') || url.pathname.endsWith('/edit-check'))
      return jsonResponse(maria);
    if (url.pathname === '/api/communication/messages/order/7')
      return jsonResponse(servedTimeline(config, 'created', []));
    if (url.pathname === '/api/purchasing/order')
      return jsonResponse(page(Number(url.searchParams.get('p'))));
    if (url.pathname === '/api/purchasing/order/7' && method === 'PUT') return put(url, init);
    if (url.pathname === '/api/purchasing/order/7')
      return jsonResponse(served(stored, modelConfig, sessionStore.get().user!));
    return jsonResponse(
      { message: 'Not found', key: 'not_found', _status: 404, data: { errors: [] } } satisfies ApiErrorBody,
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

const putBodies = () =>
  fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').map(([, i]) => JSON.parse(String(i!.body)));

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
    const lists = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://x'))
        .filter((u) => u.pathname === '/api/purchasing/order');
    expect(Object.fromEntries(lists()[0]!.searchParams)).toMatchObject({ p: '1', l: '30', s: '-_id' });
    fireEvent.click(screen.getByTestId('page-next'));
    expect(await screen.findByText('Order p2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sort-description'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() =>
      expect(Object.fromEntries(lists().at(-1)!.searchParams)).toMatchObject({ p: '1', s: 'description' }),
    );
    fireEvent.click(await screen.findByText('Order p1'));
    expect((await screen.findByTestId('form-title')).textContent).toBe('Order #7');
  });
});

describe('document form view', () => {
  it('shows who else is editing and recomputes line values and totals on a quantity change', async () => {
    await openEdit();
    expect(screen.getByTestId('editing-notice').textContent).toContain(
      'Being edited by Maria Manager since 01-03-2026 10:05',
    );
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
    const stale: ApiErrorBody = {
      message: 'The document was changed by someone else.',
      key: 'document.stale',
      _status: 409,
      data: { errors: [] },
    };
    put = () => jsonResponse(stale, 409, 'Conflict');
    await openEdit();
    const qty = within(screen.getByTestId('line-quantity-0')).getByRole('textbox') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('action-save'));
    expect((await screen.findByTestId('conflict-notice')).textContent).toContain('changed by someone else');
    expect(putBodies()[0]).toMatchObject({ _version: 3, lines: [{ pos: 10, quantity: '5' }] });
    expect(putBodies()[0].lines[0].value).toBeUndefined();
    expect(
      (within(screen.getByTestId('line-quantity-0')).getByRole('textbox') as HTMLInputElement).value,
    ).toBe('5');
    expect(screen.getByTestId('action-save')).toBeTruthy();
    expect(screen.getByTestId('total-value').textContent).toBe('61.50');
  });

  it('maps server field errors to fields (opening their group) and the rest to one notice with line keys', async () => {
    put = () =>
      jsonResponse(
        {
          message: 'Invalid',
          key: 'document.invalid',
          _status: 400,
          data: {
            errors: [
              { field: 'description', message: 'Description is required.' },
              { field: 'tax', line: { pos: 10, subpos: 0, key: 'A4' }, message: "Unknown tax code 'X'." },
            ],
          },
        } satisfies ApiErrorBody,
        400,
        'Bad Request',
      );
    await openEdit();
    expect(screen.getByTestId('group-general').getAttribute('data-collapsed')).toBe('true');
    fireEvent.click(screen.getByTestId('action-save'));
    expect((await screen.findByTestId('field-error-description')).textContent).toBe(
      'Description is required.',
    );
    expect(screen.getByTestId('group-general').getAttribute('data-collapsed')).toBeNull();
    const notice = screen.getByTestId('form-errors');
    expect(notice.getAttribute('data-severity')).toBe('error');
    expect(notice.textContent).toContain('Created');
    expect(notice.textContent).toContain("Line 10 (A4): Unknown tax code 'X'.");
  });

  it('shows supplier users the supplier value and the intra-community tax warning, read-only', async () => {
    startSession('tok', supplierUser());
    stored = order({ supplier: { _id: 's1', name: 'ACME' } });
    stored.lines![0]!.tax = { key: 'INTRA', value: 23, group: 'deductible-intra' };
    renderForm();
    expect((await screen.findByTestId('line-value-0')).textContent).toBe('20.00');
    expect(screen.getByTestId('line-tax-warning-0').textContent).toContain('Valor não presente na fatura');
    expect(screen.queryByTestId('action-edit')).toBeNull();
  });

  it('decides which line cells take input with the shared field rules, as the server does on save', async () => {
    const lines = config.form.fields.find((f) => f.src === 'lines')!;
    const items = [
      ...(lines.items as Array<{ src: string }>).map((i) =>
        i.src === 'price' ? { ...i, editRoles: 'manager' } : i,
      ),
      { src: 'unit', label: 'Unit', type: 'text', editStates: ['updated'] },
    ];
    modelConfig = {
      ...config,
      form: {
        ...config.form,
        fields: config.form.fields.map((f) => (f.src === 'lines' ? { ...f, items } : f)),
      },
    };
    stored = order({ lines: [{ ...order().lines![0]!, unit: 'box' }] });
    await openEdit();
    // a buyer: quantity yes; price only for managers; unit only in state updated; values never
    expect(within(screen.getByTestId('line-quantity-0')).queryByRole('textbox')).toBeTruthy();
    expect(within(screen.getByTestId('line-price-0')).queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('line-price-0').textContent).toBe('10.00000');
    expect(within(screen.getByTestId('line-unit-0')).queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('line-unit-0').textContent).toBe('box');
    expect(within(screen.getByTestId('line-value-0')).queryByRole('textbox')).toBeNull();
  });

  it('saves, shows the answered document in read mode and reloads no copy of it', async () => {
    put = (_url, init) => {
      const body = JSON.parse(String(init!.body)) as { description: string };
      return jsonResponse(served(order({ description: body.description, _version: 4 }), config, buyer()));
    };
    await openEdit();
    fireEvent.click(
      screen.getByTestId('group-general').querySelector('.p-panel-header button, .p-panel-toggler')!,
    );
    fireEvent.change(within(await screen.findByTestId('field-description')).getByRole('textbox'), {
      target: { value: 'Paper A3' },
    });
    fireEvent.click(screen.getByTestId('action-save'));
    await waitFor(() => expect(screen.queryByTestId('action-save')).toBeNull());
    expect(putBodies()[0]).toMatchObject({ description: 'Paper A3', _version: 3 });
    expect(screen.getByTestId('field-description').textContent).toContain('Paper A3');
    expect(screen.getByTestId('document-form').getAttribute('data-mode')).toBe('read');
    expect(
      fetchMock.mock.calls.filter(
        ([u, i]) => String(u).endsWith('/purchasing/order/7') && (i?.method ?? 'GET') === 'GET',
      ),
    ).toHaveLength(1);
  });
});
