import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  RECEIPT_MESSAGES,
  type ApiErrorBody,
  type DocumentResponse,
  type OpenQuantities,
  type SessionUser,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { ReceivingActionButton } from './ReceivingAction.tsx';

const ALFA = { _id: 's-alfa', name: 'Alfa Components Lda' };
const supplierUser = testUser({
  _id: 'u-sup',
  username: 'supplier-user',
  role: { key: 'supplier-user', name: 'Supplier user' },
  roles: [{ key: 'supplier-user', name: 'Supplier user' }],
  supplier: ALFA,
});

/** An order as GET /purchasing/order/{id} answers it (the parts the button reads). */
const order = (state: string, supplier = ALFA): DocumentResponse => ({
  _id: '41',
  key: 'PO-000041',
  model: 'order',
  doc: { type: 'order', subtype: 'P001' },
  _state: {
    current: state,
    readonly: true,
    created: { ts: '2026-05-01T10:00:00.000Z', user: { _id: 'u1', name: 'Bea' } },
  },
  supplier,
  updatedAt: '2026-05-02T10:00:00.000Z',
  _version: 7,
  _actions: { actions: [], transitions: [] },
  _permissions: { edit: false, delete: false, duplicate: false },
});

/** GET /receiving/order/41/open as the server answers it. */
const open: OpenQuantities = {
  order: { _id: '41', key: 'PO-000041', state: 'completed', _version: 7 },
  action: 'dispatch',
  lines: [
    {
      pos: 10,
      subpos: 0,
      item: 'MAT-1000',
      description: 'Bolts',
      unit: 'UN',
      ordered: '10.000',
      received: '0.000',
      open: '10.000',
    },
    {
      pos: 20,
      subpos: 0,
      item: 'MAT-1001',
      description: 'Nuts',
      unit: 'UN',
      ordered: '4.000',
      received: '4.000',
      open: '0.000',
    },
  ],
};

const overOpen: ApiErrorBody = {
  message: RECEIPT_MESSAGES.overOpen('12.000', '10.000', '10'),
  key: 'receiving.invalid',
  _status: 400,
  data: {
    errors: [
      {
        field: 'quantity',
        line: { pos: 10, subpos: 0, key: 'MAT-1000' },
        message: RECEIPT_MESSAGES.overOpen('12.000', '10.000', '10'),
      },
    ],
  },
};

const fetchMock = vi.fn<typeof fetch>();
const posted: unknown[] = [];

beforeEach(() => {
  toastStore.set([]);
  posted.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/receiving/order/41/open') return jsonResponse(open);
    if (url.pathname === '/api/receiving/order/41/dispatch' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { lines: Array<{ quantity: string }> };
      posted.push(body);
      if (body.lines[0]?.quantity === '12') return jsonResponse(overOpen, 400, 'Bad Request');
      return jsonResponse({ ...order('dispatched'), _id: '77', key: 'GR-000077', model: 'reception' });
    }
    return jsonResponse(
      { message: 'Not found', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

const as = (user: SessionUser) => {
  resetSession(null);
  startSession('tok', user);
};

const render = (model: string, doc: DocumentResponse) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<ReceivingActionButton model={model} doc={doc} />} />
      <Route path="/reception/:id" element={<p data-testid="opened">reception</p>} />
    </Routes>,
    {
      config: testConfig({
        routes: [
          { path: '/reception', name: 'reception', view: 'model', meta: { model: 'reception', form: true } },
        ],
      }),
    },
  );

describe('receiving from an order', () => {
  it('shows Create dispatch to the supplier of a confirmed order, and Receive goods to the buyer', () => {
    as(supplierUser);
    const { unmount } = render('order', order('completed'));
    expect(screen.getByTestId('receiving-dispatch').textContent).toContain('Create dispatch');
    unmount();
    as(testUser());
    render('order', order('completed'));
    expect(screen.getByTestId('receiving-receipt').textContent).toContain('Receive goods');
  });

  it('shows nothing before the supplier confirmed, to another supplier, or on another model', () => {
    as(supplierUser);
    const first = render('order', order('erp-done'));
    expect(first.container.textContent).toBe('');
    first.unmount();
    const other = render('order', order('completed', { _id: 's-beta', name: 'Beta' }));
    expect(other.container.textContent).toBe('');
    other.unmount();
    as(testUser());
    expect(render('contract', { ...order('completed'), model: 'contract' }).container.textContent).toBe('');
  });

  it('sends the typed quantities, shows a refused line at its line, then opens the new dispatch', async () => {
    as(supplierUser);
    render('order', order('completed'));
    fireEvent.click(screen.getByTestId('receiving-dispatch'));
    const input = await screen.findByTestId('receiving-quantity-10');
    // a received line takes nothing more
    expect((screen.getByTestId('receiving-quantity-20') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('receiving-submit') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('receiving-delivery-note'), { target: { value: 'DN-1' } });
    fireEvent.click(screen.getByTestId('receiving-submit'));
    expect((await screen.findByTestId('receiving-error-10')).textContent).toBe(
      'The quantity 12.000 is more than the open quantity 10.000 of line 10.',
    );
    expect(posted[0]).toMatchObject({
      lines: [{ pos: 10, subpos: 0, quantity: '12' }],
      deliveryNote: 'DN-1',
      _version: 7,
    });

    fireEvent.change(input, { target: { value: '6,5' } });
    fireEvent.click(screen.getByTestId('receiving-submit'));
    expect(await screen.findByTestId('opened')).toBeTruthy();
    expect(posted[1]).toMatchObject({ lines: [{ pos: 10, subpos: 0, quantity: '6.5' }] });
    await waitFor(() =>
      expect(toastStore.get().map((m) => m.detail)).toContain('Dispatch GR-000077 created'),
    );
  });
});
