/**
 * npm run bench:documents -- [--docs N] [--items M] [--db postgres://...] [--runs R] [--port P]
 *                            [--lines L] [--keep] [--explain] [--reuse SCHEMA]
 *
 * Generates N documents (80% orders, 10% requisitions, 10% contracts of tenant 'acme', 1 to 9
 * lines each, about 5 on average) and M reference items directly in SQL with generate_series,
 * then measures on the running server, over HTTP, the p50/p95 latency of the list cases, the
 * reference look-up and the save of an L-line order with one line changed, and the same work as
 * hand-written SQL on the same database. Prints each pair and their ratio. Prints figures only;
 * never fails.
 *
 * --keep keeps the generated PostgreSQL schema; --reuse SCHEMA measures on such a kept schema
 * without generating again (the server migrates it on start; the tables are analyzed first).
 *
 * Database: --db, else env DATABASE_URL (a fresh schema, dropped at the end unless --keep), else
 * PGlite in a throwaway directory. PGlite is single-process and the server owns the directory
 * while it runs, so on PGlite the bulk generation and the raw SQL phase run with the server
 * stopped (start, migrate and seed; stop; generate; start; HTTP phase; stop; SQL phase). On
 * PostgreSQL the server stays up and the raw SQL runs over a separate connection, each read case
 * alternately with its HTTP call (warm-up one and one, timed runs in blocks of READ_BLOCK calls),
 * so that a passing load on the machine weighs on both sides of a ratio alike.
 *
 * The raw SQL is the server's own statement for each case, written by hand (same joins, columns,
 * scope, filters, order, limit and offset as document.repository.ts / document.fields.ts), run
 * with bind parameters on one connection, so the ratio is the cost of the application layer
 * (HTTP, auth, model configuration, JSON) on top of the database.
 */
import { performance } from 'node:perf_hooks';
import {
  Api,
  createBigOrder,
  intArg,
  log,
  ms,
  parseArgs,
  percentile,
  prepareBenchData,
  printTable,
  Server,
  timeAlternating,
  timeIt,
  type BenchDb,
  type SqlClient,
} from './lib.ts';

const args = parseArgs(process.argv.slice(2));
const DOCS = intArg(args.docs, 100_000);
const ITEMS = intArg(args.items, 1_000_000);
const RUNS = Math.max(1, intArg(args.runs, 30));
const WARMUP = Math.max(1, Math.min(5, Math.ceil(RUNS / 6)));
/** Reads are cheap: warm both sides up to a steady state (JIT, caches) before timing. */
const READ_WARMUP = Math.max(WARMUP, 100);
/** ...and at least this long of calls, on both sides alike */
const READ_WARMUP_MS = 3000;
/** reads are timed at least this many times (a p50 of 30 fast calls moves by a millisecond) */
const READ_RUNS = Math.max(RUNS, 200);
/** timed reads alternate HTTP and SQL in blocks of this many calls (timeAlternating in lib.ts) */
const READ_BLOCK = 20;
/** the read cases run in turn this long before any is timed (a server up for a while) */
const SERVER_WARMUP_MS = 40_000;
const PORT = intArg(args.port, 19_800 + (process.pid % 50));
const BIG_LINES = intArg(args.lines, 2000);
const DB_URL = typeof args.db === 'string' ? args.db : process.env.DATABASE_URL || null;
const KEEP = Boolean(args.keep);
const EXPLAIN = Boolean(args.explain);
const REUSE = typeof args.reuse === 'string' ? args.reuse : undefined;

// ---------------------------------------------------------------- generation

const PHRASES = [
  'Hydraulic fittings for line',
  'Steel shafts and couplings',
  'Warehouse transport services',
  'Consignment stock of pallets',
  'Safety gloves and goggles',
  'Forklift maintenance and repair',
  'Packaging machine spare parts',
  'Cleaning supplies for offices',
  'Electrical inspection of plant',
  'Laptops from the IT catalogue',
  'Ball bearings and seals',
  'Industrial lubricants and oils',
  'Conveyor belt replacement',
  'Office chairs and desks',
  'Calibration of measuring tools',
  'Compressed air filters',
  'Welding consumables',
  'Freight and customs handling',
  'Laboratory reagents',
  'Emergency pump replacement',
];
const ITEM_NAMES = [
  'Hex bolt',
  'Hydraulic fitting',
  'Steel shaft',
  'Ball bearing',
  'Nitrile gloves',
  'Safety goggles',
  'Cable tie',
  'Copper wire',
  'Air filter',
  'Drive belt',
  'O-ring seal',
  'Lubricant oil',
  'Pallet wrap',
  'Circuit breaker',
  'LED panel',
  'Welding rod',
  'Toner cartridge',
  'Hand cleaner',
  'Pipe clamp',
  'Washer',
];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** Index definitions of a table other than its primary key / unique constraints. */
async function secondaryIndexes(db: SqlClient, table: string): Promise<Array<{ name: string; def: string }>> {
  return db.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = to_regclass($1) and not x.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    [table],
  );
}

/**
 * Bulk load: the secondary indexes of the tables are dropped before the load and re-created
 * after it from their own definitions (pg_get_indexdef), so the end state has exactly the
 * migrations' indexes; this only makes the load faster.
 */
async function generate(db: SqlClient, kind: BenchDb['kind'], notes: string[]): Promise<void> {
  const t0 = performance.now();
  if (kind === 'postgres') await db.exec(`set maintenance_work_mem = '256MB'`);
  // document_search_texts: written by a trigger for every document (migration 0028)
  const tables = ['documents', 'document_lines', 'items', 'document_search_texts'];
  const saved: Array<{ name: string; def: string }> = [];
  for (const t of tables) {
    const idx = await secondaryIndexes(db, t);
    for (const i of idx) await db.exec(`drop index ${i.name}`);
    saved.push(...idx);
  }
  const [ctx] = await db.query<{ base: string; sup: number; usr: number; grp: number; buyer: string | null }>(
    `select coalesce(max(id), 0)::text as base,
            (select count(*) from suppliers where domain_id = 'acme')::int as sup,
            (select count(*) from users where domain_id = 'acme' and supplier_id is null)::int as usr,
            (select count(*) from groups where domain_id = 'acme')::int as grp,
            (select id from users where domain_id = 'acme' and username = 'buyer') as buyer
       from documents`,
  );
  if (!ctx?.buyer || !ctx.sup || !ctx.usr || !ctx.grp)
    throw new Error(`the demo tenant 'acme' is missing: ${JSON.stringify(ctx)}`);
  const base = Number(ctx.base);

  // Documents: g = 1..N; lines per document nl = 1 + (7g mod 9), 5 on average; the header
  // values are the sums of the lines generated below from the same formulas.
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
             1 + g % ${ctx.sup} as si,
             1 + (7 * g) % 9 as nl
        from generate_series(1, ${DOCS}) g
    ), v as (
      select g.*, (select sum(${q('g.g', 'k')} * ${p('g.g', 'k')}) from generate_series(1, g.nl) k) as net from g
    )
    insert into documents (domain_id, model, type, subtype, key, state, supplier_id, requester_id, group_id,
                           plant, created_by, updated_by, created_at, updated_at, data,
                           gross_value, net_value, tax_value, value, list_value)
    select 'acme', v.m, v.m,
           case v.m when 'order' then (array['P001','P002','P003','P004','P005','P006','P007','P008','P009','P010','P011','P012','P013'])[1 + v.g % 13]
                    when 'requisition' then 'R00' || (1 + v.g % 7) else 'C00' || (1 + v.g % 4) end,
           case when v.state in ('approved','erp-done','completed','closed') then
             -- numbered above the demo tenant's own documents (keys are unique per tenant and model)
             case v.m when 'order' then (4510000000 + v.g)::text when 'requisition' then (1010000000 + v.g)::text
                      else 'CTB-' || lpad(v.g::text, 7, '0') end end,
           v.state,
           case when v.m <> 'requisition' then c.sup[v.si] end,
           c.usr[1 + v.g % cardinality(c.usr)],
           c.grp[1 + v.g % cardinality(c.grp)],
           (array['pt-lisboa','pt-porto','es-madrid'])[1 + v.g % 3],
           '${ctx.buyer}', '${ctx.buyer}',
           timestamptz '2024-01-01' + v.g * interval '53 seconds',
           timestamptz '2024-01-01' + v.g * interval '53 seconds' + interval '2 hours',
           jsonb_strip_nulls(jsonb_build_object(
             'description', (${sqlArray(PHRASES)})[1 + v.g % ${PHRASES.length}] || ' ' || (1 + v.g % 5000),
             'currency', case when v.g % 17 = 0 then 'USD' else 'EUR' end,
             'exchangeRate', 1,
             'deliveryDate', to_char(date '2025-01-01' + ((v.g::bigint * 7919) % 900)::int, 'YYYY-MM-DD'),
             'paymentTerms', (array['30D','60D','90D'])[1 + v.g % 3],
             'supplier', case when v.m <> 'requisition' then jsonb_build_object('_id', c.sup[v.si], 'name', c.supn[v.si]) end,
             'reference', case when v.m = 'order' and v.g % 13 = 10 then jsonb_build_object('contract', 'CTB-' || lpad((v.g % 1000)::text, 7, '0')) end,
             'validFrom', case when v.m = 'contract' then '2026-01-01' end,
             'validTo', case when v.m = 'contract' then '2026-12-31' end
           )),
           v.net, v.net, round(v.net * 0.23, 2), v.net + round(v.net * 0.23, 2), v.net
      from v, c
     order by v.g`);
  log(`generating lines`);
  await db.exec(`
    insert into document_lines (document_id, domain_id, pos, subpos, data, quantity, price, value)
    select d.id, 'acme', k * 10, 0,
           jsonb_build_object(
             'pos', k * 10, 'subpos', 0,
             'item', 'MAT-' || lpad((1000 + (d.id * 7 + k) % 9000)::text, 4, '0'),
             'description', (${sqlArray(ITEM_NAMES)})[1 + (d.id + k) % ${ITEM_NAMES.length}] || ' ' || k,
             'type', 'material', 'unit', 'UN',
             'quantity', ${q('x.g', 'k')}::text, 'price', ${p('x.g', 'k')}::text,
             'tax', jsonb_build_object('key', 'IVA23'),
             'netValue', (${q('x.g', 'k')} * ${p('x.g', 'k')})::text,
             'value', round(${q('x.g', 'k')} * ${p('x.g', 'k')} * 1.23, 2)::text),
           ${q('x.g', 'k')}, ${p('x.g', 'k')}, round(${q('x.g', 'k')} * ${p('x.g', 'k')} * 1.23, 2)
      from documents d
     cross join lateral (select d.id - ${base} as g) x
     cross join lateral generate_series(1, 1 + (7 * x.g) % 9) k
     where d.id > ${base}`);

  const itemsExists = (await db.query<{ t: string | null }>(`select to_regclass('items')::text as t`))[0]?.t;
  if (!itemsExists) {
    notes.push(
      'no items table (migration 0003-reference not there): items not generated, look-up not measured',
    );
  } else if (ITEMS > 0) {
    log(`generating ${ITEMS.toLocaleString('en')} items`);
    const cols = await db.query<{
      name: string;
      type: string;
      identity: string;
      def: string | null;
      notnull: boolean;
    }>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attidentity as identity,
              pg_get_expr(d.adbin, d.adrelid) as def, a.attnotnull as notnull
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = to_regclass('items') and a.attnum > 0 and not a.attisdropped order by a.attnum`,
    );
    const exprs: Record<string, string> = {
      domain_id: `'acme'`,
      code: `'MAT-' || lpad(g::text, 7, '0')`,
      name: `(${sqlArray(ITEM_NAMES)})[1 + g % ${ITEM_NAMES.length}] || ' ' || (array['M6','M8','M10','M12','1/2"','3/4"','XL','L','M','S'])[1 + (g / 20) % 10] || ' ' || (g % 997)`,
      uom: `(array['UN','KG','M','L','BOX'])[1 + g % 5]`,
      material_group: `'MG' || lpad((g % 200)::text, 3, '0')`,
      unspsc: `(31000000 + (g::bigint * 7919) % 1000000)::text`,
      price: `round(((g * 37) % 100000) / 100.0 + 0.1, 2)`,
      data: `jsonb_build_object('description', 'Catalogue item ' || g, 'manufacturer', (array['Acme','Bosch','SKF','3M','Festo'])[1 + g % 5], 'leadTimeDays', 1 + g % 30)`,
    };
    const names: string[] = [];
    const values: string[] = [];
    const missing: string[] = [];
    for (const c of cols) {
      let e = exprs[c.name];
      if (!e && c.name === 'id' && !c.identity && !c.def)
        e = c.type.includes('int') ? 'g' : c.type === 'uuid' ? 'gen_random_uuid()' : `'item-' || g`;
      if (!e && c.name === 'active') e = 'true';
      if (e) {
        names.push(c.name);
        values.push(`(${e})::${c.type}`);
      } else if (c.notnull && !c.def && !c.identity) missing.push(c.name);
    }
    if (missing.length)
      notes.push(`items not generated: no generator for NOT NULL column(s) ${missing.join(', ')}`);
    else {
      await db.exec(
        `insert into items (${names.join(', ')}) select ${values.join(', ')} from generate_series(1, ${ITEMS}) g`,
      );
      notes.push(`items generated with columns: ${names.join(', ')}`);
    }
  }
  log('re-creating indexes');
  for (const i of saved) await db.exec(i.def);
  log('vacuum analyze');
  for (const t of tables)
    if ((await db.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [t]))[0]?.t)
      await db.exec(`vacuum analyze ${t}`);
  notes.push(
    `generation (documents, lines, items, indexes, vacuum analyze): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------- the cases

/**
 * The list statement of document.repository.ts `list` with the scope of a view-all caller: the
 * page's ids (scope, filters, order, offset) in a subquery, then the columns and joins of those rows.
 */
const LIST_COLUMNS = `d.id::text as id, d.model, d.type, d.subtype, d.key, d.state, d.supplier_id,
  s.name as supplier_name, d.requester_id, r.name as requester_name, d.group_id, g.key as group_key,
  g.name as group_name, d.plant, d.created_by, c.name as created_by_name, d.created_at, d.updated_by,
  d.updated_at, d.version, d.deleted, d.data, d.gross_value::text as gross_value,
  d.discount_value::text as discount_value, d.cost_value::text as cost_value, d.net_value::text as net_value,
  d.tax_value::text as tax_value, d.value::text as value, d.list_value::text as list_value`;
const JOINS = `left join suppliers as s on s.id = d.supplier_id
  left join users as r on r.id = d.requester_id
  left join users as c on c.id = d.created_by
  left join groups as g on g.id = d.group_id`;
const SCOPE = `(d.domain_id = $1 and d.model = $2 and true) and d.deleted = $3`;

function listSql(o: {
  conditions?: string[];
  sort: string;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  params: unknown[];
}) {
  const n = o.params.length;
  const dir = o.dir === 'desc' ? 'desc nulls last' : 'asc nulls first';
  const where = [SCOPE, ...(o.conditions ?? [])].join(' and ');
  const order = `order by ${o.sort} ${dir}, d.id ${dir}`;
  return {
    text: `select ${LIST_COLUMNS} from documents as d ${JOINS}
      inner join (select d.id from documents as d where ${where} ${order} limit $${n + 4} offset $${n + 5}) as p
        on p.id = d.id
      ${order}`,
    params: ['acme', 'order', false, ...o.params, o.limit, o.offset],
  };
}

const SEARCH_WORD = 'hydraulic';
/** a common word (5% of the catalogue matches), a selective code prefix (100 items), a misspelling */
const LOOKUP_WORDS = ['bolt', 'mat-00123', 'hydralic fiting'];
const TEXT_SEARCH = (a: number, b: number) =>
  `(d.search @@ to_tsquery('simple'::regconfig, $${a}) or d.key ilike $${b})`;

interface Case {
  name: string;
  http: { method: string; path: string } | null;
  sql: Array<{ text: string; params: unknown[] }> | null;
  /** hand-written SQL that needs control flow (the tiered look-up) */
  run?: (c: SqlClient) => Promise<void>;
  note?: string;
}

function listCases(): Case[] {
  const first = listSql({ sort: 'd.id', dir: 'desc', limit: 30, offset: 0, params: [] });
  const countSql = {
    text: `select count(*)::text as n from documents as d
      left join suppliers as s on s.id = d.supplier_id left join users as r on r.id = d.requester_id
      left join users as c on c.id = d.created_by left join groups as g on g.id = d.group_id where ${SCOPE}`,
    params: ['acme', 'order', false],
  };
  return [
    {
      name: 'first list page (30, -_id)',
      http: { method: 'GET', path: '/api/purchasing/order' },
      sql: [first],
    },
    {
      name: 'first page + count (c=1)',
      http: { method: 'GET', path: '/api/purchasing/order?c=1' },
      sql: [first, countSql],
    },
    {
      name: 'page 1,000 (offset 29,970)',
      http: { method: 'GET', path: '/api/purchasing/order?p=1000' },
      sql: [listSql({ sort: 'd.id', dir: 'desc', limit: 30, offset: 29_970, params: [] })],
    },
    {
      name: 'sorted by JSON -deliveryDate',
      http: { method: 'GET', path: '/api/purchasing/order?s=-deliveryDate' },
      sql: [
        listSql({
          // the path written into the statement, as sortSpec (document.fields.ts) writes it
          sort: `left(jsonb_extract_path_text(d.data, 'deliveryDate'), 200)`,
          dir: 'desc',
          limit: 30,
          offset: 0,
          params: [],
        }),
      ],
    },
    filteredCase(),
  ];
}

/** The rows of a page's ids: the server's second statement of a page planned on every call. */
const ROWS_BY_ID = `select ${LIST_COLUMNS} from documents as d ${JOINS} where d.id = any($1::bigint[])`;

/**
 * A filtered page as document.repository.ts `list` reads a page whose plan depends on its values:
 * its ids (planned on every call), then their rows through a statement prepared once per connection.
 */
function filteredCase(): Case {
  const ids = {
    text: `select d.id::text as id from documents as d
      where ${SCOPE} and (d.state)::text in ($4) and ${TEXT_SEARCH(5, 6)}
      order by d.id desc nulls last limit 30`,
    params: ['acme', 'order', false, 'approved', `${SEARCH_WORD}:*`, `%${SEARCH_WORD}%`],
  };
  return {
    name: `filtered search q=${SEARCH_WORD}, state=approved`,
    http: { method: 'GET', path: `/api/purchasing/order?q=${SEARCH_WORD}&_state.current=approved` },
    // for --explain: the statement planned on every call
    sql: [ids],
    run: async (c) => {
      const page = await c.query<{ id: string }>(ids.text, ids.params);
      if (page.length) await c.query(ROWS_BY_ID, [page.map((r) => r.id)], 'bench_rows_by_id');
    },
  };
}

/**
 * The item look-up of reference.repository.ts (tiered version) for a normalized q, page 1 of 10, no
 * count, on a connection whose word similarity threshold is set (as the server's are): (1) code prefix by
 * code, (2) while the page is not full, name prefix by name, (3) while still not full and q has 3+
 * characters, the nearest fuzzy matches of name and of code (trigram KNN). Same statements, same
 * conditions as the server.
 */
async function lookupCase(sqlDb: SqlClient | null, kind: BenchDb['kind'], q: string): Promise<Case> {
  // pg_trgm's schema: 'public' as migration 0003 creates it (the server looks it up the same way)
  let ns = 'public';
  if (sqlDb && kind === 'postgres') {
    const [r] = await sqlDb.query<{ s: string }>(
      `select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
    );
    if (r?.s) ns = r.s;
  }
  const end = 10;
  const cols = `t.id, t.code, t.name, t.uom, t.material_group, t.unspsc, t.price::text as price`;
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byPrefix = (expr: string) =>
    `select ${cols} from items t where t.domain_id = $1 and (${expr}) collate "C" like $2
      order by (${expr}) collate "C", t.id limit $3`;
  // the nearest of the first 100 similar rows (FUZZY_CANDIDATES of reference.repository.ts)
  const fuzzy = (expr: string) =>
    `select * from (select ${cols}, (${expr} operator("${ns}".<->>) $2::text) as distance from items t
      where t.domain_id = $1 and $3 operator("${ns}".<%) ${expr} limit 100) c
      order by c.distance limit $4`;
  return {
    name: `reference look-up item q=${q} (l=10)`,
    http: { method: 'GET', path: `/api/reference/item?q=${encodeURIComponent(q)}&p=1&l=10&c=0` },
    sql: null,
    run: async (c) => {
      // the server's connections start with this setting (db/connect.ts); set it on ours, untimed
      if (!thresholdSet.has(c)) {
        await c.query(`select set_config('pg_trgm.word_similarity_threshold', $1, false)`, ['0.5']);
        thresholdSet.add(c);
      }
      const seen = new Set<string>();
      const add = (rows: Array<{ id: string }>) => {
        for (const r of rows) if (seen.size < end) seen.add(r.id);
      };
      add(await c.query(byPrefix('lower(t.code)'), ['acme', prefix, end]));
      if (seen.size < end) add(await c.query(byPrefix('lower(t.name)'), ['acme', prefix, end]));
      if (seen.size < end && q.length >= 3) {
        const near = [
          ...(await c.query<{ id: string; distance: number }>(fuzzy('lower(t.name)'), ['acme', q, q, end])),
          ...(await c.query<{ id: string; distance: number }>(fuzzy('lower(t.code)'), ['acme', q, q, end])),
        ];
        near.sort((x, y) => Number(x.distance) - Number(y.distance));
        add(near);
      }
    },
  };
}

const thresholdSet = new WeakSet<SqlClient>();

/** GET /api/search/order: search.repository.ts `search` with the order scope, page 1 of 30, no count. */
function searchCase(): Case {
  const query = (n: number) => `websearch_to_tsquery('simple'::regconfig, $${n})`;
  // the snippet's text is written by a trigger on save (migration 0028), without the restricted fields
  const readable = `replace(replace(replace(coalesce(t.text, h.key, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
  return {
    name: `search route order q=${SEARCH_WORD}`,
    http: { method: 'GET', path: `/api/search/order?q=${SEARCH_WORD}` },
    sql: [
      {
        // search.repository.ts: rank the newest 300 matches (SEARCH_CANDIDATES), headline the page
        text: `with candidates as materialized (
            select d.id from documents d
            where ((d.domain_id = $1 and d.model = $2 and true)) and d.deleted = false and d.search @@ ${query(4)}
            order by d.id desc
            limit 300
          ), hits as (
            select d.id, d.model, d.key, d.subtype, d.state, ts_rank(d.search, ${query(3)}) as rank,
              d.data
            from candidates c join documents d on d.id = c.id
            order by rank desc, d.id desc
            limit $5 offset $6
          )
          select h.id::text as id, h.model, h.key, h.subtype, h.state,
            coalesce(h.data ->> 'description', h.data ->> 'name', h.key, h.model || ' ' || h.id::text) as title,
            ts_headline('simple'::regconfig, ${readable}, ${query(7)},
              'StartSel=<b>, StopSel=</b>, MaxWords=25, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "') as snippet
          from hits h left join document_search_texts t on t.document_id = h.id
          order by h.rank desc, h.id desc`,
        params: ['acme', 'order', SEARCH_WORD, SEARCH_WORD, 30, 0, SEARCH_WORD],
      },
    ],
  };
}

/** The hand-written SQL of a case as one call, or null when the case has none. */
function sqlRunner(c: Case): ((db: SqlClient) => Promise<void>) | null {
  if (c.run) return c.run;
  const statements = c.sql;
  if (!statements) return null;
  return async (db) => {
    for (const s of statements) await db.query(s.text, s.params);
  };
}

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
      analyze: ['analyze'],
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

    // ---- HTTP phase
    const cases = listCases();
    const refProbe = await api.call('GET', '/api/reference/item?q=bolt&p=1&l=10&c=0');
    if (refProbe.status === 200)
      for (const q of LOOKUP_WORDS) cases.push(await lookupCase(sqlDb ?? null, db.kind, q));
    else notes.push(`reference look-up not measured: GET /api/reference/item answered ${refProbe.status}`);
    const searchProbe = await api.call('GET', `/api/search/order?q=${SEARCH_WORD}`);
    if (searchProbe.status === 200) cases.push(searchCase());
    else notes.push(`search route not measured: GET /api/search/order answered ${searchProbe.status}`);

    // The server just started: V8 has not yet optimised the code of these calls. Over HTTP alone,
    // the JSON-sorted page of a fresh server took 4.5 ms in its first 3 s of calls, 2.0 ms after
    // 10 s and 1.7 ms after 25 s (about 5,000 calls), so every read case runs in turn for a while
    // first, as on a server that has been up for a while.
    const warmCases = cases.filter((c) => c.http && c.http.method === 'GET');
    log(`warming the server up: ${warmCases.length} read cases in turn for ${SERVER_WARMUP_MS / 1000} s`);
    const warmUntil = performance.now() + SERVER_WARMUP_MS;
    while (warmCases.length && performance.now() < warmUntil)
      for (const c of warmCases) await api.call(c.http!.method, c.http!.path);

    const httpTimes = new Map<string, number[]>();
    const pairedSqlTimes = new Map<string, number[]>();
    for (const c of cases) {
      if (!c.http) continue;
      const probe = await api.call(c.http.method, c.http.path);
      if (probe.status !== 200) {
        notes.push(`${c.name}: HTTP ${probe.status} ${JSON.stringify(probe.json).slice(0, 200)}`);
        continue;
      }
      const n = Array.isArray(probe.json?.items)
        ? probe.json.items.length
        : Array.isArray(probe.json)
          ? probe.json.length
          : '?';
      c.note = [c.note, `${n} rows, ${(probe.bytes / 1024).toFixed(0)} KiB`].filter(Boolean).join('; ');
      const callHttp = () => api.call(c.http!.method, c.http!.path);
      const runSql = sqlRunner(c);
      if (db.kind === 'postgres' && sqlDb && runSql) {
        // on PostgreSQL both sides run at once: blocks of HTTP calls and of their SQL, in turn, so
        // that a passing load on the machine weighs on both sides of the ratio alike
        log(`HTTP and SQL, alternately: ${c.name}`);
        const sqlc = sqlDb;
        try {
          const [h, q] = await timeAlternating(
            callHttp,
            () => runSql(sqlc),
            READ_WARMUP,
            READ_RUNS,
            READ_WARMUP_MS,
            READ_BLOCK,
          );
          httpTimes.set(c.name, h);
          pairedSqlTimes.set(c.name, q);
        } catch (err) {
          await sqlc.exec('rollback').catch(() => undefined);
          notes.push(`${c.name}: SQL failed: ${err instanceof Error ? err.message : String(err)}`);
          httpTimes.set(c.name, await timeIt(callHttp, READ_WARMUP, READ_RUNS, READ_WARMUP_MS));
          pairedSqlTimes.set(c.name, []);
        }
      } else {
        log(`HTTP ${c.name}`);
        httpTimes.set(c.name, await timeIt(callHttp, READ_WARMUP, READ_RUNS, READ_WARMUP_MS));
      }
    }
    // the floor: the health route (its only database work is one `select 1`), to read the ratios against
    const floor = await timeIt(() => api.call('GET', '/api/health'), READ_WARMUP, READ_RUNS, READ_WARMUP_MS);

    // save an L-line order: created once, then PUT of the whole document with its version and the
    // quantity of one line changed, as a person saves an edit (the server writes the changed lines)
    const big = await createBigOrder(api, BIG_LINES);
    if (big.note) notes.push(big.note);
    const saveName = `save ${big.lines.toLocaleString('en')}-line order, 1 line changed (PUT)`;
    const CHANGED = Math.min(7, big.lines - 1);
    let doc = (await api.call('GET', `/api/purchasing/order/${big.id}`)).json;
    const bodyBytes = JSON.stringify(doc).length;
    let saveNote = `body ${(bodyBytes / 1024).toFixed(0)} KiB`;
    const saveTimes: number[] = [];
    {
      let fails = 0;
      for (let i = 0; i < WARMUP + RUNS && fails < 3; i++) {
        const lines = (doc.lines ?? []) as Array<Record<string, unknown>>;
        const quantity = String(2 + (i % 2));
        const body = { ...doc, lines: lines.map((l, k) => (k === CHANGED ? { ...l, quantity } : l)) };
        const t0 = performance.now();
        const res = await api.call('PUT', `/api/purchasing/order/${big.id}`, body);
        const dt = performance.now() - t0;
        if (res.status !== 200) {
          fails++;
          saveNote += `; PUT answered ${res.status}: ${res.json?.message ?? ''}`;
          continue;
        }
        doc = res.json;
        if (i >= WARMUP) saveTimes.push(dt);
      }
    }
    log(`HTTP ${saveName}`);

    // ---- SQL phase
    if (db.kind === 'pglite') {
      await server.stop();
      sqlDb = await db.open();
    }
    const sqlc = sqlDb!;
    for (const c of cases) {
      const http = httpTimes.get(c.name);
      let sqlTimes: number[] = pairedSqlTimes.get(c.name) ?? [];
      const runSql = sqlRunner(c);
      if (runSql) {
        try {
          if (!pairedSqlTimes.has(c.name)) {
            log(`SQL ${c.name}`);
            sqlTimes = await timeIt(() => runSql(sqlc), READ_WARMUP, READ_RUNS, READ_WARMUP_MS);
          }
          if (EXPLAIN && c.sql) {
            for (const s of c.sql.filter(
              (x) => /^\s*(select|with)\b/i.test(x.text) && !x.text.includes('set_config'),
            )) {
              const plan = await sqlc.query<Record<string, string>>(
                `explain (analyze, costs off) ${s.text}`,
                s.params,
              );
              console.log(`\n-- ${c.name}\n` + plan.map((r) => Object.values(r)[0]).join('\n'));
            }
          }
        } catch (err) {
          await sqlc.exec('rollback').catch(() => undefined);
          notes.push(`${c.name}: SQL failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      rows.push(row(c.name, http ?? [], sqlTimes, c.note ?? ''));
    }

    // the SQL of the save, the server's statements (document.save.ts, document-lines.repository.ts):
    // the row locked, its lines read (the save compares them), the header updated, the changed line
    // written over the stored one, and the answer's row and lines read; one transaction
    const lines: Array<Record<string, unknown>> = doc.lines ?? [];
    const header = { ...doc };
    delete header.lines;
    const changed = lines[CHANGED] ?? {};
    const changedJson = JSON.stringify([
      {
        pos: changed.pos,
        subpos: changed.subpos ?? 0,
        data: changed,
        quantity: String(changed.quantity ?? 0),
        price: String(changed.price ?? 0),
        value: String(changed.value ?? 0),
      },
    ]);
    const readLines = `select pos, subpos, data from document_lines where document_id = $1::bigint order by pos, subpos`;
    log(`SQL ${saveName}`);
    const buyerId = doc._state?.created?.user?._id;
    const saveSql = await timeIt(
      async () => {
        await sqlc.exec('begin');
        try {
          await sqlc.query(`select * from documents where id = $1::bigint for update`, [big.id]);
          await sqlc.query(readLines, [big.id]);
          await sqlc.query(
            `update documents set type = $2, subtype = $3, key = $4, state = $5, supplier_id = $6, requester_id = $7,
             group_id = $8, plant = $9, deleted = false, data = $10::jsonb, updated_by = $11, updated_at = now(),
             version = version + 1, gross_value = $12, discount_value = $13, cost_value = $14, net_value = $15,
             tax_value = $16, value = $17, list_value = $18
           where id = $1::bigint`,
            [
              big.id,
              'order',
              doc.doc?.subtype ?? null,
              doc.key ?? null,
              doc._state?.current ?? 'updated',
              doc.supplier?._id ?? null,
              doc.requester?._id ?? null,
              doc.group?._id ?? null,
              doc.plant ?? null,
              JSON.stringify(header),
              buyerId,
              doc.grossValue,
              doc.discountValue,
              doc.costValue,
              doc.netValue,
              doc.taxValue,
              doc.value,
              doc.listValue,
            ],
          );
          if (lines.length)
            await sqlc.query(
              `insert into document_lines (document_id, domain_id, pos, subpos, data, quantity, price, value)
               select $1::bigint, $2, x.pos, x.subpos, x.data, x.quantity, x.price, x.value
               from jsonb_to_recordset($3::jsonb)
                 as x(pos int, subpos int, data jsonb, quantity numeric, price numeric, value numeric)
               on conflict (document_id, pos, subpos) do update
               set data = excluded.data, quantity = excluded.quantity, price = excluded.price, value = excluded.value`,
              [big.id, 'acme', changedJson],
            );
          await sqlc.exec('commit');
          await sqlc.query(`select * from documents where id = $1::bigint`, [big.id]);
          await sqlc.query(readLines, [big.id]);
        } catch (err) {
          await sqlc.exec('rollback');
          throw err;
        }
      },
      WARMUP,
      RUNS,
    );
    rows.push(row(saveName, saveTimes, saveSql, saveNote));
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
  console.log(`bench:documents — ${db?.label ?? DB_URL ?? 'PGlite'}`);
  console.log(
    `N = ${docsInDb.toLocaleString('en')} documents${REUSE ? ` (schema ${REUSE} reused)` : ''}, items = ${REUSE ? 'as generated' : ITEMS.toLocaleString('en')}, runs = ${READ_RUNS} for reads (after ${READ_WARMUP} warm-up calls and at least ${READ_WARMUP_MS / 1000} s of them), ${RUNS} for the save (+${WARMUP} warm-up), times in ms`,
  );
  printTable(
    ['case', 'http p50', 'http p95', 'sql p50', 'sql p95', 'ratio(p50)', 'overhead(p50)', 'notes'],
    [...rows, ...(floorRow ? [floorRow] : [])],
  );
  for (const n of notes) console.log(`- ${n}`);
  console.log(`- total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
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
