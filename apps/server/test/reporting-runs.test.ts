import { request } from 'node:http';
import fc from 'fast-check';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { INTERVAL_IDS, METRIC_FUNCTION_IDS } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { AppError } from '../src/lib/app-error.ts';
import { runReport, runStatements } from '../src/reporting/report.run.ts';
import { fromSchema, type JsonSchema } from './fuzz-arbitraries.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Reports that run long (a time limit, and the statement stopped when the caller goes away) and
 * reports nobody meant (random and hostile bodies): a result or a 4xx in the error shape, never 5xx.
 */

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['buyer', 'requester', 'supplier']) tokens[role] = (await signIn(t.app, role)).token;
}, 60_000);
afterAll(() => t?.close());

const post = <T>(role: string, url: string, body: unknown) =>
  call<T>(t.app, 'POST', url, { token: tokens[role], body });

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

  it('PGlite and PostgreSQL: a report of several statements stops when its caller goes away', async () => {
    const kind = t.conn.kind;
    const gone = new AbortController();
    const ran: number[] = [];
    const step = (n: number) => sql<{ n: number }>`select ${n}::int as n`;
    const running = runStatements(t.conn.db, [step(1), step(2), step(3)], { kind, signal: gone.signal }).then(
      (rows) => rows.forEach((r) => ran.push(r[0]!.n)),
    );
    gone.abort(); // while the first statement runs
    const err = await running.catch((e: unknown) => e);
    expect((err as AppError).key).toBe('reporting.cancelled');
    expect(ran).toEqual([]);
  });

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
