import type { DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';
import { receivingApi } from './receiving-api.ts';

/**
 * Reversing a receipt (accept-return, reject-return), each reception transition allowed and
 * refused per role and state, and a goods receipt made with the generic form checked when posted.
 */

let t: TestApp;
const r = receivingApi(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A confirmed order fully received by one goods receipt (so closed by receiving). */
async function receivedOrder(description: string) {
  const order = await r.confirmedOrder(description);
  const receipt = await r.ok(
    r.receipt('buyer', order._id, {
      lines: [
        { pos: 10, quantity: 10 },
        { pos: 20, quantity: 4 },
      ],
    }),
  );
  const posted = await r.post(receipt);
  expect((await r.ok(r.read('buyer', 'order', order._id)))._state.current).toBe('closed');
  return { order, receipt: posted };
}

const refused = async (user: string, doc: DocumentResponse, action: string, comment?: string) => {
  const res = await r.move(user, 'reception', doc, action, comment);
  return res.status === 404 ? 404 : `${res.status} ${errorOf(res.body).key}`;
};

describe('reversing a receipt', () => {
  it('waits for the supplier: a rejected return needs a comment and keeps the quantities', async () => {
    const { order, receipt } = await receivedOrder('Reversal rejected');
    const waiting = await r.ok(r.move('buyer', 'reception', receipt, 'workflow', 'Wrong nuts delivered'));
    expect(waiting).toMatchObject({ _state: { current: 'reverse-wait' }, status: 'reverse-wait' });
    expect(await r.received(order._id)).toEqual({ 10: '10.000', 20: '4.000' });
    const offered = (await r.ok(r.read('supplier-user', 'reception', receipt._id)))._actions.transitions;
    expect(offered.map((o) => [o.name, o.commentRequired])).toEqual([
      ['accept-return', false],
      ['reject-return', true],
    ]);

    const silent = await r.move('supplier-user', 'reception', waiting, 'reject-return');
    expect(silent.status).toBe(400);
    expect(errorOf(silent.body).data.errors).toEqual([
      { field: 'comment', message: 'A comment is required.' },
    ]);
    const failed = await r.ok(
      r.move('supplier-user', 'reception', waiting, 'reject-return', 'The nuts are as ordered'),
    );
    expect(failed).toMatchObject({ _state: { current: 'reverse-fail' }, status: 'reverse-fail' });
    expect(await r.received(order._id)).toEqual({ 10: '10.000', 20: '4.000' });
    expect((await r.ok(r.read('buyer', 'order', order._id)))._state.current).toBe('closed');
  });

  it('gives the quantities back to the order lines when the supplier accepts the return', async () => {
    const { order, receipt } = await receivedOrder('Reversal accepted');
    let doc = await r.ok(r.move('buyer', 'reception', receipt, 'workflow'));
    doc = await r.ok(r.move('supplier', 'reception', doc, 'reject-return', 'Not ours'));
    // the buyer asks again, and this time the supplier takes the goods back
    doc = await r.ok(r.move('buyer', 'reception', doc, 'workflow'));
    expect(doc._state.current).toBe('reverse-wait');
    const reversed = await r.ok(r.move('supplier', 'reception', doc, 'accept-return'));
    expect(reversed).toMatchObject({ _state: { current: 'reversed' }, status: 'reverse' });
    expect(await r.received(order._id)).toEqual({ 10: '-', 20: '-' });
    // the order closed by receiving is open for goods again, no longer marked received
    const reopened = await r.ok(r.read('buyer', 'order', order._id));
    expect(reopened._state.current).toBe('completed');
    expect(reopened.receipt).toBeUndefined();
    const open = await r.ok(r.open('supplier', order._id));
    expect(open.lines.map((l) => l.open)).toEqual(['10.000', '4.000']);
    expect(open.action).toBe('dispatch');
  });
});

describe('reception transitions per role and state', () => {
  it('are offered to the roles of each step only', async () => {
    const order = await r.confirmedOrder('Transitions per role');
    const dispatch = await r.ok(r.dispatch('supplier', order._id, { lines: [{ pos: 10, quantity: 3 }] }));
    // dispatched: the buyer or requester receives, the supplier cannot; another supplier does not see it
    expect(await refused('supplier', dispatch, 'workflow')).toBe('409 workflow.not-available');
    expect(await refused('auditor', dispatch, 'workflow')).toBe('409 workflow.not-available');
    expect(await refused('supplier2', dispatch, 'close')).toBe(404);
    expect(await refused('buyer', dispatch, 'accept-return')).toBe('409 workflow.not-available');
    const erp = await r.ok(r.move('requester', 'reception', dispatch, 'workflow'));
    // erp: only the integration confirms; nobody edits what is being posted
    expect(await refused('buyer', erp, 'workflow')).toBe('409 workflow.not-available');
    expect(await refused('supplier', erp, 'close')).toBe('409 workflow.not-available');
    expect((await r.ok(r.read('buyer', 'reception', erp._id)))._permissions.edit).toBe(false);
    // the integration's step, no person's: not even an administrator is offered it
    expect(await refused('ihub-operator', erp, 'workflow')).toBe(404);
    expect(await refused('admin', erp, 'workflow')).toBe('409 workflow.not-available');
    const done = await erpHand(t.app, t.conn.db, 'reception', erp);
    // erp-done: the buyer asks for the reversal, neither the supplier nor the requester
    expect(await refused('supplier', done, 'workflow')).toBe('409 workflow.not-available');
    expect(await refused('requester', done, 'workflow')).toBe('409 workflow.not-available');
    expect(await refused('supplier', done, 'accept-return')).toBe('409 workflow.not-available');
    const waiting = await r.ok(r.move('buyer', 'reception', done, 'workflow'));
    // reverse-wait: the supplier decides, not the buyer; another supplier does not see it
    expect(await refused('buyer', waiting, 'accept-return')).toBe('409 workflow.not-available');
    expect(await refused('buyer', waiting, 'reject-return', 'no')).toBe('409 workflow.not-available');
    expect(await refused('supplier2', waiting, 'accept-return')).toBe(404);
    // a manager may decide for a supplier without portal users
    const reversed = await r.ok(r.move('manager', 'reception', waiting, 'accept-return'));
    expect(reversed._state.current).toBe('reversed');
    expect(reversed._actions.transitions).toEqual([]);
    expect(await refused('buyer', reversed, 'workflow')).toBe('409 workflow.not-available');
  });

  it('the ERP fails a posting with its reason; the buyer fixes the reception and posts it again', async () => {
    const order = await r.confirmedOrder('ERP failure');
    const receipt = await r.ok(r.receipt('buyer', order._id, { lines: [{ pos: 10, quantity: 2 }] }));
    const erp = await r.ok(r.move('buyer', 'reception', receipt, 'workflow'));
    // the two 'workflow' steps out of erp are the integration's: no person is offered either
    expect(erp._actions.transitions).toEqual([]);
    expect((await r.ok(r.read('admin', 'reception', erp._id)))._actions.transitions).toEqual([]);
    expect((await r.move('buyer', 'reception', erp, 'workflow', 'no', 'erp-fail')).status).toBe(409);
    expect((await r.move('admin', 'reception', erp, 'workflow', 'no', 'erp-fail')).status).toBe(409);
    const failed = await erpHand(t.app, t.conn.db, 'reception', erp, {
      to: 'erp-fail',
      comment: 'Plant is locked',
    });
    expect(failed).toMatchObject({ _state: { current: 'erp-fail' }, status: 'fail' });
    expect(await r.received(order._id)).toEqual({ 10: '-', 20: '-' });
    const full = await r.ok(r.read('buyer', 'reception', receipt._id));
    const fixed = await r.ok(
      r.api('buyer', 'PUT', `/api/purchasing/reception/${receipt._id}`, {
        ...full,
        lines: [{ ...full.lines![0], quantity: '3' }],
      }),
    );
    await r.post(fixed);
    expect(await r.received(order._id)).toEqual({ 10: '3.000', 20: '-' });
  });

  it('a buyer adjusts a dispatch to what arrived before receiving it; the supplier cannot edit it', async () => {
    const order = await r.confirmedOrder('Adjusted dispatch');
    const dispatch = await r.ok(r.dispatch('supplier', order._id, { lines: [{ pos: 10, quantity: 8 }] }));
    expect(dispatch._permissions.edit).toBe(false);
    const full = await r.ok(r.read('buyer', 'reception', dispatch._id));
    expect(full._permissions.edit).toBe(true);
    const adjusted = await r.ok(
      r.api('buyer', 'PUT', `/api/purchasing/reception/${dispatch._id}`, {
        ...full,
        lines: [{ ...full.lines![0], quantity: '7' }],
      }),
    );
    expect(adjusted._state.current).toBe('dispatched');
    // more than the order has open is refused when received, and nothing moves
    const over = await r.ok(
      r.api('buyer', 'PUT', `/api/purchasing/reception/${dispatch._id}`, {
        ...adjusted,
        lines: [{ ...adjusted.lines![0], quantity: '11' }],
      }),
    );
    const refusal = await r.move('buyer', 'reception', over, 'workflow');
    expect(refusal.status).toBe(400);
    expect(errorOf(refusal.body).data.errors[0]).toMatchObject({ field: 'quantity', line: { pos: 10 } });
    expect((await r.ok(r.read('buyer', 'reception', dispatch._id)))._state.current).toBe('dispatched');
  });
});

describe('a goods receipt of the generic form', () => {
  it('is checked against its order when posted and takes the order supplier', async () => {
    const order = await r.confirmedOrder('Generic form receipt');
    const draft = await r.ok(
      r.api('requester', 'POST', '/api/purchasing/reception', {
        description: 'Counted at the gate',
        reference: { order: order.key },
        receivedAt: '2026-05-10',
        // a client cannot make up its status or kind
        status: 'receive',
        lines: [{ pos: 10, item: 'MAT-1000', quantity: '12', price: '2.5' }],
      }),
    );
    expect(draft).toMatchObject({ doc: { subtype: 'GR' }, status: 'new', supplier: null });
    const over = await r.move('requester', 'reception', draft, 'workflow');
    expect(over.status).toBe(400);
    expect(errorOf(over.body).data.errors[0]?.message).toBe(
      'The quantity 12.000 is more than the open quantity 10.000 of line 10.',
    );
    const fixed = await r.ok(
      r.api('requester', 'PUT', `/api/purchasing/reception/${draft._id}`, {
        ...draft,
        lines: [{ ...draft.lines![0], quantity: '10' }],
      }),
    );
    const posted = await r.ok(r.move('requester', 'reception', fixed, 'workflow'));
    expect(posted).toMatchObject({ _state: { current: 'erp' }, supplier: { name: 'Alfa Components Lda' } });

    const wrong = await r.ok(
      r.api('requester', 'POST', '/api/purchasing/reception', {
        description: 'No such order',
        reference: { order: 'PO-999999' },
        receivedAt: '2026-05-10',
        lines: [{ pos: 10, item: 'MAT-1000', quantity: '1' }],
      }),
    );
    const unknown = await r.move('requester', 'reception', wrong, 'workflow');
    expect(errorOf(unknown.body).data.errors).toEqual([
      { field: 'reference.order', message: 'Order PO-999999 does not exist.' },
    ]);
  });

  it('a reception made before the two kinds existed (no subtype) is still edited', async () => {
    const drafts = await r.ok(r.list('requester', '/api/purchasing/reception?state=created&l=200'));
    const old = drafts.items.find((d) => d.description === 'Partial delivery of fittings')!;
    const full = await r.ok(r.read('requester', 'reception', old._id));
    expect(full.doc.subtype ?? null).toBeNull();
    const saved = await r.ok(
      r.api('requester', 'PUT', `/api/purchasing/reception/${old._id}`, {
        ...full,
        deliveryNote: 'GR-2026-0312',
      }),
    );
    expect(saved.deliveryNote).toBe('GR-2026-0312');
  });

  it('a client cannot write the received quantity of an order line', async () => {
    const created = await r.ok(
      r.api('buyer', 'POST', '/api/purchasing/order', {
        doc: { subtype: 'P001' },
        description: 'Forged consumption',
        supplier: { _id: await r.alfaId() },
        deliveryDate: '2026-12-15',
        lines: [{ item: 'MAT-1000', quantity: '10', price: '2.5', _cq: '10' }],
      }),
    );
    expect(created.lines?.[0]?._cq).toBeUndefined();
  });
});
