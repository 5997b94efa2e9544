import { request } from 'node:http';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import {
  INTERVAL_IDS,
  METRIC_FUNCTION_IDS,
  WHAT_IDS,
  type ReportingConfig,
  type ReportList,
  type ReportQuery,
  type ReportQueryRequest,
  type ReportResult,
  type TimeRange,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { runReport } from '../src/reporting/report.run.ts';
import { AppError } from '../src/lib/app-error.ts';
import { fromSchema, type JsonSchema } from './fuzz-arbitraries.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The reporting routes: the configuration and time ranges, the checks of a save or preview with
 * their exact messages, stored reports (owner, shared system queries, built-in ones, who may read
 * and edit them), exports, colours, and the time limit and cancellation of a statement.
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
    const res = await get<TimeRange[]>('buyer', '/api/reporting/config/timePeriod');
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

describe('exports and colours', () => {
  const headers = [
    { src: 'name', label: 'Supplier' },
    { src: 'total', label: 'Total' },
    'note',
    { value: 'deep.n', text: 'Nested' },
  ];
  const data = [
    { name: 'Alfa, Lda', total: '1234.50', note: '=HYPERLINK("http://x")', deep: { n: 3 } },
    { name: 'Beta "SA"', total: '-2', note: null, deep: {} },
  ];

  it('writes xlsx with the rows, numbers as numbers and formulas as text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-data',
      headers: { authorization: `Bearer ${tokens.supplier}` },
      payload: { headers, data, name: 'Suppliers é' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Suppliers%20%C3%A9.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual(['Supplier', 'Total', 'note', 'Nested']);
    expect(row(2)).toEqual(['Alfa, Lda', 1234.5, '=HYPERLINK("http://x")', 3]);
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row(3)).toEqual(['Beta "SA"', -2]);
  });

  it('writes CSV with quoting and no formula', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-data',
      headers: { authorization: `Bearer ${tokens.buyer}` },
      payload: { headers, data, format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(
      '\uFEFFSupplier,Total,note,Nested\r\n"Alfa, Lda",1234.50,"\'=HYPERLINK(""http://x"")",3\r\n"Beta ""SA""",-2,,\r\n',
    );
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-data',
      payload: { headers, data },
    });
    expect(none.statusCode).toBe(401);
  });

  it('gives one colour per series', async () => {
    const three = await get<string[]>('buyer', '/api/reporting/colors/3');
    expect(three.body).toHaveLength(3);
    expect((await get<string[]>('buyer', '/api/reporting/colors/0')).body).toEqual([]);
    const many = await get<string[]>('buyer', '/api/reporting/colors/40');
    expect(new Set(many.body).size).toBe(40);
    expect(many.body.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    expect((await get('buyer', '/api/reporting/colors/101')).status).toBe(400);
  });
});

describe('long reports', () => {
  const url = process.env.DATABASE_URL;
  const slow = sql<{ x: number }>`select 1 as x from pg_sleep(5)`;

  const running = async (db: Kysely<Database>) =>
    (
      await sql<{ n: string }>`select count(*)::text as n from pg_stat_activity
        where state = 'active' and query like '%pg_sleep(5)%' and pid <> pg_backend_pid()`.execute(db)
    ).rows[0]!.n;

  it.skipIf(!url)('PostgreSQL: a report past its time limit is stopped in the database', async () => {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url!, max: 2 }) }),
    });
    try {
      const started = Date.now();
      const err = await runReport(db, slow, { kind: 'postgres', timeoutMs: 300 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).key).toBe('reporting.timeout');
      expect((err as AppError).statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await running(db)).toBe('0');
      expect(
        (await runReport(db, sql<{ x: number }>`select 1 as x`, { kind: 'postgres', timeoutMs: 300 }))[0]!.x,
      ).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(!url)('PostgreSQL: the statement is cancelled when the caller goes away', async () => {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url!, max: 2 }) }),
    });
    try {
      const gone = new AbortController();
      setTimeout(() => gone.abort(), 200);
      const started = Date.now();
      const err = await runReport(db, slow, { kind: 'postgres', signal: gone.signal }).catch(
        (e: unknown) => e,
      );
      expect((err as AppError).key).toBe('reporting.cancelled');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await running(db)).toBe('0');
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(!url)(
    'PostgreSQL: the statement of a result call stops when its client disconnects',
    async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.conn.db);
      const locker = new pg.Client({ connectionString: url!, options: `-c search_path=${rows[0]!.schema}` });
      await locker.connect();
      // statements of this database waiting for the lock (the report's, once it runs)
      const active = async () =>
        (
          await locker.query<{ n: string }>(`select count(*)::text as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`)
        ).rows[0]!.n;
      try {
        // the report's statement waits for the lock on the lines: a long report without the data for one
        await locker.query('begin');
        await locker.query('lock table document_lines in access exclusive mode');
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
        const body = JSON.stringify({
          name: 'Items',
          model: 'order-lines',
          aggregation: { groupBy: [{ field: 'lines.item' }], metrics: [{ function: 'count' }] },
        });
        const req = request(`${address}/api/reporting/query/result`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.buyer}`, 'content-type': 'application/json' },
        });
        req.on('error', () => undefined);
        req.end(body);
        const waitFor = async (want: string) => {
          for (let i = 0; i < 60 && (await active()) !== want; i++)
            await new Promise((r) => setTimeout(r, 100));
          return active();
        };
        expect(await waitFor('1')).toBe('1');
        req.destroy();
        expect(await waitFor('0')).toBe('0');
      } finally {
        await locker.query('rollback').catch(() => undefined);
        await locker.end();
      }
    },
  );

  it('PGlite and PostgreSQL: a report runs and answers; an aborted call never starts', async () => {
    const kind = t.conn.kind;
    expect((await runReport(t.conn.db, sql<{ x: number }>`select 2 as x`, { kind }))[0]!.x).toBe(2);
    const gone = new AbortController();
    gone.abort();
    const err = await runReport(t.conn.db, sql`select 1`, { kind, signal: gone.signal }).catch(
      (e: unknown) => e,
    );
    expect((err as AppError).key).toBe('reporting.cancelled');
  });
});

describe('hostile and random reports', () => {
  const VALID = [
    '_state.current',
    'supplier',
    'value',
    '_state.created.ts',
    'deliveryDate',
    'plant',
    'description',
  ];
  const ODD = [
    'requester',
    'lines.item',
    'lines.quantity',
    'lines.tax',
    'supplierNotes',
    'priceInfo',
    '_id',
    'x.y',
    '',
    "a'b",
  ];
  const FIELDS = [...VALID, ...ODD];
  const field = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...VALID) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD) },
  );
  const often = <T>(usual: T, ...rare: T[]) =>
    fc.oneof(
      { weight: 8, arbitrary: fc.constant(usual) },
      { weight: 1, arbitrary: fc.constantFrom(usual, ...rare) },
    );
  const stage = fc.oneof(
    fc.record({
      $match: fc.dictionary(
        field,
        fc.oneof(
          fc.string(),
          fc.integer(),
          fc.constant(null),
          fc.record({ $in: fc.array(fc.string(), { maxLength: 3 }) }),
          fc.record({ $gt: fc.oneof(fc.integer(), fc.string()) }),
        ),
        { maxKeys: 2 },
      ),
    }),
    fc.record({
      $group: fc.record({
        _id: fc.oneof(
          field.map((f) => `$${f}`),
          fc.constant(null),
          fc.record({
            k: field.map((f) => `$${f}`),
            m: fc.record({
              $dateTrunc: fc.record({ date: field.map((f) => `$${f}`), unit: often('month', 'day', 'eon') }),
            }),
          }),
        ),
        n: fc.constantFrom(
          { $sum: 1 },
          { $avg: '$value' },
          { $last: '$lines.item' },
          { $max: '$_state.created.ts' },
        ),
      }),
    }),
    fc.constantFrom(
      { $unwind: '$lines' },
      { $sort: { n: -1 } },
      { $limit: 3 },
      { $count: 'c' },
      { $project: { n: 1, _id: 0 } },
      { $match: { n: { $gte: 1 } } },
    ),
  );
  const report = fc.record({
    name: often('R', ''),
    type: fc.constantFrom('user-query', 'system-query'),
    model: often(
      'order',
      'order-lines',
      'requisition',
      'supplier',
      'reception-lines',
      'supplier-lines',
      'nope',
    ),
    tr: fc.record({ _id: often('all', 'last-30-days', 'today', 'nope') }),
    params: fc.record({
      filters: fc.option(
        fc.dictionary(
          fc.constantFrom('plant', 'createdFrom', 'lines.item', 'evaluation', 'x'),
          fc.constantFrom('pt-porto', '2025-01-01', 'due', "'"),
          { maxKeys: 2 },
        ),
        { nil: {}, freq: 4 },
      ),
    }),
    aggregation: fc.record({
      groupBy: fc.array(
        fc.record({
          field,
          direction: often('row', 'column'),
          limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
          skipEmpty: fc.boolean(),
          interval: fc.constantFrom(null, ...INTERVAL_IDS),
        }),
        { maxLength: 3 },
      ),
      metrics: fc.array(
        fc.record({
          function: fc.constantFrom('', ...METRIC_FUNCTION_IDS),
          field: fc.oneof(field, fc.constant('')),
        }),
        { maxLength: 3 },
      ),
      sort: fc.array(
        fc.record({
          field: fc.constantFrom(...FIELDS, 'count', 'sum_value'),
          direction: fc.constantFrom('asc', 'desc'),
        }),
        { maxLength: 2 },
      ),
      rollupColumns: fc.boolean(),
      pipeline: fc.array(stage, { maxLength: 5 }).map((stages) => JSON.stringify(stages)),
    }),
  });

  it('answers random reports with a result or a 4xx in the error shape, never 5xx', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom('buyer', 'supplier', 'requester'), report), {
      numRuns: 300,
      seed: 2020,
    });
    const statuses = new Map<number, number>();
    for (const [role, body] of cases) {
      for (const url of ['/api/reporting/query/result', '/api/reporting/query/save']) {
        const res = await post(role, url, body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${role} ${url} ${JSON.stringify(body)} ${JSON.stringify(res.body)}`).toBeLessThan(
          500,
        );
        if (res.status >= 400) errorOf(res.body);
      }
    }
    // the sample reaches the compiler and the database, not only the checks
    console.log('random reports, answers by status:', JSON.stringify([...statuses]));
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  }, 120_000);

  it('answers bodies generated from the published schemas (hostile values mixed in), never 5xx', async () => {
    const spec = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    for (const path of [
      '/api/reporting/query/result',
      '/api/reporting/query/save',
      '/api/reporting/export-data',
    ]) {
      const schema = spec.paths[path]!.post!.requestBody!.content['application/json']!.schema;
      for (const body of fc.sample(fc.oneof(fromSchema(schema, 0, 0), fromSchema(schema, 0, 1)), {
        numRuns: 60,
        seed: 77,
      })) {
        const res = await post('buyer', path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) errorOf(res.body);
      }
    }
  }, 120_000);
});
