import type { DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpWorker } from '../src/erp/erp.worker.ts';
import type { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { erpRig } from './erp-rig.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';
import { orderFlow } from './order-flow.ts';

/**
 * A goods receipt's reversal reaches the ERP: the supplier's acceptance of the return queues a
 * `goods-receipt.reverse` message; the ERP posts the reversal (102, 49...) and the reception reads
 * 'reverse'; an ERP refusal moves it to reverse-fail with the ERP's message and its quantities
 * count on the order again.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let worker: ErpWorker;
const tokens = new Map<string, string>();
const token = async (u: string) =>
  tokens.get(u) ?? (tokens.set(u, (await signIn(t.app, u)).token), tokens.get(u)!);
const flow = orderFlow(() => t.app, token);

type Reception = DocumentResponse & {
  status?: string;
  _erp?: { answer?: { key: string; year: string }; reversal?: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ sim, worker } = await erpRig(t, { backoffMs: 5, maxBackoffMs: 20 }));
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

async function drain() {
  for (let i = 0; i < 50; i++) if ((await worker.tick()) === 0) return;
}
const read = async (model: string, id: string) =>
  (await call<Reception>(t.app, 'GET', `/api/purchasing/${model}/${id}`, { token: await token('buyer') }))
    .body;
const move = async (user: string, doc: DocumentResponse, action: string, comment?: string) => {
  const res = await call<Reception>(t.app, 'POST', `/api/purchasing/reception/${doc._id}/workflow`, {
    token: await token(user),
    body: { action, _version: doc._version, ...(comment ? { comment } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const received = async (orderId: string) =>
  ((await read('order', orderId)).lines ?? []).map((l) => String(l._cq ?? '-'));

/** An order in the ERP, confirmed by its supplier, with a receipt of 4 posted in the ERP (50...). */
async function postedReceipt(description: string) {
  let order = await flow.newOrder(description);
  order = await flow.move('buyer', order, 'submit-approval');
  order = await flow.move('manager', order, 'approve');
  order = await flow.move('buyer', order, 'workflow', { to: 'erp' });
  await drain();
  order = await flow.move('supplier', await read('order', order._id), 'confirm');
  const made = await call<Reception>(t.app, 'POST', `/api/receiving/order/${order._id}/receipt`, {
    token: await token('buyer'),
    body: { lines: [{ pos: 10, quantity: '4' }], _version: order._version },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  await move('buyer', made.body, 'workflow');
  await drain();
  const receipt = await read('reception', made.body._id);
  expect(receipt).toMatchObject({ _state: { current: 'erp-done' }, status: 'receive' });
  expect(receipt.key).toMatch(/^50\d{8}$/);
  return { order, receipt };
}

describe('goods-receipt reversal in the ERP', () => {
  it('the accepted return is reversed in the ERP (102, 49...): reverse-wait, then reverse', async () => {
    const { order, receipt } = await postedReceipt('ERP reversal');
    const waiting = await move('buyer', receipt, 'workflow');
    expect(waiting).toMatchObject({ _state: { current: 'reverse-wait' }, status: 'reverse-wait' });
    // nothing reaches the ERP before the supplier takes the goods back
    await drain();
    expect(
      sim.store.set('A_MaterialDocumentHeader').get(receipt.key!)!.data.ReversedByDocument,
    ).toBeUndefined();

    const accepted = await move('supplier', waiting, 'accept-return');
    expect(accepted).toMatchObject({
      _state: { current: 'reversed' },
      status: 'reverse-wait',
      _erp: { reversal: { status: 'queued' } },
    });
    expect(await received(order._id)).toEqual(['-']);
    await drain();

    const done = await read('reception', receipt._id);
    const original = sim.store.set('A_MaterialDocumentHeader').get(receipt.key!)!;
    expect(original.data.ReversedByDocument).toMatch(/^49\d{8}$/);
    expect(done).toMatchObject({
      _state: { current: 'reversed' },
      status: 'reverse',
      _erp: { reversal: { status: 'done', key: original.data.ReversedByDocument, year: original.year } },
    });
    const log = await call<{
      items: Array<{ interface: string; status: string; document: { _id: string } }>;
    }>(t.app, 'GET', '/api/ihub/log/reception', { token: await token('ihub-operator') });
    expect(
      log.body.items.filter((m) => m.document?._id === receipt._id).map((m) => [m.interface, m.status]),
    ).toEqual([
      ['goods-receipt.reverse', 'done'],
      ['goods-receipt.post', 'done'],
    ]);
  });

  it('an ERP refusal moves the reception to reverse-fail with its message; the receipt counts again', async () => {
    const { order, receipt } = await postedReceipt('ERP reversal refused');
    const waiting = await move('buyer', receipt, 'workflow');
    await move('supplier', waiting, 'accept-return');
    expect(await received(order._id)).toEqual(['-']);
    // someone reversed the material document in the ERP itself: the ERP refuses a second reversal
    sim.store.set('A_MaterialDocumentHeader').get(receipt.key!)!.data.ReversedByDocument = '4999999999';
    await drain();

    const failed = await read('reception', receipt._id);
    expect(failed).toMatchObject({
      _state: { current: 'reverse-fail' },
      status: 'reverse-fail',
      _erp: {
        reversal: {
          status: 'failed',
          errors: [
            expect.objectContaining({
              code: 'M7/156',
              message: expect.stringContaining('already been reversed'),
            }),
          ],
        },
      },
    });
    expect(await received(order._id)).toEqual(['4.000']);
    // the buyer may ask again (reverse-fail -> reverse-wait), as after a supplier's refusal
    const again = await move('buyer', failed, 'workflow');
    expect(again._state.current).toBe('reverse-wait');
  });
});
