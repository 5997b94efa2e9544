import { type ReportQueryRequest } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import { buildFixture, countBy, counts, reportCalls, sumOf, type Fixture } from './reporting-data.ts';

/**
 * System pipelines against a known set of orders (reporting-data.ts): every stage, and the refusal
 * of anything that is not a field of the source, a supported stage or a plain value (fields,
 * names, operators and values that try to reach the SQL), and of fields hidden from the caller.
 */

let t: TestApp;
let fx: Fixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  fx = await buildFixture(t);
  for (const role of ['buyer', 'requester']) tokens[role] = (await signIn(t.app, role)).token;
}, 60_000);
afterAll(() => t?.close());

const { result, items, user, pipeline } = reportCalls(() => ({ t, fx, tokens }));

describe('system pipelines', () => {
  const alfa = () => fx.orders.filter((o) => o.supplier === 'alfa');

  it('$match (equality, $in, $gt, $gte, $lt, $lte, $ne) then $group counting', async () => {
    const values = fx.orders.map((o) => Number(o.value)).sort((a, b) => a - b);
    const mid = values[6]!;
    const cases: Array<[Record<string, unknown>, (o: Fixture['orders'][number]) => boolean]> = [
      [{ '_state.current': 'closed' }, (o) => o.state === 'closed'],
      [
        { '_state.current': { $in: ['created', 'approval'] } },
        (o) => ['created', 'approval'].includes(o.state),
      ],
      [{ value: { $gt: mid } }, (o) => Number(o.value) > mid],
      [{ value: { $gte: mid } }, (o) => Number(o.value) >= mid],
      [{ value: { $lt: String(mid) } }, (o) => Number(o.value) < mid],
      [{ value: { $lte: mid } }, (o) => Number(o.value) <= mid],
      [{ plant: { $ne: 'pt-porto' } }, (o) => o.plant !== 'pt-porto'],
      [
        { '_state.created.ts': { $gte: '2025-03-16', $lt: '2025-05-01T00:00:00Z' } },
        (o) => o.created >= new Date('2025-03-16') && o.created < new Date('2025-05-01'),
      ],
    ];
    for (const [match, keep] of cases) {
      const list = await items(
        pipeline([{ $match: match }, { $group: { _id: '$supplier', n: { $sum: 1 } } }]),
      );
      const expected = countBy(fx.orders.filter(keep), (o) => o.supplierId);
      expect(counts(list, '_id', 'n'), JSON.stringify(match)).toEqual(Object.fromEntries(expected));
    }
  });

  it('$group accumulators $sum, $avg, $min, $max, $count, $last, with compound keys and $dateTrunc', async () => {
    const list = await items(
      pipeline([
        { $match: { supplier: fx.suppliers.alfa } },
        {
          $group: {
            _id: {
              supplier: '$supplier',
              year: { $dateTrunc: { date: '$_state.created.ts', unit: 'year' } },
            },
            total: { $sum: '$value' },
            avg: { $avg: '$value' },
            low: { $min: '$value' },
            high: { $max: '$value' },
            n: { $count: {} },
            last: { $last: '$_state.current' },
          },
        },
        { $sort: { total: -1 } },
      ]),
    );
    const byYear = new Map<number, Fixture['orders']>();
    for (const o of alfa())
      byYear.set(o.created.getUTCFullYear(), [...(byYear.get(o.created.getUTCFullYear()) ?? []), o]);
    expect(list).toHaveLength(byYear.size);
    for (const item of list) {
      const id = item._id as Record<string, unknown>;
      const mine = byYear.get(new Date(String(id.year)).getUTCFullYear())!;
      const cents = mine.map((o) => Math.round(Number(o.value) * 100));
      expect(id.supplier).toBe(fx.suppliers.alfa);
      expect(id.supplier_name).toBe('Alfa Components Lda');
      expect(item).toMatchObject({
        total: sumOf(mine.map((o) => o.value)),
        avg: (Math.round(cents.reduce((a, b) => a + b, 0) / mine.length) / 100).toFixed(2),
        low: (Math.min(...cents) / 100).toFixed(2),
        high: (Math.max(...cents) / 100).toFixed(2),
        n: mine.length,
        last: [...mine].sort((a, b) => b.created.getTime() - a.created.getTime())[0]!.state,
      });
    }
    expect(list.map((i) => Number(i.total))).toEqual(list.map((i) => Number(i.total)).sort((a, b) => b - a));
  });

  it('$match after $group, $project renames, $sort and $limit', async () => {
    const list = await items(
      pipeline([
        { $group: { _id: '$_state.current', n: { $sum: 1 }, total: { $sum: '$value' } } },
        { $match: { n: { $gte: 3 } } },
        { $project: { state: '$_id', orders: '$n', _id: 0 } },
        { $sort: { orders: -1, state: 1 } },
        { $limit: 2 },
      ]),
    );
    const expected = [...countBy(fx.orders, (o) => o.state)]
      .filter(([, n]) => n >= 3)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 2)
      .map(([state, orders]) => ({ state, orders }));
    expect(list.map(({ _filter: _f, ...rest }) => rest)).toEqual(expected);
  });

  it('$unwind of the lines, and $count with and without $group', async () => {
    const lines = fx.orders.flatMap((o) => o.lines);
    const list = await items(
      pipeline([{ $unwind: '$lines' }, { $group: { _id: '$lines.item', q: { $sum: '$lines.quantity' } } }]),
    );
    const qty = new Map<string, number>();
    for (const l of lines) qty.set(l.item, (qty.get(l.item) ?? 0) + Number(l.quantity));
    expect(Object.fromEntries(list.map((i) => [i._id, Number(i.q)]))).toEqual(Object.fromEntries(qty));
    const docs = await items(pipeline([{ $match: { plant: 'pt-porto' } }, { $count: 'orders' }]));
    expect(docs).toEqual([
      {
        orders: fx.orders.filter((o) => o.plant === 'pt-porto').length,
        _filter: expect.stringContaining('plant=pt-porto'),
      },
    ]);
    const groups = await items(pipeline([{ $group: { _id: '$_state.current' } }, { $count: 'states' }]));
    expect(groups[0]!.states).toBe(new Set(fx.orders.map((o) => o.state)).size);
    expect((await items(pipeline([{ $unwind: '$lines' }, { $count: 'n' }])))[0]!.n).toBe(lines.length);
  });

  it('refuses a pipeline without $group or $count, and names of its own it does not compute', async () => {
    for (const stages of [
      [{ $match: { plant: 'pt-porto' } }],
      [{ $group: { _id: '$plant' } }, { $sort: { nothing: 1 } }],
      [{ $group: { _id: '$plant' } }, { $project: { x: '$nothing' } }],
      [{ $group: { _id: '$plant', n: { $sum: 1 } } }, { $match: { missing: 1 } }],
      [{ $unwind: '$lines' }, { $group: { _id: null, s: { $sum: '$lines.item' } } }],
    ]) {
      const res = await result(pipeline(stages));
      expect(res.status, JSON.stringify(stages)).toBe(400);
      expect(errorOf(res.body).data.errors[0]!.field).toMatch(/^aggregation\.pipeline/);
    }
  });
});

describe('nothing but fields, stages and values reaches the SQL', () => {
  const documentCount = async () =>
    Number(
      (await sql<{ n: string }>`select count(*)::text as n from documents`.execute(t.conn.db)).rows[0]!.n,
    );

  it('refuses made-up fields in group-bys, metrics, filters and pipelines (400, the error shape)', async () => {
    const before = await documentCount();
    const attempts: ReportQueryRequest[] = [
      user({ groupBy: [{ field: 'value; drop table documents; --' }] }),
      user({ groupBy: [{ field: "supplier') or ('1'='1" }] }),
      user({ groupBy: [{ field: '__proto__' }] }),
      user({ groupBy: [{ field: 'data' }] }),
      user({ metrics: [{ function: 'sum', field: 'd.value' }] }),
      {
        ...user({ metrics: [{ function: 'count' }] }),
        params: { filters: { "description') or 1=1 --": 'x' } },
      },
      { ...user({ metrics: [{ function: 'count' }] }), model: 'order; select 1' },
      pipeline([{ $group: { _id: '$pg_sleep', n: { $sum: 1 } } }]),
      pipeline([{ $match: { '_state.current': { $where: 'true' } } }, { $count: 'n' }]),
      pipeline([{ $lookup: { from: 'users', as: 'u' } }]),
      pipeline([{ $group: { _id: '$supplier', 'n; drop': { $sum: 1 } } }]),
      pipeline([{ $match: { value: { $gt: '1 or 1=1' } } }, { $count: 'n' }]),
      pipeline([{ $match: { '_state.created.ts': { $gt: "2025-01-01'; --" } } }, { $count: 'n' }]),
    ];
    for (const body of attempts) {
      const res = await result(body);
      expect([400, 404], JSON.stringify(body)).toContain(res.status);
      const err = errorOf(res.body);
      expect(err._status).toBe(res.status);
    }
    expect(await documentCount()).toBe(before);
  });

  it('takes a quote or SQL in a value as data: it matches nothing', async () => {
    for (const value of ["x' or '1'='1", "closed'); delete from documents; --", '%', '\\']) {
      const list = await items(pipeline([{ $match: { '_state.current': value } }, { $count: 'n' }]));
      expect(list[0]!.n, value).toBe(0);
      const inList = await items(
        pipeline([{ $match: { '_state.current': { $in: [value, 'closed'] } } }, { $count: 'n' }]),
      );
      expect(inList[0]!.n).toBe(fx.orders.filter((o) => o.state === 'closed').length);
    }
  });

  it('refuses a field hidden from the caller as if it did not exist', async () => {
    const body = user({ groupBy: [{ field: 'supplierNotes' }], metrics: [{ function: 'count' }] });
    expect((await result(body, 'buyer')).status).toBe(200);
    const hidden = await result(body, 'requester');
    expect(hidden.status).toBe(400);
    expect(errorOf(hidden.body).message).toBe("Field 'supplierNotes' is not available in order.");
    const inPipeline = await result(
      pipeline([{ $match: { supplierNotes: 'x' } }, { $count: 'n' }]),
      'requester',
    );
    expect(errorOf(inPipeline.body).message).toBe("Field 'supplierNotes' is not available in order.");
    expect(JSON.stringify(hidden.body)).not.toContain(fx.tag);
  });
});
