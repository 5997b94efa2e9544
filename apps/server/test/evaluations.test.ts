import { addDays, addMonths, type DocumentResponse, type DueEvaluations } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';
import { receivingApi } from './receiving-api.ts';

/**
 * Evaluations created when they fall due: an order evaluation when a receipt of the order is
 * posted, contract evaluations from the day a contract reaches erp-done and every N months after;
 * 'waiting evaluation' lists the receptions and the evaluations still open.
 */

let t: TestApp;
const r = receivingApi(() => t);
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const evaluationsOf = async (model: string, parent: string) =>
  (await r.ok(r.list('buyer', `/api/purchasing/${model}?parent=${encodeURIComponent(parent)}&l=200`))).items;
const ids = async (user: string, url: string) => (await r.ok(r.list(user, url))).items.map((d) => d._id);
const runDue = (user = 'admin') => r.api<DueEvaluations>(user, 'POST', '/api/evaluations/due');

describe('order evaluations', () => {
  it('fall due when a receipt of the order is posted, once per order, for its requester and buyer', async () => {
    const order = await r.confirmedOrder('Evaluated order');
    const receipt = await r.ok(r.receipt('buyer', order._id, { lines: [{ pos: 10, quantity: 5 }] }));
    const sent = await r.ok(r.move('buyer', 'reception', receipt, 'workflow'));
    expect(await evaluationsOf('order-evaluation', order.key!)).toEqual([]);
    await erpHand(t.app, t.conn.db, 'reception', sent);

    const [evaluation, ...more] = await evaluationsOf('order-evaluation', order.key!);
    expect(more).toEqual([]);
    const full = await r.ok(r.read('buyer', 'order-evaluation', evaluation!._id));
    expect(full).toMatchObject({
      _state: { current: 'created' },
      parent: order.key,
      period: today().slice(0, 7),
      description: 'Evaluated order',
      supplier: { name: 'Alfa Components Lda' },
    });
    expect((full.possibleEvaluators as Array<{ _id: string }>).map((u) => u._id)).toContain(
      order.requester?._id,
    );
    // a second receipt of the same order makes no second evaluation
    const second = await r.ok(r.receipt('buyer', order._id, { lines: [{ pos: 20, quantity: 1 }] }));
    await r.post(second);
    expect(await evaluationsOf('order-evaluation', order.key!)).toHaveLength(1);
    // suppliers never see evaluations
    expect((await r.list('supplier', '/api/purchasing/order-evaluation')).status).toBe(404);
  });

  it("'waiting evaluation' lists the receptions and the evaluation until the evaluation is completed", async () => {
    const order = await r.confirmedOrder('Waiting evaluation');
    const receipt = await r.post(
      await r.ok(r.receipt('buyer', order._id, { lines: [{ pos: 10, quantity: 1 }] })),
    );
    const [evaluation] = await evaluationsOf('order-evaluation', order.key!);
    expect(await ids('buyer', '/api/purchasing/reception?evaluation=due&l=200')).toContain(receipt._id);
    expect(await ids('buyer', '/api/purchasing/order-evaluation?evaluation=due&l=200')).toContain(
      evaluation!._id,
    );

    const open = await r.ok(r.read('requester', 'order-evaluation', evaluation!._id));
    const done = await r.ok(r.move('requester', 'order-evaluation', open, 'workflow'));
    expect(done._state.current).toBe('completed');
    expect(await ids('buyer', '/api/purchasing/reception?evaluation=due&l=200')).not.toContain(receipt._id);
    expect(await ids('buyer', '/api/purchasing/order-evaluation?evaluation=due&l=200')).not.toContain(
      evaluation!._id,
    );
  });
});

/** A C001 contract of Alfa for the next months, evaluated every `months`, released to erp-done. */
async function contractInForce(description: string, months: number): Promise<DocumentResponse> {
  const created = await r.ok(
    r.api('buyer', 'POST', '/api/purchasing/contract', {
      doc: { subtype: 'C001' },
      description,
      supplier: { _id: await r.alfaId() },
      currency: 'EUR',
      validFrom: '2025-01-01',
      validTo: addMonths(today(), 24),
      evaluationMonths: months,
      lines: [{ item: 'MAT-1000', description: 'Bolts', quantity: 1000, price: '2.4' }],
    }),
  );
  return r.release('contract', created);
}

describe('contract evaluations', () => {
  it('fall due when the contract reaches erp-done, then each period of N months once the last is over', async () => {
    const contract = await contractInForce('Evaluated every 3 months', 3);
    const first = await evaluationsOf('contract-evaluation', contract.key!);
    expect(first.map((e) => e.period)).toEqual([`${today()}|${addDays(addMonths(today(), 3), -1)}`]);
    expect(first[0]).toMatchObject({
      _state: { current: 'created' },
      supplier: { name: 'Alfa Components Lda' },
    });

    // nothing more is due while the period runs (other contracts in force may get their first)
    const quiet = await r.ok(runDue());
    expect(quiet.created.filter((e) => e.parent === contract.key)).toEqual([]);

    // the period began a year ago: the run catches up every period since, up to today's
    const from = addMonths(today(), -12);
    await sql`update documents set data = jsonb_set(data, '{period}', to_jsonb(${`${from}|${addDays(addMonths(from, 3), -1)}`}::text))
      where id = ${first[0]!._id}::bigint`.execute(t.conn.db);
    const caught = (await r.ok(runDue())).created.filter((e) => e.parent === contract.key);
    expect(caught.map((e) => e.period.split('|')[0])).toEqual([
      addMonths(from, 3),
      addMonths(from, 6),
      addMonths(from, 9),
      addMonths(from, 12),
    ]);
    expect(caught.every((e) => e.model === 'contract-evaluation' && /^CE-\d{6}$/.test(e.key))).toBe(true);
    expect((await r.ok(runDue())).created).toEqual([]);
    expect(await ids('buyer', '/api/purchasing/contract-evaluation?evaluation=due&l=200')).toEqual(
      expect.arrayContaining(caught.map((e) => e._id)),
    );

    // an expired contract is evaluated no more
    const expired = await r.ok(
      r.move('buyer', 'contract', await r.ok(r.read('buyer', 'contract', contract._id)), 'workflow'),
    );
    expect(expired._state.current).toBe('expired');
    await sql`update documents set data = jsonb_set(data, '{period}', to_jsonb('2020-01-01|2020-03-31'::text))
      where id = ${caught.at(-1)!._id}::bigint`.execute(t.conn.db);
    expect((await r.ok(runDue())).created.filter((e) => e.parent === contract.key)).toEqual([]);
  });

  it('the run is for administrators, and makes the evaluation of an order received without one', async () => {
    expect((await runDue('buyer')).status).toBe(403);
    expect((await runDue('supplier')).status).toBe(403);
    const order = await r.confirmedOrder('Evaluation lost');
    await r.post(await r.ok(r.receipt('buyer', order._id, { lines: [{ pos: 10, quantity: 2 }] })));
    const [lost] = await evaluationsOf('order-evaluation', order.key!);
    expect((await r.api('buyer', 'DELETE', `/api/purchasing/order-evaluation/${lost!._id}`)).status).toBe(
      200,
    );
    expect(await evaluationsOf('order-evaluation', order.key!)).toEqual([]);

    const run = await r.ok(runDue('manager'));
    expect(run.created.filter((e) => e.parent === order.key).map((e) => e.model)).toEqual([
      'order-evaluation',
    ]);
    expect(await evaluationsOf('order-evaluation', order.key!)).toHaveLength(1);
    expect((await r.ok(runDue())).created.filter((e) => e.parent === order.key)).toEqual([]);
  });
});
