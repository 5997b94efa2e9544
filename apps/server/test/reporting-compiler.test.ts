import { INTERVALS, type ReportQueryRequest, type ReportResult } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import { bucketOf, buildFixture, countBy, sumOf, type Fixture } from './reporting-data.ts';

/**
 * The report compiler against a known set of orders (reporting-data.ts): every interval, metric,
 * sort, limit and rollup of user queries, every stage of system pipelines, and the refusal of
 * anything that is not a field of the source, a supported stage or a plain value.
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

type Item = Record<string, unknown>;

async function result(body: ReportQueryRequest, role = 'buyer') {
  return call<ReportResult>(t.app, 'POST', '/api/reporting/query/result', { token: tokens[role], body });
}
async function items(body: ReportQueryRequest, role = 'buyer'): Promise<Item[]> {
  const res = await result(body, role);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}
const user = (aggregation: ReportQueryRequest['aggregation'], model = 'order'): ReportQueryRequest => ({
  name: 'Compiler',
  model,
  tr: { _id: 'all' },
  params: { filters: { description: fx.tag } },
  aggregation,
});
const pipeline = (stages: unknown[], model = 'order'): ReportQueryRequest => ({
  ...user({ pipeline: JSON.stringify(stages) }, model),
  type: 'system-query',
});
const counts = (list: Item[], key: string, value = 'count') =>
  Object.fromEntries(list.map((i) => [String(i[key]), i[value]]));

describe('user queries', () => {
  it('groups a date by every interval from 1 second to 1 year', async () => {
    for (const interval of INTERVALS) {
      const list = await items(
        user({
          groupBy: [{ field: '_state.created.ts', interval: interval._id }],
          metrics: [{ function: 'count' }],
        }),
      );
      const expected = countBy(fx.orders, (o) => bucketOf(o.created, interval._id));
      expect(counts(list, '_state_created_ts'), interval._id).toEqual(Object.fromEntries(expected));
      // ascending buckets
      const keys = list.map((i) => String(i._state_created_ts));
      expect(keys).toEqual([...keys].sort());
    }
  });

  it('computes count, sum, average, minimum, maximum and latest per group', async () => {
    const list = await items(
      user({
        groupBy: [{ field: 'supplier' }],
        metrics: [
          { function: 'count' },
          { function: 'sum', field: 'value' },
          { function: 'average', field: 'value' },
          { function: 'minimum', field: 'value' },
          { function: 'maximum', field: 'value' },
          { function: 'latest', field: 'value' },
          { function: 'minimum', field: '_state.created.ts' },
          { function: 'maximum', field: '_state.created.ts' },
          { function: 'latest', field: '_state.current' },
          { function: 'count', field: 'supplierNotes' },
        ],
      }),
    );
    expect(list).toHaveLength(2);
    for (const side of ['alfa', 'beta'] as const) {
      const mine = fx.orders.filter((o) => o.supplier === side);
      const item = list.find((i) => i.supplier_id === fx.suppliers[side])!;
      const cents = mine.map((o) => Math.round(Number(o.value) * 100));
      const newest = [...mine].sort((a, b) => b.created.getTime() - a.created.getTime())[0]!;
      expect(item).toMatchObject({
        supplier: side === 'alfa' ? 'Alfa Components Lda' : 'Beta Logistics SA',
        count: mine.length,
        sum_value: sumOf(mine.map((o) => o.value)),
        average_value: (Math.round(cents.reduce((a, b) => a + b, 0) / mine.length) / 100).toFixed(2),
        minimum_value: (Math.min(...cents) / 100).toFixed(2),
        maximum_value: (Math.max(...cents) / 100).toFixed(2),
        latest_value: newest.value,
        minimum__state_created_ts: new Date(Math.min(...mine.map((o) => o.created.getTime()))).toISOString(),
        maximum__state_created_ts: newest.created.toISOString(),
        latest__state_current: newest.state,
        count_supplierNotes: mine.length,
      });
    }
  });

  it('sorts by metrics and group fields in the order given; a stale sort is dropped', async () => {
    const byState = countBy(fx.orders, (o) => o.state);
    const list = await items(
      user({
        groupBy: [{ field: '_state.current' }],
        metrics: [{ function: 'count' }],
        sort: [
          { field: 'count', direction: 'desc' },
          { field: '_state.current', direction: 'desc' },
          { field: 'supplier', direction: 'asc' },
        ],
      }),
    );
    const expected = [...byState].sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0])).map(([s]) => s);
    expect(list.map((i) => i._state_current)).toEqual(expected);
    const asc = await items(
      user({ groupBy: [{ field: '_state.current' }], metrics: [{ function: 'count' }] }),
    );
    expect(asc.map((i) => i._state_current)).toEqual([...byState.keys()].sort());
  });

  it('keeps the top values of a limited group-by, alone and beside another group', async () => {
    const top = await items(
      user({ groupBy: [{ field: 'supplier', limit: 1 }], metrics: [{ function: 'count' }] }),
    );
    expect(top.map((i) => i.supplier_id)).toEqual([fx.suppliers.alfa]);
    const both = await items(
      user({
        groupBy: [{ field: 'supplier', limit: 1 }, { field: '_state.current' }],
        metrics: [{ function: 'sum', field: 'value' }],
      }),
    );
    // ranked by the first metric (the sum of value), not by the number of orders
    const sums = (['alfa', 'beta'] as const).map(
      (s) => [s, Number(sumOf(fx.orders.filter((o) => o.supplier === s).map((o) => o.value)))] as const,
    );
    const first = [...sums].sort((a, b) => b[1] - a[1])[0]![0];
    expect(new Set(both.map((i) => i.supplier_id))).toEqual(new Set([fx.suppliers[first]]));
    const mine = fx.orders.filter((o) => o.supplier === first);
    expect(both).toHaveLength(new Set(mine.map((o) => o.state)).size);
  });

  it('pivots column group-bys and rolls the columns up into totals per row', async () => {
    const res = await result(
      user({
        groupBy: [{ field: 'supplier' }, { field: '_state.current', direction: 'column' }],
        metrics: [{ function: 'count' }, { function: 'sum', field: 'value' }],
        rollupColumns: true,
      }),
    );
    expect(res.status).toBe(200);
    const states = [...new Set(fx.orders.map((o) => o.state))].sort();
    const cells = res.body.fields.filter((f) => f.column !== null);
    expect(cells.map((f) => f.column)).toEqual(states.flatMap((s) => [s, s]));
    for (const side of ['alfa', 'beta'] as const) {
      const mine = fx.orders.filter((o) => o.supplier === side);
      const item = res.body.items.find((i) => i.supplier_id === fx.suppliers[side])!;
      for (const [i, state] of states.entries()) {
        const n = mine.filter((o) => o.state === state).length;
        expect(item[`count__c${cells[2 * i]!.src.split('__c')[1]}`] ?? 0).toBe(n);
      }
      expect(item.count__total).toBe(mine.length);
      expect(item.sum_value__total).toBe(sumOf(mine.map((o) => o.value)));
    }
    // without a pivot, the rolled-up columns are a total row
    const flat = await items(
      user({ groupBy: [{ field: 'plant' }], metrics: [{ function: 'count' }], rollupColumns: true }),
    );
    expect(flat.at(-1)).toMatchObject({ _total: true, count: fx.orders.length });
    expect(flat.slice(0, -1).reduce((n, i) => n + Number(i.count), 0)).toBe(fx.orders.length);
  });

  it('leaves out empty values unless skipEmpty is false', async () => {
    const agg = (skipEmpty: boolean): ReportQueryRequest['aggregation'] => ({
      groupBy: [{ field: 'reference.contract', skipEmpty }],
      metrics: [{ function: 'count' }],
    });
    expect(await items(user(agg(true)))).toEqual([]);
    expect(await items(user(agg(false)))).toMatchObject([
      { reference_contract: null, count: fx.orders.length, _filter: null },
    ]);
  });

  it('reports over lines: top items by quantity', async () => {
    const lines = fx.orders.flatMap((o) => o.lines);
    const list = await items(
      user(
        {
          groupBy: [{ field: 'lines.item', limit: 2 }],
          metrics: [{ function: 'sum', field: 'lines.quantity' }, { function: 'count' }],
          sort: [{ field: 'sum_lines_quantity', direction: 'desc' }],
        },
        'order-lines',
      ),
    );
    const qty = new Map<string, number>();
    for (const l of lines) qty.set(l.item, (qty.get(l.item) ?? 0) + Number(l.quantity));
    const expected = [...qty].sort((a, b) => b[1] - a[1]).slice(0, 2);
    expect(list.map((i) => [i.lines_item, Number(i.sum_lines_quantity)])).toEqual(expected);
    expect(list[0]!.count).toBe(lines.filter((l) => l.item === expected[0]![0]).length);
  });

  it('refuses metrics a field type or a source does not allow', async () => {
    const refused = async (aggregation: ReportQueryRequest['aggregation'], model = 'order') => {
      const res = await result(user(aggregation, model));
      expect(res.status).toBe(400);
      return errorOf(res.body);
    };
    expect((await refused({ metrics: [{ function: 'sum', field: 'description' }] })).data.errors).toEqual([
      { field: 'aggregation.metrics.0.function', message: "'sum' does not apply to 'description'." },
    ]);
    expect((await refused({ metrics: [{ function: 'sum' }] })).message).toBe('Field is required');
    expect((await refused({ metrics: [{ function: 'sum', field: 'value' }] }, 'order-lines')).key).toBe(
      'reporting.invalid',
    );
    expect((await refused({ groupBy: [{ field: 'lines.item' }] })).data.errors[0]!.field).toBe(
      'aggregation.groupBy.0.field',
    );
  });
});

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
