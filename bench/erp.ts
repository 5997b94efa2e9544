/**
 * npm run bench:erp -- [--orders N] [--latency MS] [--db postgres://...]
 *
 * The ERP outbox against the SAP-shaped simulator, in one process:
 * 1. throughput: N approved orders (default 500) moved to erp first, then one worker with 5 senders
 *    drains the outbox: orders per second into the simulator;
 * 2. latency: 5 concurrent senders (buyers) each move N/5 orders to erp one after another while
 *    the worker runs: the p50/p95/max time from the move to erp to erp-done (timeline timestamps).
 * The simulator answers after --latency ms (default 20, a LAN round trip to an S/4HANA system).
 * Database: --db, else DATABASE_URL (a fresh schema), else PGlite in memory. Prints figures; never fails.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DocumentResponse } from '@p2p/domain';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { connectPglite, connectPostgres, type Connection } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { erpWorker } from '../apps/server/src/erp/erp.worker.ts';
import { sapConnector } from '../apps/server/src/erp/sap/sap-connector.ts';
import { buildErpSimulator } from '../apps/server/src/erp/simulator/sim.app.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import { intArg, log, ms, parseArgs, percentile, printTable } from './lib.ts';

const args = parseArgs(process.argv.slice(2));
const ORDERS = intArg(args.orders, 500);
const LATENCY = intArg(args.latency, 20);
const DB_URL = typeof args.db === 'string' ? args.db : process.env.DATABASE_URL || null;
const PASSWORD = 'P2p-demo-2026!';

async function connect(): Promise<{ conn: Connection; drop: () => Promise<void> }> {
  if (!DB_URL) {
    const conn = await connectPglite();
    return { conn, drop: () => conn.db.destroy() };
  }
  const schema = `bench_erp_${randomBytes(4).toString('hex')}`;
  const admin = connectPostgres(DB_URL);
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const conn = connectPostgres(DB_URL, schema);
  return {
    conn,
    drop: async () => {
      await conn.db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.db.destroy();
    },
  };
}

async function api<T>(app: App, token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body as object } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** One approved order through the API, then copies of it in SQL. */
async function approvedOrders(app: App, conn: Connection, n: number, token: (u: string) => Promise<string>) {
  const buyer = await token('buyer');
  const list = await api<{ items: DocumentResponse[] }>(app, buyer, 'GET', '/api/purchasing/order?l=200');
  const alfa = list.items.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier!;
  let doc = await api<DocumentResponse>(app, buyer, 'POST', '/api/purchasing/order', {
    doc: { subtype: 'P001' },
    description: 'Bench',
    supplier: { _id: alfa._id },
    deliveryDate: '2026-12-15',
    lines: [{ item: 'MAT-1000', description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } }],
  });
  for (const [u, action] of [
    ['buyer', 'submit-approval'],
    ['manager', 'approve'],
  ] as const) {
    await api(app, await token(u), 'POST', `/api/purchasing/order/${doc._id}/workflow`, {
      action,
      _version: doc._version,
    });
    doc = await api<DocumentResponse>(app, buyer, 'GET', `/api/purchasing/order/${doc._id}`);
  }
  const cols = async (t: string) =>
    (
      await sql<{
        c: string;
      }>`select column_name as c from information_schema.columns where table_name = ${t} and table_schema = current_schema() and is_generated = 'NEVER' and identity_generation is null and column_name <> 'search'`.execute(
        conn.db,
      )
    ).rows.map((r) => r.c);
  const dc = (await cols('documents')).filter((c) => c !== 'key');
  const copies = await sql<{ id: string }>`insert into documents (${sql.join(dc.map((c) => sql.id(c)))}, key)
    select ${sql.join(dc.map((c) => sql.id(c)))}, key || '-' || g from documents, generate_series(1, ${n}) g where id = ${doc._id} returning id`.execute(
    conn.db,
  );
  const lc = (await cols('document_lines')).filter((c) => c !== 'document_id');
  await sql`insert into document_lines (document_id, ${sql.join(lc.map((c) => sql.id(c)))})
    select c.id, ${sql.join(lc.map((c) => sql.ref(`l.${c}`)))} from document_lines l, documents c
    where l.document_id = ${doc._id} and c.id in (${sql.join(copies.rows.map((r) => r.id))})`.execute(
    conn.db,
  );
  return copies.rows.map((r) => ({ id: String(r.id), version: doc._version }));
}

async function main() {
  const { conn, drop } = await connect();
  await migrateToLatest(conn.db);
  await seed(conn.db, { demo: true });
  const app = await buildApp({
    db: conn.db,
    dialect: conn.kind,
    env: { logLevel: 'silent', webDist: '/nonexistent', rateLimitMax: 1_000_000 },
  });
  await app.ready();
  const tokens = new Map<string, string>();
  const token = async (u: string) =>
    tokens.get(u) ??
    (tokens.set(
      u,
      (
        await api<{ token: string }>(app, null, 'POST', '/api/auth/signin', {
          username: u,
          password: PASSWORD,
        })
      ).token,
    ),
    tokens.get(u)!);
  const sim = await buildErpSimulator({ user: 'P2P', password: 'bench', client: '100' });
  const simUrl = await sim.listen({ port: 0, host: '127.0.0.1' });
  sim.store.faults.latencyMs = LATENCY;
  const connector = sapConnector({ url: simUrl, user: 'P2P', password: 'bench', client: '100' });
  const newWorker = () =>
    erpWorker(conn.db, connector, (a, m, id, b) => app.services.documents.transition(a, m, id, b), {
      concurrency: 5,
      pollMs: 20,
    });
  const buyer = await token('buyer');
  const move = (o: { id: string; version: number }) =>
    api(app, buyer, 'POST', `/api/purchasing/order/${o.id}/workflow`, {
      action: 'workflow',
      to: 'erp',
      _version: o.version,
    });
  log(`database: ${conn.kind}; ${ORDERS} orders per phase; simulator latency ${LATENCY} ms`);

  // 1. throughput: a full outbox drained by one worker with 5 senders
  const batch = await approvedOrders(app, conn, ORDERS, token);
  for (const o of batch) await move(o);
  const w1 = newWorker();
  const t0 = performance.now();
  w1.start();
  while (sim.store.set('A_PurchaseOrder').size < ORDERS) await new Promise((r) => setTimeout(r, 10));
  const left = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from erp_outbox where status in ('queued', 'running')`.execute(conn.db)
      ).rows[0]!.n,
    );
  while ((await left()) > 0) await new Promise((r) => setTimeout(r, 10));
  const seconds = (performance.now() - t0) / 1000;
  await w1.stop();

  // 2. latency: 5 buyers sending while the worker runs
  const second = await approvedOrders(app, conn, ORDERS, token);
  const w2 = newWorker();
  w2.start();
  const sentAt = new Map<string, number>();
  const doneAt = new Map<string, number>();
  const queue = [...second];
  let sending = true;
  // erp-done seen by a poll every 10 ms (the resolution of the figure)
  const watch = (async () => {
    while (sending || doneAt.size < second.length) {
      const rows = await conn.db
        .selectFrom('documents')
        .select('id')
        .where('state', '=', 'erp-done')
        .where(
          'id',
          'in',
          second.map((o) => o.id),
        )
        .execute();
      const now = performance.now();
      for (const r of rows) if (!doneAt.has(String(r.id))) doneAt.set(String(r.id), now);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      for (let o = queue.shift(); o; o = queue.shift()) {
        const t = performance.now();
        await move(o);
        sentAt.set(o.id, t);
      }
    }),
  );
  sending = false;
  await watch;
  await w2.stop();
  const lat = second.map((o) => doneAt.get(o.id)! - sentAt.get(o.id)!);
  printTable(
    ['phase', 'orders', 'figure'],
    [
      [
        'throughput (full outbox, 5 senders)',
        String(ORDERS),
        `${(ORDERS / seconds).toFixed(1)} orders/s (${seconds.toFixed(1)} s)`,
      ],
      [
        'erp -> erp-done, 5 concurrent senders',
        String(lat.length),
        `p50 ${ms(percentile(lat, 0.5))} ms, p95 ${ms(percentile(lat, 0.95))} ms, max ${ms(Math.max(...lat))} ms`,
      ],
    ],
  );
  await sim.close();
  await app.close();
  await drop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
