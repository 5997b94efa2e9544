import type { ModelConfigResponse, TimelineResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';
import { receivingApi } from './receiving-api.ts';

/**
 * Receiving through the real API: the supplier confirms or negotiates its orders, dispatches
 * against a confirmed one within the open quantities, the buyer receives it, and partial receipts
 * close the order line by line. Suppliers see receptions of their own orders only.
 */

let t: TestApp;
const r = receivingApi(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const receptionCount = async (user: string) =>
  (await r.ok(r.list(user, '/api/purchasing/reception?l=1&c=1'))).options.count;

describe('orders on the supplier side', () => {
  it('the supplier user confirms one order and negotiates another with a comment', async () => {
    const first = await r.sentOrder('Supplier side: confirm');
    const offered = (await r.ok(r.read('supplier-user', 'order', first._id)))._actions.transitions;
    expect(offered.map((o) => o.name).sort()).toEqual(['confirm', 'negotiate']);
    const confirmed = await r.ok(r.move('supplier-user', 'order', first, 'confirm'));
    expect(confirmed._state.current).toBe('completed');

    const second = await r.sentOrder('Supplier side: negotiate');
    const silent = await r.move('supplier-user', 'order', second, 'negotiate');
    expect(silent.status).toBe(400);
    expect(errorOf(silent.body).data.errors).toEqual([
      { field: 'comment', message: 'A comment is required.' },
    ]);
    const negotiated = await r.ok(
      r.move('supplier-user', 'order', second, 'negotiate', 'Price per unit is 2.40'),
    );
    expect(negotiated._state.current).toBe('negotiation');
    // in negotiation the supplier no longer confirms; the buyer does
    const again = await r.move('supplier-user', 'order', negotiated, 'confirm');
    expect(again.status).toBe(409);
    expect(errorOf(again.body).key).toBe('workflow.disabled');
    expect((await r.ok(r.move('buyer', 'order', negotiated, 'confirm')))._state.current).toBe('completed');
    // another supplier does not even see them
    expect((await r.read('supplier2', 'order', first._id)).status).toBe(404);
    expect((await r.move('supplier2', 'order', second, 'negotiate', 'x')).status).toBe(404);
  });

  it('labels the order, its received quantities and the supplier actions in en and pt', async () => {
    const pt = await r.ok(r.api<ModelConfigResponse>('supplier-user', 'GET', '/api/config/model/pt/order'));
    const en = await r.ok(r.api<ModelConfigResponse>('supplier-user', 'GET', '/api/config/model/en/order'));
    const label = (c: ModelConfigResponse, name: string) =>
      c.workflow?.transitions.find((x) => x.name === name)?.label;
    expect([label(en, 'confirm'), label(pt, 'confirm')]).toEqual(['Confirm', 'Confirmar']);
    expect([label(en, 'negotiate'), label(pt, 'negotiate')]).toEqual(['Negotiate', 'Negociar']);
    const receipt = (c: ModelConfigResponse) => c.form.fields.find((f) => f.src === 'receipt');
    expect([receipt(en)?.label, receipt(pt)?.label]).toEqual(['Receipt', 'Receção']);
    expect(receipt(en)?.type).toBe('icon_status');
    const lines = (c: ModelConfigResponse) =>
      c.form.fields.find((f) => f.src === 'lines')?.items as
        Array<{ src: string; label: string }> | undefined;
    expect(lines(pt)?.find((i) => i.src === '_cq')?.label).toBe('Quantidade recebida');
  });
});

describe('a supplier dispatch', () => {
  it("is refused for another supplier's order (404), before confirmation (409) and to a buyer (403)", async () => {
    const sent = await r.sentOrder('Dispatch refusals');
    const before = await receptionCount('buyer');
    const body = { lines: [{ pos: 10, quantity: 1 }] };
    expect((await r.dispatch('supplier2', sent._id, body)).status).toBe(404);
    const early = await r.dispatch('supplier', sent._id, body);
    expect(early.status).toBe(409);
    expect(errorOf(early.body).key).toBe('receiving.order-not-confirmed');
    const confirmed = await r.ok(r.move('supplier', 'order', sent, 'confirm'));
    expect((await r.dispatch('buyer', confirmed._id, body)).status).toBe(403);
    expect((await r.receipt('supplier', confirmed._id, body)).status).toBe(403);
    expect((await r.dispatch('supplier', confirmed._id, { ...body, _version: 1 })).status).toBe(409);
    // nothing was created by a refusal
    expect(await receptionCount('buyer')).toBe(before);
  });

  it('takes at most the open quantity of each line (400 naming the line), then it is on its way', async () => {
    const order = await r.confirmedOrder('Dispatch within the open quantity');
    const before = await receptionCount('buyer');
    const over = await r.dispatch('supplier-user', order._id, { lines: [{ pos: 10, quantity: '10.5' }] });
    expect(over.status).toBe(400);
    expect(errorOf(over.body).data.errors).toEqual([
      {
        field: 'quantity',
        line: { pos: 10, subpos: 0, key: 'MAT-1000' },
        message: 'The quantity 10.500 is more than the open quantity 10.000 of line 10.',
      },
    ]);
    const unknown = await r.dispatch('supplier-user', order._id, { lines: [{ pos: 99, quantity: 1 }] });
    expect(errorOf(unknown.body).data.errors[0]).toMatchObject({ field: 'pos', line: { pos: 99 } });
    expect((await r.dispatch('supplier-user', order._id, { lines: [] })).status).toBe(400);
    expect(await receptionCount('buyer')).toBe(before);

    const dispatch = await r.ok(
      r.dispatch('supplier-user', order._id, {
        lines: [{ pos: 10, quantity: '6' }],
        deliveryNote: 'DN-4711',
        date: '2026-05-04',
      }),
    );
    expect(dispatch).toMatchObject({
      doc: { type: 'reception', subtype: 'SD' },
      _state: { current: 'dispatched' },
      status: 'ship',
      reference: { order: order.key },
      supplier: { name: 'Alfa Components Lda' },
      deliveryNote: 'DN-4711',
      shippedAt: '2026-05-04',
      value: '18.45',
    });
    expect(dispatch.lines?.map((l) => [l.pos, l.item, l.quantity])).toEqual([[10, 'MAT-1000', '6.000']]);
    const open = await r.ok(r.open('supplier', order._id));
    expect(open.action).toBe('dispatch');
    expect(open.lines.map((l) => [l.pos, l.ordered, l.received, l.open])).toEqual([
      [10, '10.000', '0.000', '4.000'],
      [20, '4.000', '0.000', '4.000'],
    ]);
    // what is on its way is taken: a second dispatch cannot take it again
    expect((await r.dispatch('supplier', order._id, { lines: [{ pos: 10, quantity: 5 }] })).status).toBe(400);
    expect((await r.ok(r.open('buyer', order._id))).action).toBe('receipt');
    expect((await r.open('supplier2', order._id)).status).toBe(404);
    expect(await r.received(order._id)).toEqual({ 10: '-', 20: '-' });
  });

  it('two dispatches at once never both take the same open quantity', async () => {
    const order = await r.confirmedOrder('Concurrent dispatches');
    const body = { lines: [{ pos: 10, quantity: 6 }] };
    const [a, b] = await Promise.all([
      r.dispatch('supplier', order._id, body),
      r.dispatch('supplier-user', order._id, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect((await r.ok(r.open('supplier', order._id))).lines[0]?.open).toBe('4.000');
  });

  it('is received by the buyer, and partial receipts close the order line by line', async () => {
    const order = await r.confirmedOrder('Partial receipts');
    const dispatch = await r.ok(r.dispatch('supplier', order._id, { lines: [{ pos: 10, quantity: 6 }] }));
    // made and sent at once: both steps are on its timeline
    const timeline = await r.ok(
      r.api<TimelineResponse>('supplier', 'GET', `/api/communication/messages/reception/${dispatch._id}`),
    );
    expect(timeline.items.map((e) => e.state)).toEqual(['created', 'dispatched']);
    expect((await r.move('supplier', 'reception', dispatch, 'workflow')).status).toBe(409);
    const received = await r.ok(r.move('buyer', 'reception', dispatch, 'workflow'));
    expect(received).toMatchObject({ _state: { current: 'erp' }, status: 'wait' });
    expect(received.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // counted on the order once the ERP confirms the receipt
    expect(await r.received(order._id)).toEqual({ 10: '-', 20: '-' });
    const posted = await erpHand(t.app, t.conn.db, 'reception', received);
    expect(posted).toMatchObject({ _state: { current: 'erp-done' }, status: 'receive' });
    expect(await r.received(order._id)).toEqual({ 10: '6.000', 20: '-' });
    expect((await r.ok(r.read('buyer', 'order', order._id)))._state.current).toBe('completed');

    // the buyer receives the rest directly, in two partial receipts
    const rest = await r.ok(
      r.receipt('buyer', order._id, { lines: [{ pos: 10, quantity: 4 }], date: '2026-05-06' }),
    );
    expect(rest).toMatchObject({
      doc: { subtype: 'GR' },
      _state: { current: 'created' },
      receivedAt: '2026-05-06',
    });
    await r.post(rest);
    expect(await r.received(order._id)).toEqual({ 10: '10.000', 20: '-' });
    const nuts = await r.ok(r.receipt('requester', order._id, { lines: [{ pos: 20, quantity: '4' }] }));
    await r.post(nuts);
    expect(await r.received(order._id)).toEqual({ 10: '10.000', 20: '4.000' });
    const closed = await r.ok(r.read('supplier', 'order', order._id));
    expect(closed).toMatchObject({ _state: { current: 'closed' }, receipt: 'receive' });
    // a closed order takes no more goods, and its received lines keep it from being deleted
    expect((await r.dispatch('supplier', order._id, { lines: [{ pos: 10, quantity: 1 }] })).status).toBe(409);
    expect((await r.ok(r.open('supplier', order._id))).action).toBeNull();
    // the buyer archives it; the supplier does not
    expect((await r.move('supplier', 'order', closed, 'workflow')).status).toBe(409);
    expect((await r.ok(r.move('buyer', 'order', closed, 'workflow')))._state.current).toBe('archived');
  });

  it('can be closed by its supplier or the buyer when it will not be received, freeing the quantity', async () => {
    const order = await r.confirmedOrder('Closed dispatch');
    const dispatch = await r.ok(r.dispatch('supplier', order._id, { lines: [{ pos: 20, quantity: 4 }] }));
    expect((await r.ok(r.open('supplier', order._id))).lines[1]?.open).toBe('0.000');
    const closed = await r.ok(r.move('supplier', 'reception', dispatch, 'close'));
    expect(closed).toMatchObject({ _state: { current: 'closed' }, status: 'block' });
    expect((await r.ok(r.open('supplier', order._id))).lines[1]?.open).toBe('4.000');
  });
});

describe('who sees receptions', () => {
  it("a supplier its own dispatch from creation, a buyer's goods receipt from when it is posted, never another's", async () => {
    const order = await r.confirmedOrder('Reception visibility');
    const dispatch = await r.ok(r.dispatch('supplier', order._id, { lines: [{ pos: 10, quantity: 2 }] }));
    const receipt = await r.ok(r.receipt('buyer', order._id, { lines: [{ pos: 20, quantity: 1 }] }));
    const ids = async (user: string) =>
      (await r.ok(r.list(user, '/api/purchasing/reception?l=200'))).items.map((d) => d._id);

    expect((await r.read('supplier-user', 'reception', dispatch._id)).status).toBe(200);
    expect((await r.read('supplier', 'reception', receipt._id)).status).toBe(404);
    expect(await ids('supplier')).toContain(dispatch._id);
    expect(await ids('supplier')).not.toContain(receipt._id);
    for (const id of [dispatch._id, receipt._id]) {
      expect((await r.read('supplier2', 'reception', id)).status).toBe(404);
      expect(await ids('supplier2')).not.toContain(id);
    }

    const posted = await r.ok(r.move('buyer', 'reception', receipt, 'workflow'));
    expect((await r.read('supplier', 'reception', receipt._id)).status).toBe(200);
    expect((await r.read('supplier2', 'reception', receipt._id)).status).toBe(404);
    await erpHand(t.app, t.conn.db, 'reception', posted);
    expect(await ids('supplier')).toContain(receipt._id);
    expect(await ids('supplier2')).not.toContain(receipt._id);
  });
});
