import {
  encodeContext,
  WHAT_IDS,
  type DocumentList,
  type ReportingConfig,
  type ReportQueryRequest,
  type ReportResult,
  type UserContext,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import { buildFixture, countBy, type Fixture } from './reporting-data.ts';

/**
 * Who a report reads for: the tenant, the role (a supplier only its own documents, in the states
 * its model shows suppliers), the working context of the call; and the drill-down of every figure,
 * run through the document list route, selecting exactly the documents behind it.
 */

let t: TestApp;
let fx: Fixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  fx = await buildFixture(t);
  for (const role of ['buyer', 'supplier', 'supplier2', 'requester', 'admin'])
    tokens[role] = (await signIn(t.app, role)).token;
  tokens.globex = (await signIn(t.app, 'buyer', 'globex')).token;
}, 60_000);
afterAll(() => t?.close());

type Item = Record<string, unknown>;
const contextHeader = (c: UserContext) => ({ 'x-p2p-context': encodeContext(c) });

async function items(
  role: string,
  body: ReportQueryRequest,
  headers: Record<string, string> = {},
): Promise<ReportResult> {
  const res = await call<ReportResult>(t.app, 'POST', '/api/reporting/query/result', {
    token: tokens[role],
    body,
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
async function listCount(role: string, model: string, filter: string, headers: Record<string, string> = {}) {
  const res = await call<DocumentList>(t.app, 'GET', `/api/purchasing/${model}?${filter}&c=1&l=1`, {
    token: tokens[role],
    headers,
  });
  expect(res.status, `${filter}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.options.count;
}
const tagged = (aggregation: ReportQueryRequest['aggregation'], model = 'order'): ReportQueryRequest => ({
  name: 'Scope',
  model,
  tr: { _id: 'all' },
  params: { filters: { description: fx.tag } },
  aggregation,
});
const byStateAndSupplier = () =>
  tagged({ groupBy: [{ field: 'supplier' }, { field: '_state.current' }], metrics: [{ function: 'count' }] });
/** Every item's drill-down lists as many documents as the item counts. */
async function drillsMatch(role: string, result: ReportResult, count: (i: Item) => number, headers = {}) {
  const model = result.tableOptions.model!;
  expect(result.items.length).toBeGreaterThan(0);
  for (const item of result.items) {
    expect(typeof item._filter, JSON.stringify(item)).toBe('string');
    expect(await listCount(role, model, String(item._filter), headers), String(item._filter)).toBe(
      count(item),
    );
  }
}

describe('scope of results', () => {
  it('a supplier reads only its own documents, in the states the model shows suppliers', async () => {
    for (const [role, side] of [
      ['supplier', 'alfa'],
      ['supplier2', 'beta'],
    ] as const) {
      const result = await items(role, byStateAndSupplier());
      const expected = fx.orders.filter(
        (o) => o.supplier === side && ['erp-done', 'closed'].includes(o.state),
      );
      expect(result.items.map((i) => i.supplier_id)).toEqual(
        expected.length ? result.items.map(() => fx.suppliers[side]) : [],
      );
      expect(Object.fromEntries(result.items.map((i) => [i._state_current, i.count]))).toEqual(
        Object.fromEntries(countBy(expected, (o) => o.state)),
      );
      await drillsMatch(role, result, (i) => Number(i.count));
    }
    // the buyer sees every state of both suppliers
    const all = await items('buyer', byStateAndSupplier());
    expect(all.items.reduce((n, i) => n + Number(i.count), 0)).toBe(fx.orders.length);
  });

  it("a supplier's configuration offers no staff references and no model it cannot see", async () => {
    const res = await call<ReportingConfig>(t.app, 'GET', '/api/config/query', { token: tokens.supplier });
    expect(res.status).toBe(200);
    const ids = res.body.fields.map((f) => f._id);
    expect(ids).toContain('supplier');
    expect(ids).not.toContain('requester');
    expect(ids).not.toContain('group');
    expect(res.body.models.map((m) => m._id)).not.toContain('requisition');
    const refused = await call(t.app, 'POST', '/api/reporting/query/result', {
      token: tokens.supplier,
      body: tagged({ groupBy: [{ field: 'requester' }], metrics: [{ function: 'count' }] }),
    });
    expect(refused.status).toBe(400);
    const model = await call(t.app, 'POST', '/api/reporting/query/result', {
      token: tokens.supplier,
      body: { ...tagged({ metrics: [{ function: 'count' }] }), model: 'requisition' },
    });
    expect(model.status).toBe(403);
  });

  it('follows the working context of the call, as the lists do', async () => {
    const headers = contextHeader({ active: 'organization', plant: 'pt-porto' });
    const result = await items('buyer', byStateAndSupplier(), headers);
    const porto = fx.orders.filter((o) => o.plant === 'pt-porto');
    expect(result.items.reduce((n, i) => n + Number(i.count), 0)).toBe(porto.length);
    await drillsMatch('buyer', result, (i) => Number(i.count), headers);
  });

  it("never reads another tenant's documents", async () => {
    expect((await items('globex', byStateAndSupplier())).items).toEqual([]);
    const figures = await items('globex', { name: 'Home', what: ['draft-orders'] });
    expect(figures.items[0]!.count).toBe(0);
  });
});

describe('drill-down filters select exactly the documents behind each figure', () => {
  it('counts by state over the whole tenant, and sums by supplier and month', async () => {
    const byState = await items('buyer', {
      name: 'By state',
      model: 'order',
      tr: { _id: 'all' },
      aggregation: {
        groupBy: [{ field: '_state.current' }],
        metrics: [{ function: 'count' }],
        rollupColumns: true,
      },
    });
    expect(byState.items.at(-1)).toMatchObject({ _total: true });
    await drillsMatch('buyer', byState, (i) => Number(i.count));
    const monthly = await items(
      'buyer',
      tagged({
        groupBy: [{ field: 'supplier' }, { field: '_state.created.ts', interval: '1M' }],
        metrics: [{ function: 'sum', field: 'value' }, { function: 'count' }],
      }),
    );
    await drillsMatch('buyer', monthly, (i) => Number(i.count));
    const weekly = await items(
      'buyer',
      tagged({ groupBy: [{ field: 'deliveryDate', interval: '1w' }], metrics: [{ function: 'count' }] }),
    );
    await drillsMatch('buyer', weekly, (i) => Number(i.count));
  });

  it('drills the builder default: the last 12 months, value by supplier per month, whole tenant', async () => {
    const report: ReportQueryRequest = {
      name: 'Order value by supplier per month',
      model: { _id: 'order', model: 'order', lines: false },
      tr: { _id: 'last-12-months', text: 'Last 12 months' },
      aggregation: {
        groupBy: [
          { field: 'supplier', direction: 'row', skipEmpty: true },
          { field: '_state.created.ts', direction: 'row', interval: '1M' },
        ],
        metrics: [{ function: 'sum', field: 'value' }, { function: 'count' }],
      },
    };
    const monthly = await items('buyer', report);
    expect(monthly.items.length).toBeGreaterThan(0);
    await drillsMatch('buyer', monthly, (i) => Number(i.count));
    // a figure's filter names its supplier and its month, nothing wider
    for (const item of monthly.items) {
      const q = new URLSearchParams(String(item._filter));
      expect(q.get('supplier._id')).toBe(item.supplier_id);
      expect(q.get('createdFrom')).toBe(item._state_created_ts);
    }
  });

  it('drills each pivot cell, a time range and a line source', async () => {
    const pivot = await items(
      'buyer',
      tagged({
        groupBy: [{ field: 'plant' }, { field: '_state.current', direction: 'column' }],
        metrics: [{ function: 'count' }],
      }),
    );
    for (const item of pivot.items) {
      for (const [cell, filter] of Object.entries(item._filters as Record<string, string>)) {
        expect(await listCount('buyer', 'order', filter)).toBe(item[cell]);
      }
    }
    const ranged = await items('buyer', {
      ...tagged({
        groupBy: [{ field: '_state.created.ts', interval: '1y' }],
        metrics: [{ function: 'count' }],
      }),
      params: { filters: { description: fx.tag, createdFrom: '2025-03-16', createdTo: '2025-12-31' } },
    });
    await drillsMatch('buyer', ranged, (i) => Number(i.count));
    expect(ranged.items.reduce((n, i) => n + Number(i.count), 0)).toBe(
      fx.orders.filter((o) => o.created >= new Date('2025-03-16') && o.created < new Date('2026-01-01'))
        .length,
    );
    const lines = await items(
      'buyer',
      tagged(
        { groupBy: [{ field: 'lines.item' }, { field: 'supplier' }], metrics: [{ function: 'count' }] },
        'order-lines',
      ),
    );
    await drillsMatch(
      'buyer',
      lines,
      (i) =>
        fx.orders.filter(
          (o) => o.supplierId === i.supplier_id && o.lines.some((l) => l.item === i.lines_item),
        ).length,
    );
    const perSupplier = await items(
      'buyer',
      tagged(
        { groupBy: [{ field: 'supplier' }], metrics: [{ function: 'sum', field: 'lines.value' }] },
        'order-lines',
      ),
    );
    await drillsMatch(
      'buyer',
      perSupplier,
      (i) => fx.orders.filter((o) => o.supplierId === i.supplier_id).length,
    );
  });

  it('drills the rows of a pipeline; a field without a list filter gives no drill-down', async () => {
    const piped = await items('buyer', {
      ...tagged({
        pipeline: JSON.stringify([
          { $match: { '_state.current': { $in: ['created', 'closed'] } } },
          { $group: { _id: '$supplier', n: { $sum: 1 } } },
        ]),
      }),
      type: 'system-query',
    });
    await drillsMatch('buyer', piped, (i) => Number(i.n));
    const terms = await items(
      'buyer',
      tagged({ groupBy: [{ field: 'paymentTerms', skipEmpty: false }], metrics: [{ function: 'count' }] }),
    );
    expect(terms.items.every((i) => i._filter === null)).toBe(true);
  });

  it('drills the dashboard figures, for the buyer and for a supplier', async () => {
    for (const role of ['buyer', 'supplier', 'requester']) {
      const figures = await items(role, { name: 'Home', what: [...WHAT_IDS] });
      expect(figures.items.map((i) => i._id)).toEqual(WHAT_IDS);
      for (const item of figures.items) {
        for (const part of item.parts as Array<{
          model: string;
          count: number | null;
          _filter: string | null;
        }>) {
          if (part.count === null) continue;
          expect(await listCount(role, part.model, part._filter!), `${role} ${String(item._id)}`).toBe(
            part.count,
          );
        }
      }
    }
  });
});

describe('the list filters drill-downs use', () => {
  it('reads creation and delivery ranges and line items, and refuses values it cannot read', async () => {
    const base = `description=${encodeURIComponent(fx.tag)}`;
    const inRange = (from: string, to: string) =>
      fx.orders.filter((o) => o.created >= new Date(from) && o.created < new Date(to)).length;
    expect(
      await listCount('buyer', 'order', `${base}&createdFrom=2025-03-15T10:20:31Z&createdTo=2025-03-16`),
    ).toBe(inRange('2025-03-15T10:20:31Z', '2025-03-17'));
    expect(await listCount('buyer', 'order', `${base}&deliveryFrom=2025-03-15&deliveryTo=2025-03-15`)).toBe(
      fx.orders.filter((o) => o.created.toISOString().startsWith('2025-03-15')).length,
    );
    expect(await listCount('buyer', 'order', `${base}&lines.item=MAT-R1,MAT-R2`)).toBe(
      fx.orders.filter((o) => o.lines.some((l) => ['MAT-R1', 'MAT-R2'].includes(l.item))).length,
    );
    expect(await listCount('buyer', 'order', `${base}&lines=any`)).toBe(fx.orders.length);
    for (const bad of [
      'createdFrom=yesterday',
      'createdTo=2025-02-30',
      'deliveryFrom=2025-13-01',
      'lines=some',
    ]) {
      const res = await call(t.app, 'GET', `/api/purchasing/order?${bad}`, { token: tokens.buyer });
      expect(res.status, bad).toBe(400);
      expect(errorOf(res.body).key).toBe('document.filter-not-allowed');
    }
  });
});
