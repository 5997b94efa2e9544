import {
  WHAT_IDS,
  type ReportingConfig,
  type ReportList,
  type ReportQuery,
  type ReportQueryRequest,
  type ReportResult,
  type ReportTimeRange,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The reporting routes: the configuration and time ranges, the checks of a save or preview with
 * their exact messages, and stored reports (owner, shared system queries, built-in ones, who may
 * read and edit them).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['buyer', 'manager', 'requester', 'admin', 'supplier']) {
    const s = await signIn(t.app, role);
    tokens[role] = s.token;
    ids[role] = s.user._id;
  }
  tokens.globex = (await signIn(t.app, 'buyer', 'globex')).token;
}, 60_000);
afterAll(() => t?.close());

const get = <T>(role: string, url: string) => call<T>(t.app, 'GET', url, { token: tokens[role] });
const post = <T>(role: string, url: string, body: unknown) =>
  call<T>(t.app, 'POST', url, { token: tokens[role], body });
const save = (role: string, body: ReportQueryRequest) =>
  post<{ message: string; id: string }>(role, '/api/reporting/query/save', body);
const byState: ReportQueryRequest = {
  name: 'Orders by state',
  model: { _id: 'order' },
  aggregation: {
    groupBy: [{ field: '' }, { field: '_state.current' }],
    metrics: [{ function: 'count' }, {}],
    sort: [{ field: '' }, { field: 'count', direction: 'desc' }],
  },
  visualization: { type: { _id: 'bar', text: 'Bar' }, custom: { legend: true } },
  tr: { _id: 'last-12-months', text: 'Last 12 months' },
};

describe('configuration', () => {
  it('offers each field of a source once (a model field of a relational fact is that fact)', async () => {
    const c = (await get<ReportingConfig>('buyer', '/api/config/query')).body;
    for (const source of c.models) {
      const ids = c.fields.filter((f) => f.in.includes(source._id)).map((f) => f._id);
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        source._id,
      ).toEqual([]);
    }
    // the creation time drills down by its list filter whatever the model calls it
    const created = c.fields.find((f) => f._id === '_state.created.ts' && f.in.includes('order'));
    expect(created).toMatchObject({ type: 'ts', dataType: 'date', filter: 'createdFrom' });
  });

  it('describes sources, fields with data types, metric functions, intervals and time ranges', async () => {
    const res = await get<ReportingConfig>('buyer', '/api/config/query');
    expect(res.status).toBe(200);
    const c = res.body;
    expect(c.models).toContainEqual({
      _id: 'order',
      model: 'order',
      lines: false,
      collection: 'documents',
      label: 'Orders',
    });
    expect(c.models).toContainEqual(
      expect.objectContaining({ _id: 'order-lines', lines: true, collection: 'document_lines' }),
    );
    const field = (id: string, source: string) => c.fields.find((f) => f._id === id && f.in.includes(source));
    expect(field('_state.current', 'order')).toMatchObject({
      type: 'state',
      dataType: 'string',
      group: true,
      filter: '_state.current',
    });
    expect(field('_state.current', 'order')!.in).toContain('order-lines');
    expect(field('supplier', 'order')).toMatchObject({
      type: 'ref_supplier',
      dataType: 'object',
      display: 'supplier.name',
      filter: 'supplier._id',
    });
    expect(field('_state.created.ts', 'order')).toMatchObject({
      type: 'ts',
      dataType: 'date',
      filter: 'createdFrom',
    });
    expect(field('value', 'order')).toMatchObject({ dataType: 'number', lines: false });
    expect(field('lines.value', 'order-lines')).toMatchObject({ dataType: 'number', lines: true });
    expect(field('lines.value', 'order')).toBeUndefined();
    expect(field('lines.item', 'order-lines')).toMatchObject({ dataType: 'string', filter: 'lines.item' });
    expect(field('consumedPercent', 'contract')).toBeUndefined(); // computed, not stored
    expect(field('supplierNotes', 'order')).toBeDefined();
    expect(c.metrics.find((m) => m.function === 'sum')).toEqual({
      function: 'sum',
      label: 'Sum',
      apply_to: ['number'],
    });
    expect(c.metrics.map((m) => m.function)).toEqual([
      'count',
      'sum',
      'average',
      'minimum',
      'maximum',
      'latest',
    ]);
    expect([c.intervals[0]!._id, c.intervals.at(-1)!._id]).toEqual(['1s', '1y']);
    expect(c.timeRanges.findIndex((r) => r.default)).toBe(4);
    expect(c.what.map((w) => w._id)).toEqual(WHAT_IDS);
    const requester = await get<ReportingConfig>('requester', '/api/config/query');
    expect(requester.body.fields.map((f) => f._id)).not.toContain('supplierNotes');
  });

  it('lists the time ranges, the fifth being the default', async () => {
    const res = await get<ReportTimeRange[]>('buyer', '/api/reporting/config/timePeriod');
    expect(res.status).toBe(200);
    expect(res.body.filter((r) => r.default)).toEqual([
      { _id: 'last-12-months', text: 'Last 12 months', default: true },
    ]);
    expect(res.body[4]!.default).toBe(true);
  });
});

describe('checks of a save or a preview (seed 001 section 5)', () => {
  it('answers the messages in order, for save and result alike', async () => {
    for (const url of ['/api/reporting/query/save', '/api/reporting/query/result']) {
      const res = await post(url.endsWith('save') ? 'buyer' : 'buyer', url, {});
      expect(res.status).toBe(400);
      const err = errorOf(res.body);
      expect(err.message).toBe(
        'Query name is required, Query source is required, At least one Group By or Metric is required',
      );
      expect(err.data.errors).toEqual([
        { field: 'name', message: 'Query name is required' },
        { field: 'model', message: 'Query source is required' },
        { field: 'aggregation', message: 'At least one Group By or Metric is required' },
      ]);
    }
    const system = await save('admin', {
      name: 'S',
      type: 'system-query',
      model: 'order',
      aggregation: { pipeline: '' },
    });
    expect(errorOf(system.body).message).toBe('Pipeline is required');
    const text = '[{"$group": {"_id": null,}}]';
    let parseError = '';
    try {
      JSON.parse(text);
    } catch (err) {
      parseError = (err as Error).message;
    }
    const invalid = await save('admin', {
      name: 'S',
      type: 'system-query',
      model: 'order',
      aggregation: { pipeline: text },
    });
    expect(errorOf(invalid.body).message).toBe(parseError);
    const noField = await save('buyer', { ...byState, aggregation: { metrics: [{ function: 'sum' }] } });
    expect(errorOf(noField.body).message).toBe('Field is required');
    const unknown = await save('buyer', { ...byState, model: 'invoice' });
    expect(unknown.status).toBe(404);
  });
});

describe('stored reports', () => {
  it('saves without the empty rows, reads back for the owner only, updates in place', async () => {
    const saved = await save('buyer', byState);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Report saved');
    const read = await get<ReportQuery>('buyer', `/api/reporting/query/${saved.body.id}`);
    expect(read.body).toMatchObject({
      _id: saved.body.id,
      name: 'Orders by state',
      type: 'user-query',
      model: { _id: 'order', model: 'order', lines: false, collection: 'documents' },
      aggregation: {
        groupBy: [
          { field: '_state.current', direction: 'row', limit: null, skipEmpty: true, interval: null },
        ],
        metrics: [{ function: 'count', field: null, name: null }],
        sort: [{ field: 'count', direction: 'desc' }],
        rollupColumns: false,
      },
      visualization: { type: { _id: 'bar' }, custom: { legend: true } },
      tr: { _id: 'last-12-months' },
      _editable: { ok: true },
      owner: ids.buyer,
    });
    for (const role of ['manager', 'globex']) {
      expect((await get(role, `/api/reporting/query/${saved.body.id}`)).status).toBe(404);
      expect((await save(role, { ...byState, _id: saved.body.id })).status).toBe(404);
    }
    const renamed = await save('buyer', { ...byState, _id: saved.body.id, name: 'Renamed' });
    expect(renamed.body.id).toBe(saved.body.id);
    expect((await get<ReportQuery>('buyer', `/api/reporting/query/${saved.body.id}`)).body.name).toBe(
      'Renamed',
    );
    for (const fresh of ['create', 'duplicate', undefined]) {
      const copy = await save('buyer', { ...byState, _id: fresh ?? null });
      expect(copy.body.id).not.toBe(saved.body.id);
    }
    const mine = await get<ReportList>('buyer', '/api/reporting/queries');
    expect(mine.body.items.map((i) => i._id)).toContain(saved.body.id);
    expect(
      (await get<ReportList>('manager', '/api/reporting/queries')).body.items.map((i) => i._id),
    ).not.toContain(saved.body.id);
  });

  it('shares system queries of administrators, read-only for everybody else', async () => {
    const body: ReportQueryRequest = {
      name: 'Orders per supplier',
      type: 'system-query',
      model: 'order',
      aggregation: { pipeline: '[{"$group": {"_id": "$supplier", "n": {"$sum": 1}}}]' },
    };
    const refused = await save('buyer', body);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).key).toBe('reporting.system-query');
    const saved = await save('admin', body);
    expect(saved.status).toBe(200);
    const read = await get<ReportQuery>('buyer', `/api/reporting/query/${saved.body.id}`);
    expect(read.body).toMatchObject({ type: 'system-query', owner: null, _editable: { ok: false } });
    expect(read.body.aggregation).toEqual({ pipeline: body.aggregation!.pipeline });
    expect(
      (
        await save('buyer', {
          ...body,
          type: 'user-query',
          _id: saved.body.id,
          aggregation: byState.aggregation,
        })
      ).status,
    ).toBe(403);
    expect((await save('admin', { ...body, _id: saved.body.id, name: 'Per supplier' })).status).toBe(200);
    const run = await post<ReportResult>('supplier', '/api/reporting/query/result', read.body);
    expect(run.status).toBe(200);
    expect(new Set(run.body.items.map((i) => i._id)).size).toBeLessThanOrEqual(1);
  });

  it('offers the dashboard figures as built-in, read-only system queries', async () => {
    const one = await get<ReportQuery>('buyer', '/api/reporting/query/draft-orders');
    expect(one.body).toMatchObject({
      _id: 'draft-orders',
      name: 'Draft orders',
      what: ['draft-orders'],
      _editable: { ok: false },
    });
    const all = await get<ReportQuery>('buyer', '/api/reporting/query/dashboard');
    expect(all.body.what).toEqual(WHAT_IDS);
    const run = await post<ReportResult>('buyer', '/api/reporting/query/result', all.body);
    expect(run.body.items.map((i) => i._id)).toEqual(WHAT_IDS);
    expect(run.body.items.find((i) => i._id === 'contract-usage')).toHaveProperty('value');
    expect((await save('admin', { ...one.body, _id: 'draft-orders' } as ReportQueryRequest)).status).toBe(
      403,
    );
    expect((await get('buyer', '/api/reporting/query/nothing')).status).toBe(404);
    expect((await get('buyer', '/api/reporting/query/99999999')).status).toBe(404);
  });
});
