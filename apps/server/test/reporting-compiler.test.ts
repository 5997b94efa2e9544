import { INTERVALS, type ReportQueryRequest } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import {
  bucketOf,
  buildFixture,
  countBy,
  counts,
  reportCalls,
  sumOf,
  type Fixture,
} from './reporting-data.ts';

/**
 * The report compiler against a known set of orders (reporting-data.ts): every interval, metric,
 * sort, limit and rollup of user queries, with the refusal of metrics a field or source does not take.
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

const { result, items, user } = reportCalls(() => ({ t, fx, tokens }));

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
