/**
 * npm run bench:reports -- [--docs N] [--db postgres://...] [--runs R] [--port P] [--keep]
 *                          [--explain] [--reuse SCHEMA] [--erp-by-state]
 *
 * Measures POST /api/reporting/query/result on the running server, over HTTP as the buyer, for the
 * reports of issue 9: count by state, sum of value by supplier by month, top 10 items by quantity
 * (over lines), a system pipeline, and the 12 dashboard counts together; and beside each, the same
 * answer as hand-written SQL on the same database (the statement a developer would write for it,
 * bind parameters, one connection). On PostgreSQL both are timed run by run, interleaved in
 * alternating order, so a busy machine weighs on both alike. Prints p50, p95 and the ratio.
 * Prints figures only; never fails.
 *
 * Data: N documents generated directly in SQL as bench/documents.ts does (80% orders, 10%
 * requisitions, 10% contracts of tenant 'acme', 1 to 9 lines each), or --reuse SCHEMA: a schema
 * kept by `bench:documents --keep` (or by this script), used as it is (the server migrates it on
 * start, so the report tables are added). Database: --db, else DATABASE_URL (a fresh schema,
 * dropped at the end unless --keep), else PGlite in a throwaway directory (the generation and the
 * SQL phase then run with the server stopped, as in bench/documents.ts). The generation also fills
 * the ERP outbox (the integration monitor the dashboard's ERP error figures count from);
 * --erp-by-state writes those figures' SQL as they were before (documents in erp-fail /
 * reverse-fail), to compare the server's figures with that.
 */
import { performance } from 'node:perf_hooks';
import {
  Api,
  intArg,
  log,
  ms,
  parseArgs,
  percentile,
  prepareBenchData,
  printTable,
  Server,
  timeIt,
  type BenchDb,
  type SqlClient,
} from './lib.ts';

const args = parseArgs(process.argv.slice(2));
const DOCS = intArg(args.docs, 100_000);
const RUNS = Math.max(1, intArg(args.runs, 30));
const WARMUP = Math.max(2, Math.ceil(RUNS / 6));
const PORT = intArg(args.port, 19_850 + (process.pid % 50));
const DB_URL = typeof args.db === 'string' ? args.db : process.env.DATABASE_URL || null;
const KEEP = Boolean(args.keep);
const EXPLAIN = Boolean(args.explain);
const REUSE = typeof args.reuse === 'string' ? args.reuse : undefined;
const ERP_BY_STATE = Boolean(args['erp-by-state']);

/** The dashboard figures of seed 000 section 9, as packages/domain/src/reporting/dashboard-what.ts. */
const WHAT = [
  'draft-requisitions',
  'requisitions-waiting-approval',
  'requisition-errors',
  'draft-orders',
  'orders-waiting-approval',
  'order-errors',
  'receptions-waiting-evaluation',
  'reception-errors',
  'reverse-errors',
  'pending-evaluations',
  'upcoming-receptions',
  'contract-usage',
];

// ---------------------------------------------------------------- generation (as bench/documents.ts)

async function generate(db: SqlClient, kind: BenchDb['kind'], notes: string[]): Promise<void> {
  const t0 = performance.now();
  if (kind === 'postgres') await db.exec(`set maintenance_work_mem = '256MB'`);
  const [ctx] = await db.query<{ base: string; sup: number; buyer: string | null }>(
    `select coalesce(max(id), 0)::text as base,
            (select count(*) from suppliers where domain_id = 'acme')::int as sup,
            (select id from users where domain_id = 'acme' and username = 'buyer') as buyer
       from documents`,
  );
  if (!ctx?.buyer || !ctx.sup) throw new Error(`the demo tenant 'acme' is missing: ${JSON.stringify(ctx)}`);
  const q = (g: string, k: string) => `(1 + ((${g} + ${k} * 13) % 50))::numeric`;
  const p = (g: string, k: string) => `round(((${g} * 31 + ${k} * 17) % 10000) / 100.0 + 0.5, 2)`;
  log(`generating ${DOCS.toLocaleString('en')} documents`);
  await db.exec(`
    with c as (
      select (select array_agg(id order by name) from suppliers where domain_id = 'acme') as sup,
             (select array_agg(name order by name) from suppliers where domain_id = 'acme') as supn,
             (select array_agg(id order by username) from users where domain_id = 'acme' and supplier_id is null) as usr,
             (select array_agg(id order by key) from groups where domain_id = 'acme') as grp
    ), g as (
      select g,
             case when g % 10 < 8 then 'order' when g % 10 = 8 then 'requisition' else 'contract' end as m,
             (array['created','updated','approval','approved','erp-done','completed','rejected','closed'])[1 + (g / 7) % 8] as state,
             1 + g % ${ctx.sup} as si, 1 + (7 * g) % 9 as nl
        from generate_series(1, ${DOCS}) g
    ), v as (
      select g.*, (select sum(${q('g.g', 'k')} * ${p('g.g', 'k')}) from generate_series(1, g.nl) k) as net from g
    )
    insert into documents (domain_id, model, type, subtype, key, state, supplier_id, requester_id, group_id,
                           plant, created_by, updated_by, created_at, updated_at, data,
                           gross_value, net_value, tax_value, value, list_value)
    select 'acme', v.m, v.m,
           case v.m when 'order' then 'P00' || (1 + v.g % 9) when 'requisition' then 'R00' || (1 + v.g % 7) else 'C00' || (1 + v.g % 4) end,
           null, v.state,
           case when v.m <> 'requisition' then c.sup[v.si] end,
           c.usr[1 + v.g % cardinality(c.usr)], c.grp[1 + v.g % cardinality(c.grp)],
           (array['pt-lisboa','pt-porto','es-madrid'])[1 + v.g % 3],
           '${ctx.buyer}', '${ctx.buyer}',
           timestamptz '2024-01-01' + v.g * interval '53 seconds',
           timestamptz '2024-01-01' + v.g * interval '53 seconds' + interval '2 hours',
           jsonb_strip_nulls(jsonb_build_object(
             'description', 'Benchmark report document ' || (1 + v.g % 5000),
             'currency', case when v.g % 17 = 0 then 'USD' else 'EUR' end,
             'deliveryDate', to_char(date '2025-01-01' + ((v.g::bigint * 7919) % 900)::int, 'YYYY-MM-DD'),
             'supplier', case when v.m <> 'requisition' then jsonb_build_object('_id', c.sup[v.si], 'name', c.supn[v.si]) end)),
           v.net, v.net, round(v.net * 0.23, 2), v.net + round(v.net * 0.23, 2), v.net
      from v, c order by v.g`);
  log('generating lines');
  await db.exec(`
    insert into document_lines (document_id, domain_id, pos, subpos, data, quantity, price, value)
    select d.id, 'acme', k * 10, 0,
           jsonb_build_object('pos', k * 10, 'item', 'MAT-' || lpad((1000 + (d.id * 7 + k) % 9000)::text, 4, '0'),
             'type', 'material', 'quantity', ${q('x.g', 'k')}::text, 'price', ${p('x.g', 'k')}::text),
           ${q('x.g', 'k')}, ${p('x.g', 'k')}, round(${q('x.g', 'k')} * ${p('x.g', 'k')} * 1.23, 2)
      from documents d
     cross join lateral (select d.id - ${ctx.base} as g) x
     cross join lateral generate_series(1, 1 + (7 * x.g) % 9) k
     where d.id > ${ctx.base}`);
  // the integration monitor (issue 13): a done message per document sent to the ERP, and errors
  // (the last message failed or died) for 1 in 250 requisitions and orders, 1 in 1000 dead, and as
  // many refused once and sent again (failed, then done: no longer an error)
  log('generating the ERP outbox');
  const message = (status: string, where: string) => `
    insert into erp_outbox (domain_id, document_id, model, interface, status, external_ref, attempts, payload)
    select 'acme', d.id, d.model, d.model || '.create', '${status}', 'P2P' || d.id, 1, '{}'::jsonb
      from documents d where d.id > ${ctx.base} and ${where} order by d.id`;
  const sendable = `d.model in ('order', 'requisition')`;
  await db.exec(message('done', `d.state in ('erp-done', 'completed', 'closed')`));
  await db.exec(message('failed', `${sendable} and (d.id - ${ctx.base}) % 250 in (0, 5)`));
  await db.exec(message('dead', `${sendable} and (d.id - ${ctx.base}) % 1000 = 3`));
  await db.exec(message('done', `${sendable} and (d.id - ${ctx.base}) % 250 = 5`));
  log('vacuum analyze');
  await db.exec('vacuum analyze erp_outbox');
  await db.exec('vacuum analyze documents');
  await db.exec('vacuum analyze document_lines');
  notes.push(
    `generation (documents, lines, vacuum analyze): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------- the cases

interface Case {
  name: string;
  body: Record<string, unknown>;
  sql: Array<{ text: string; params: unknown[] }>;
  note?: string;
}

/** The buyer's scope of a model (a view-all role, no working context) and the live documents. */
const SCOPE = (n: number) => `d.domain_id = $${n} and d.model = $${n + 1} and d.deleted = false`;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const report = (name: string, model: string, aggregation: unknown, type = 'user-query') => ({
  name,
  type,
  model,
  tr: { _id: 'all' },
  aggregation,
});

function cases(): Case[] {
  return [
    {
      name: 'count by state (orders)',
      body: report('By state', 'order', {
        groupBy: [{ field: '_state.current' }],
        metrics: [{ function: 'count' }],
      }),
      sql: [
        {
          text: `select d.state, count(*)::text as n from documents d where ${SCOPE(1)}
            and d.state is not null and d.state <> '' group by d.state order by d.state`,
          params: ['acme', 'order'],
        },
      ],
    },
    {
      name: 'sum of value by supplier by month',
      body: report('Value by supplier and month', 'order', {
        groupBy: [{ field: 'supplier' }, { field: '_state.created.ts', interval: '1M' }],
        metrics: [{ function: 'sum', field: 'value' }],
      }),
      sql: [
        {
          // aggregate first, name the suppliers after (what a developer does for speed)
          text: `select x.supplier_id, s.name, to_char(x.month, ${ISO}) as month, x.total::text as total
            from (select d.supplier_id, date_trunc('month', d.created_at at time zone 'UTC') as month, sum(d.value) as total
                    from documents d where ${SCOPE(1)} and d.supplier_id is not null and d.supplier_id <> ''
                   group by 1, 2) x
            left join suppliers s on s.id = x.supplier_id
            order by s.name, x.month`,
          params: ['acme', 'order'],
        },
      ],
    },
    {
      name: 'top 10 items by quantity (lines)',
      body: report('Top items', 'order-lines', {
        groupBy: [{ field: 'lines.item', limit: 10 }],
        metrics: [{ function: 'sum', field: 'lines.quantity' }],
        sort: [{ field: 'sum_lines_quantity', direction: 'desc' }],
      }),
      sql: [
        {
          text: `select l.data ->> 'item' as item, sum(l.quantity)::text as quantity
            from documents d join document_lines l on l.document_id = d.id
            where ${SCOPE(1)} and l.data ->> 'item' <> ''
            group by 1 order by sum(l.quantity) desc, 1 limit 10`,
          params: ['acme', 'order'],
        },
      ],
    },
    {
      name: 'system pipeline (value per supplier, sent orders)',
      body: report(
        'Sent value per supplier',
        'order',
        {
          pipeline: JSON.stringify([
            { $match: { '_state.current': { $in: ['erp-done', 'completed', 'closed'] } } },
            { $group: { _id: '$supplier', total: { $sum: '$value' }, orders: { $sum: 1 } } },
            { $sort: { total: -1 } },
            { $limit: 10 },
          ]),
        },
        'system-query',
      ),
      sql: [
        {
          text: `select x.supplier_id, s.name, x.total::text, x.orders::text
            from (select d.supplier_id, sum(d.value) as total, count(*) as orders from documents d
                   where ${SCOPE(1)} and d.state in ($3, $4, $5) group by 1) x
            left join suppliers s on s.id = x.supplier_id
            order by x.total desc limit 10`,
          params: ['acme', 'order', 'erp-done', 'completed', 'closed'],
        },
      ],
    },
    {
      name: 'the 12 dashboard counts together',
      body: { name: 'Dashboard', what: WHAT },
      sql: whatSql(new Date()),
    },
  ];
}

/** The dashboard figures by hand: one statement per model, each figure a count with its filter. */
function whatSql(now: Date): Case['sql'] {
  const day = (plus: number) => new Date(now.getTime() + plus * 86_400_000).toISOString().slice(0, 10);
  const per = (model: string, columns: string[], any: string[], params: unknown[] = []) => ({
    text: `select ${columns.join(', ')} from documents d where ${SCOPE(1)} and (${any.join(' or ')})`,
    params: ['acme', model, ...params],
  });
  const draft = `d.state in ('created', 'updated')`;
  // the list's 'evaluation=due' of a reception (document.fields.ts as of this writing)
  const due = `(d.state in ('erp-done', 'completed') and not exists (select 1 from documents e
    where e.domain_id = d.domain_id and e.model = 'order-evaluation' and not e.deleted and e.state = 'completed'
      and e.data ->> 'parent' = d.data #>> '{reference,order}'))`;
  const upcoming = `(d.state in ('erp-done', 'negotiation', 'completed')
    and left(jsonb_extract_path_text(d.data, 'deliveryDate'), 10) >= $3
    and left(jsonb_extract_path_text(d.data, 'deliveryDate'), 10) <= $4)`;
  const target = `(case when jsonb_typeof(d.data -> 'targetValue') = 'number' then (d.data ->> 'targetValue')::numeric end)`;
  const count = (cond: string, i: number) => `count(*) filter (where ${cond})::text as c${i}`;
  // the ERP errors from the integration monitor: documents whose last message to the ERP (a send,
  // or a reversal of a goods receipt) failed or died, counted from the failed messages
  const erpError = (reversal: boolean) => {
    const kind = (o: string) => `(${o}.interface = 'goods-receipt.reverse') = ${reversal}`;
    const failed = `select o.document_id from erp_outbox o
      where o.status in ('failed', 'dead') and o.direction = 'out' and ${kind('o')}
        and o.id = (select max(n.id) from erp_outbox n where n.document_id = o.document_id
          and n.direction = 'out' and ${kind('n')})`;
    // a reversal's error is also a reception the supplier's refusal put in reverse-fail
    return reversal
      ? `d.id in (${failed} union all select r.id from documents r where r.state = 'reverse-fail')
          and d.state <> 'reverse-wait'`
      : `d.id in (${failed})`;
  };
  const errors = (model: string, reversal = false) =>
    per(model, ['count(*)::text as c0'], [erpError(reversal)]);
  const rest = [
    per('order-evaluation', [count(draft, 0)], [draft]),
    per('contract-evaluation', [count(draft, 0)], [draft]),
    per(
      'contract',
      [
        count(`d.state = 'erp-done'`, 0),
        `round(100 * sum(d.value) filter (where d.state = 'erp-done') / nullif(sum(${target}) filter (where d.state = 'erp-done'), 0), 2)::text as u0`,
      ],
      [`d.state = 'erp-done'`],
    ),
  ];
  if (ERP_BY_STATE) return [...byState(per, draft, due, upcoming, count, [day(0), day(6)]), ...rest];
  return [
    per('requisition', [count(draft, 0), count(`d.state = 'approval'`, 1)], [draft, `d.state = 'approval'`]),
    errors('requisition'),
    per(
      'order',
      [count(draft, 0), count(`d.state = 'approval'`, 1), count(upcoming, 2)],
      [draft, `d.state = 'approval'`, upcoming],
      [day(0), day(6)],
    ),
    errors('order'),
    per('reception', [count(due, 0)], [due]),
    errors('reception'),
    errors('reception', true),
    ...rest,
  ];
}

/** --erp-by-state: the first three statements as they were, the errors counted by state. */
function byState(
  per: (model: string, columns: string[], any: string[], params?: unknown[]) => Case['sql'][number],
  draft: string,
  due: string,
  upcoming: string,
  count: (cond: string, i: number) => string,
  days: unknown[],
): Case['sql'] {
  const fail = `d.state = 'erp-fail'`;
  return [
    per(
      'requisition',
      [count(draft, 0), count(`d.state = 'approval'`, 1), count(fail, 2)],
      [draft, `d.state = 'approval'`, fail],
    ),
    per(
      'order',
      [count(draft, 0), count(`d.state = 'approval'`, 1), count(fail, 2), count(upcoming, 3)],
      [draft, `d.state = 'approval'`, fail, upcoming],
      days,
    ),
    per(
      'reception',
      [count(due, 0), count(fail, 1), count(`d.state = 'reverse-fail'`, 2)],
      [due, fail, `d.state = 'reverse-fail'`],
    ),
  ];
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const notes: string[] = [];
  const rows: string[][] = [];
  let db: BenchDb | null = null;
  let server: Server | null = null;
  let sqlDb: SqlClient | null = null;
  const started = performance.now();
  let docsInDb = DOCS;
  let floorRow: string[] | null = null;
  try {
    const data = await prepareBenchData({
      url: DB_URL,
      keep: KEEP,
      ...(REUSE ? { reuse: REUSE } : {}),
      port: PORT,
      generate,
      analyze: ['analyze documents', 'analyze document_lines', 'analyze erp_outbox'],
      notes,
      fallbackDocs: DOCS,
      onReady: (parts) => {
        db = parts.db ?? db;
        server = parts.server ?? server;
        sqlDb = parts.sqlDb ?? sqlDb;
      },
    });
    ({ db, server, sqlDb, docsInDb } = data);

    const api = new Api(server.base);
    await api.signIn('buyer');
    const list = cases();
    const http = (c: Case) => () => api.call('POST', '/api/reporting/query/result', c.body);
    const hand = (c: Case, client: SqlClient) => async () => {
      for (const s of c.sql) await client.query(s.text, s.params);
    };
    const times = new Map<string, { http: number[]; sql: number[] }>();
    for (const c of list) {
      const probe = await http(c)();
      if (probe.status !== 200) {
        notes.push(`${c.name}: HTTP ${probe.status} ${JSON.stringify(probe.json).slice(0, 200)}`);
        continue;
      }
      c.note = `${probe.json.items.length} rows, ${(probe.bytes / 1024).toFixed(0)} KiB`;
      if (db.kind === 'postgres') {
        // interleaved, in alternating order: both sides meet the same load of the machine
        log(`HTTP and SQL ${c.name}`);
        times.set(c.name, await timePair(http(c), hand(c, sqlDb!)));
      } else {
        log(`HTTP ${c.name}`);
        times.set(c.name, { http: await timeIt(http(c), WARMUP, RUNS), sql: [] });
      }
    }
    const floor = await timeIt(() => api.call('GET', '/api/health'), WARMUP, RUNS);

    if (db.kind === 'pglite') {
      await server.stop();
      sqlDb = await db.open();
    }
    const sqlc = sqlDb!;
    for (const c of list) {
      const measured = times.get(c.name) ?? { http: [], sql: [] };
      try {
        if (db.kind === 'pglite' && measured.http.length) {
          log(`SQL ${c.name}`);
          measured.sql = await timeIt(hand(c, sqlc), WARMUP, RUNS);
        }
        if (EXPLAIN)
          for (const s of c.sql) {
            const plan = await sqlc.query<Record<string, string>>(
              `explain (analyze, costs off) ${s.text}`,
              s.params,
            );
            console.log(`\n-- ${c.name}\n` + plan.map((r) => Object.values(r)[0]).join('\n'));
          }
      } catch (err) {
        notes.push(`${c.name}: SQL failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      rows.push(row(c.name, measured.http, measured.sql, c.note ?? ''));
    }
    floorRow = row('HTTP floor: GET /api/health (select 1)', floor, [], 'for reading the overheads');
    await sqlc.close();
    sqlDb = null;
  } catch (err) {
    notes.push(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await sqlDb?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await db?.cleanup().catch(() => undefined);
  }

  console.log('');
  console.log(`bench:reports — ${db?.label ?? DB_URL ?? 'PGlite'}`);
  console.log(
    `N = ${docsInDb.toLocaleString('en')} documents${REUSE ? ` (schema ${REUSE} reused)` : ''}, runs = ${RUNS} (+${WARMUP} warm-up), times in ms`,
  );
  printTable(
    ['case', 'http p50', 'http p95', 'sql p50', 'sql p95', 'ratio(p50)', 'overhead(p50)', 'notes'],
    [...rows, ...(floorRow ? [floorRow] : [])],
  );
  for (const n of notes) console.log(`- ${n}`);
  console.log(`- total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
}

/** Both sides timed run by run, the order alternating, after the same warm-up. */
async function timePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<{ http: number[]; sql: number[] }> {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const out = { http: [] as number[], sql: [] as number[] };
  const one = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < RUNS; i++) {
    if (i % 2) {
      await one(b, out.sql);
      await one(a, out.http);
    } else {
      await one(a, out.http);
      await one(b, out.sql);
    }
  }
  return out;
}

function row(name: string, http: number[], sqlT: number[], note: string): string[] {
  const h50 = percentile(http, 0.5);
  const s50 = percentile(sqlT, 0.5);
  return [
    name,
    ms(h50),
    ms(percentile(http, 0.95)),
    ms(s50),
    ms(percentile(sqlT, 0.95)),
    Number.isFinite(h50) && Number.isFinite(s50) && s50 > 0 ? `${(h50 / s50).toFixed(2)}x` : 'n/a',
    Number.isFinite(h50) && Number.isFinite(s50) ? ms(h50 - s50) : 'n/a',
    note,
  ];
}

void main();
