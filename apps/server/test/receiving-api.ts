import type { DocumentList, DocumentResponse, OpenQuantities } from '@p2p/domain';
import { expect } from 'vitest';
import { call, signIn, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';

/**
 * The receiving and evaluation tests through the real API: demo users by name, orders of Alfa
 * Components Lda (the 'supplier' and 'supplier-user' demo users' company) released to the supplier
 * the way the product does it (approval, ERP), confirmed, and the receiving calls.
 */
export function receivingApi(t: () => TestApp) {
  const tokens: Record<string, string> = {};
  const token = async (user: string) => (tokens[user] ??= (await signIn(t().app, user)).token);

  const api = async <T = DocumentResponse>(
    user: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => call<T>(t().app, method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });

  /** Any 2xx, else the failure with its body. */
  const ok = async <T = DocumentResponse>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  /** One workflow action on a document at the version held. */
  const move = (
    user: string,
    model: string,
    doc: DocumentResponse,
    action: string,
    comment?: string,
    to?: string,
  ) =>
    api(user, 'POST', `/api/purchasing/${model}/${doc._id}/workflow`, {
      action,
      _version: doc._version,
      ...(comment !== undefined ? { comment } : {}),
      ...(to !== undefined ? { to } : {}),
    });

  let alfa: string | undefined;
  async function alfaId(): Promise<string> {
    if (alfa) return alfa;
    const found = await ok(
      api<{ items: Array<{ _id: string }> }>('buyer', 'GET', '/api/reference/supplier?q=Alfa'),
    );
    return (alfa = found.items[0]!._id);
  }

  /** Submitted, approved, sent to the ERP and confirmed by it: the document is sent to its supplier. */
  async function release(model: 'order' | 'contract', doc: DocumentResponse): Promise<DocumentResponse> {
    doc = await ok(move('buyer', model, doc, 'submit-approval'));
    // the demo rules: orders under 50,000 EUR by a manager; contracts by a manager, then the director
    for (const approver of ['manager', 'director'])
      if (doc._state.current === 'approval') doc = await ok(move(approver, model, doc, 'approve'));
    doc = await ok(move('buyer', model, doc, 'workflow'));
    doc = await erpHand(t().app, t().conn.db, model, doc);
    expect(doc._state.current).toBe('erp-done');
    return doc;
  }

  /** A P001 order of Alfa in erp-done: line 10 of 10 bolts, line 20 of 4 nuts. */
  async function sentOrder(description: string): Promise<DocumentResponse> {
    const created = await ok(
      api('buyer', 'POST', '/api/purchasing/order', {
        doc: { subtype: 'P001' },
        description,
        supplier: { _id: await alfaId() },
        deliveryDate: '2026-12-15',
        lines: [
          { item: 'MAT-1000', description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } },
          { item: 'MAT-1001', description: 'Nuts', quantity: '4', price: '1.25', tax: { key: 'IVA23' } },
        ],
      }),
    );
    return release('order', created);
  }

  /** sentOrder, confirmed by the supplier user. */
  async function confirmedOrder(description: string): Promise<DocumentResponse> {
    const sent = await sentOrder(description);
    const confirmed = await ok(move('supplier-user', 'order', sent, 'confirm'));
    expect(confirmed._state.current).toBe('completed');
    return confirmed;
  }

  return {
    token,
    api,
    ok,
    move,
    alfaId,
    release,

    sentOrder,
    confirmedOrder,

    read: (user: string, model: string, id: string) => api(user, 'GET', `/api/purchasing/${model}/${id}`),
    open: (user: string, orderId: string) =>
      api<OpenQuantities>(user, 'GET', `/api/receiving/order/${orderId}/open`),
    dispatch: (user: string, orderId: string, body: unknown) =>
      api(user, 'POST', `/api/receiving/order/${orderId}/dispatch`, body),
    receipt: (user: string, orderId: string, body: unknown) =>
      api(user, 'POST', `/api/receiving/order/${orderId}/receipt`, body),
    list: (user: string, url: string) => api<DocumentList>(user, 'GET', url),

    /** The received quantity (_cq) of each order line, by pos ('-' for none). */
    async received(orderId: string): Promise<Record<number, string>> {
      const order = await ok(api('buyer', 'GET', `/api/purchasing/order/${orderId}`));
      return Object.fromEntries((order.lines ?? []).map((l) => [Number(l.pos), String(l._cq ?? '-')]));
    },

    /** Posted by the buyer (post or receive) and confirmed by the ERP. */
    async post(reception: DocumentResponse): Promise<DocumentResponse> {
      const sent = await ok(move('buyer', 'reception', reception, 'workflow'));
      expect(sent._state.current).toBe('erp');
      const done = await erpHand(t().app, t().conn.db, 'reception', sent);
      expect(done._state.current).toBe('erp-done');
      return done;
    },
  };
}

export type ReceivingApi = ReturnType<typeof receivingApi>;
