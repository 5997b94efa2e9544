/**
 * node --import tsx bench/approvals.ts -- [--docs N] [--db postgres://...] [--runs R] [--port P] [--lines L]
 *
 * Approvals at scale, each case beside the hand-written SQL of the same work:
 * - 'Assigned to me', first page: N orders of tenant 'acme' (default 1,000,000), one in a thousand
 *   waiting for one of the tenant's users in turn (data.assignees), listed by the director with the working context
 *   'assigned' (x-p2p-context), the list statement of document.repository.ts with the assignees
 *   condition of document.scope.ts (the GIN index of migration 0015);
 * - the approval dry run of an L-line order (default 2,000): POST /automation/approval-dry-run/order/{id},
 *   against the reads it needs written by hand (the row, its lines, the rules, the people, the
 *   delegations of the day).
 * Database as in bench/documents.ts: --db, else DATABASE_URL (a fresh schema), else PGlite (the SQL
 * phase then runs with the server stopped). Prints figures only; never fails.
 */
import http from 'node:http';
import { encodeContext } from '@p2p/domain';
import {
  Api,
  createBigOrder,
  intArg,
  log,
  ms,
  parseArgs,
  percentile,
  printTable,
  Server,
  setupDb,
  timeIt,
  type BenchDb,
  type SqlClient,
} from './lib.ts';

const args = parseArgs(process.argv.slice(2));
const DOCS = intArg(args.docs, 1_000_000);
const RUNS = Math.max(1, intArg(args.runs, 30));
const WARMUP = Math.max(5, Math.ceil(RUNS / 3));
const PORT = intArg(args.port, 19_850 + (process.pid % 50));
const LINES = intArg(args.lines, 2000);
const DB_URL = typeof args.db === 'string' ? args.db : process.env.DATABASE_URL || null;

/** One call with the working context header the web app sends ('Assigned to me'). */
function callWithContext(base: string, token: string, path: string, context: object) {
  const url = new URL(base + path);
  return new Promise<{ status: number; rows: number }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'GET',
        agent: keepAlive,
        headers: { authorization: `Bearer ${token}`, 'x-p2p-context': encodeContext(context) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items?: unknown[] };
          resolve({ status: res.statusCode ?? 0, rows: body.items?.length ?? 0 });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * N orders, one in a thousand waiting for approval, assigned in turn to each internal user of the
 * tenant (as approvals spread over the approvers): the director has about N / 1000 / 12 of them.
 */
async function generate(db: SqlClient): Promise<string> {
  const [ctx] = await db.query<{ buyer: string; director: string; sup: string; supn: string }>(
    `select (select id from users where domain_id = 'acme' and username = 'buyer') as buyer,
            (select id from suppliers where domain_id = 'acme' order by name limit 1) as sup,
            (select name from suppliers where domain_id = 'acme' order by name limit 1) as supn,
            id as director from users where domain_id = 'acme' and username = 'director'`,
  );
  if (!ctx) throw new Error("the demo tenant 'acme' is missing");
  log(`generating ${DOCS.toLocaleString('en')} orders`);
  await db.exec(`
    with c as (
      select array_agg(jsonb_build_array(jsonb_build_object('_id', id, 'name', name)) order by username) as who
        from users where domain_id = 'acme' and supplier_id is null and role_key <> 'system'
    )
    insert into documents (domain_id, model, type, subtype, state, supplier_id, created_by, updated_by, data)
    select 'acme', 'order', 'order', 'P001', case when g % 1000 = 0 then 'approval' else 'created' end,
           '${ctx.sup}', '${ctx.buyer}', '${ctx.buyer}',
           jsonb_build_object('description', 'Bench order ' || g, 'currency', 'EUR',
             'supplier', jsonb_build_object('_id', '${ctx.sup}', 'name', '${ctx.supn.replace(/'/g, "''")}'))
             || case when g % 1000 = 0
                  then jsonb_build_object('assignees', c.who[1 + (g / 1000) % cardinality(c.who)])
                  else '{}'::jsonb end
      from generate_series(1, ${DOCS}) g, c`);
  log('vacuum analyze');
  await db.exec('vacuum analyze documents');
  return ctx.director;
}

/** The server's list statement (document.repository.ts) with the 'assigned' condition of document.scope.ts. */
const assignedSql = (director: string) => ({
  text: `select d.id::text as id, d.model, d.type, d.subtype, d.key, d.state, d.supplier_id, s.name as supplier_name,
      d.requester_id, r.name as requester_name, d.group_id, g.key as group_key, g.name as group_name, d.plant,
      d.created_by, c.name as created_by_name, d.created_at, d.updated_by, d.updated_at, d.version, d.deleted,
      d.data, d.gross_value::text, d.discount_value::text, d.cost_value::text, d.net_value::text,
      d.tax_value::text, d.value::text, d.list_value::text
    from documents as d
      left join suppliers as s on s.id = d.supplier_id left join users as r on r.id = d.requester_id
      left join users as c on c.id = d.created_by left join groups as g on g.id = d.group_id
      inner join (select d.id from documents as d
        where (d.domain_id = $1 and d.model = $2 and true) and d.deleted = false
          and d.data -> 'assignees' @> $3::jsonb
        order by d.id desc nulls last limit 30) as p on p.id = d.id
    order by d.id desc nulls last`,
  params: ['acme', 'order', JSON.stringify([{ _id: director }])],
});

/** What the dry run reads, by hand: the row, its lines, the rules, the people, the delegations of the day. */
const dryRunSql = (id: string) => [
  {
    text: `select d.*, d.id::text from documents d where d.domain_id = $1 and d.model = $2 and d.id = $3::bigint`,
    params: ['acme', 'order', id],
  },
  {
    text: `select data from document_lines where document_id = $1::bigint order by pos, subpos`,
    params: [id],
  },
  {
    text: `select * from approval_rules where domain_id = $1 and model = $2 order by model, priority, id`,
    params: ['acme', 'order'],
  },
  {
    text: `select u.id, u.name, u.role_key, r.role_key as extra from users u left join user_roles r on r.user_id = u.id
      where u.domain_id = $1 and u.status = 'active' and u.supplier_id is null order by u.name, u.id`,
    params: ['acme'],
  },
  {
    text: `select user_id, substitute_id from approval_delegations
      where domain_id = $1 and starts_on <= $2::date and ends_on >= $2::date order by id`,
    params: ['acme', new Date().toISOString().slice(0, 10)],
  },
];

const row = (name: string, h: number[], s: number[], note: string) => {
  const h50 = percentile(h, 0.5);
  const s50 = percentile(s, 0.5);
  return [
    name,
    ms(h50),
    ms(percentile(h, 0.95)),
    ms(s50),
    ms(percentile(s, 0.95)),
    s50 > 0 ? `${(h50 / s50).toFixed(2)}x` : 'n/a',
    note,
  ];
};

async function main(): Promise<void> {
  const notes: string[] = [];
  const rows: string[][] = [];
  let db: BenchDb | null = null;
  let server: Server | null = null;
  let sqlc: SqlClient | null = null;
  try {
    db = await setupDb({ url: DB_URL, keep: false });
    log(`database: ${db.label}`);
    server = new Server(PORT, db.serverEnv);
    await server.start();
    if (db.kind === 'pglite') await server.stop();
    const gen = await db.open();
    const director = await generate(gen);
    if (db.kind === 'pglite') {
      await gen.close();
      await server.start();
    } else sqlc = gen;

    const api = new Api(server.base);
    const directorToken = ((await new Api(server.base).signIn('director')) as { token: string }).token;
    const assigned = () =>
      callWithContext(server!.base, directorToken, '/api/purchasing/order', { group: 'assigned' });
    const probe = await assigned();
    notes.push(`'Assigned to me': ${probe.rows} rows on the first page (status ${probe.status})`);
    log("HTTP 'Assigned to me'");
    const assignedHttp = await timeIt(assigned, WARMUP, RUNS);

    await api.signIn('buyer');
    const big = await createBigOrder(api, LINES);
    if (big.note) notes.push(big.note);
    const dryRun = () => api.call('POST', `/api/automation/approval-dry-run/order/${big.id}`, {});
    const plan = await dryRun();
    notes.push(
      `dry run: status ${plan.status}, ${plan.json?.levels?.length ?? '?'} level(s), amount ${plan.json?.amount ?? '?'}`,
    );
    log('HTTP dry run');
    const dryHttp = await timeIt(dryRun, WARMUP, RUNS);

    if (db.kind === 'pglite') {
      await server.stop();
      sqlc = await db.open();
    }
    const c = sqlc!;
    const a = assignedSql(director);
    log("SQL 'Assigned to me'");
    const assignedRaw = await timeIt(() => c.query(a.text, a.params), WARMUP, RUNS);
    log('SQL dry run');
    const dryRaw = await timeIt(
      async () => {
        for (const s of dryRunSql(big.id)) await c.query(s.text, s.params);
      },
      WARMUP,
      RUNS,
    );
    rows.push(
      row(
        `'Assigned to me' first page (${DOCS.toLocaleString('en')} orders)`,
        assignedHttp,
        assignedRaw,
        'GIN (data->assignees)',
      ),
    );
    rows.push(
      row(
        `dry run of a ${big.lines.toLocaleString('en')}-line order`,
        dryHttp,
        dryRaw,
        'reads only on the SQL side; the server also prices the lines',
      ),
    );
  } catch (err) {
    notes.push(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await sqlc?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await db?.cleanup().catch(() => undefined);
  }
  console.log(
    `\nbench:approvals — ${db?.label ?? 'PGlite'}; runs = ${RUNS} (+${WARMUP} warm-up), times in ms`,
  );
  printTable(['case', 'http p50', 'http p95', 'sql p50', 'sql p95', 'ratio(p50)', 'notes'], rows);
  for (const n of notes) console.log(`- ${n}`);
  process.exit(0);
}

void main();
