import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { DocumentResponse } from '@p2p/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connectPglite, connectPostgres, type Connection } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { externalRefOf } from '../src/erp/erp.payload.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { seed } from '../src/seed/seed.ts';
import { call, DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * Crash safety of the outbox: 200 orders are sent to the ERP by a real server process, which is
 * killed with SIGKILL in the middle of the sending; a restarted server finishes the work, and every
 * order exists in the ERP exactly once, with its key and erp-done on our side. The simulator lives
 * in this process, so it outlives the killed server (and the answers the server never received).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const ORDERS = 200;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function database(): Promise<{ conn: () => Promise<Connection>; env: Record<string, string> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `erp_kill_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    cleanups.push(async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return { conn: async () => connectPostgres(url, schema), env: { DATABASE_URL: u.toString() } };
  }
  const dir = await mkdtemp(join(tmpdir(), 'p2p-erp-kill-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { conn: () => connectPglite({ dataDir: dir }), env: { DATA_DIR: dir, DATABASE_URL: '' } };
}

/** One approved order through the API, then 199 copies of it in SQL (the approvals are not the subject). */
async function approvedOrders(conn: Connection): Promise<Array<{ id: string; version: number }>> {
  await migrateToLatest(conn.db);
  await seed(conn.db, { demo: true });
  const app = await buildApp({
    db: conn.db,
    dialect: conn.kind,
    env: { logLevel: 'silent', webDist: '/nonexistent' },
  });
  await app.ready();
  const as = async (u: string) => (await signIn(app, u)).token;
  const buyer = await as('buyer');
  const alfa = (
    await call<{ items: DocumentResponse[] }>(app, 'GET', '/api/purchasing/order?l=200', { token: buyer })
  ).body.items.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier!;
  let doc = (
    await call<DocumentResponse>(app, 'POST', '/api/purchasing/order', {
      token: buyer,
      body: {
        doc: { subtype: 'P001' },
        description: 'Crash test',
        supplier: { _id: alfa._id },
        deliveryDate: '2026-12-15',
        lines: [
          { item: 'MAT-1000', description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } },
        ],
      },
    })
  ).body;
  for (const [user, action] of [
    ['buyer', 'submit-approval'],
    ['manager', 'approve'],
  ] as const) {
    const res = await call<DocumentResponse>(app, 'POST', `/api/purchasing/order/${doc._id}/workflow`, {
      token: await as(user),
      body: { action, _version: doc._version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    doc = (await call<DocumentResponse>(app, 'GET', `/api/purchasing/order/${doc._id}`, { token: buyer }))
      .body;
  }
  expect(doc._state.current).toBe('approved');
  const columns = async (table: string) =>
    (
      await sql<{ c: string }>`select column_name as c from information_schema.columns
      where table_name = ${table} and table_schema = current_schema() and is_generated = 'NEVER'
      and identity_generation is null and column_name not in ('search')`.execute(conn.db)
    ).rows.map((r) => r.c);
  const docCols = (await columns('documents')).filter((c) => c !== 'key');
  const list = sql.join(docCols.map((c) => sql.id(c)));
  const copies = await sql<{ id: string }>`insert into documents (${list}, key)
    select ${list}, key || '-' || g from documents, generate_series(1, ${ORDERS - 1}) g where id = ${doc._id}
    returning id`.execute(conn.db);
  const lineCols = (await columns('document_lines')).filter((c) => c !== 'document_id');
  const lines = sql.join(lineCols.map((c) => sql.id(c)));
  const fromLine = sql.join(lineCols.map((c) => sql.ref(`l.${c}`)));
  await sql`insert into document_lines (document_id, ${lines})
    select c.id, ${fromLine} from document_lines l, documents c
    where l.document_id = ${doc._id} and c.id in (${sql.join(copies.rows.map((r) => r.id))})`.execute(
    conn.db,
  );
  await app.close();
  await conn.db.destroy();
  return [doc._id, ...copies.rows.map((r) => String(r.id))].map((id) => ({
    id: String(id),
    version: doc._version,
  }));
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('server exited');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const http = async <T>(base: string, token: string | null, method: string, path: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
};
const signInHttp = async (base: string, username: string) =>
  (
    await http<{ token: string }>(base, null, 'POST', '/api/auth/signin', {
      username,
      password: DEMO_PASSWORD,
    })
  ).body.token;

describe('ERP outbox crash safety', () => {
  it(`kill -9 while ${ORDERS} orders are sent: after a restart each exists once in the ERP, with its key`, async () => {
    const sim = await buildErpSimulator({ user: 'P2P', password: 'kill-pw', client: '100' });
    const simUrl = await sim.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => sim.close());
    sim.store.faults.latencyMs = 40;
    // the sending waits until every order has been moved (moves and sends share one PGlite)
    sim.store.faults.hold = true;
    const db = await database();
    const orders = await approvedOrders(await db.conn());
    const env = {
      ...db.env,
      ERP_URL: simUrl,
      ERP_USER: 'P2P',
      ERP_PASSWORD: 'kill-pw',
      ERP_CLIENT: '100',
      ERP_CONCURRENCY: '5',
      ERP_LEASE_MS: '2000',
    };

    const first = await startServer(env);
    const buyer = await signInHttp(first.base, 'buyer');
    const queue = [...orders];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let o = queue.shift(); o; o = queue.shift()) {
          const res = await http(first.base, buyer, 'POST', `/api/purchasing/order/${o.id}/workflow`, {
            action: 'workflow',
            to: 'erp',
            _version: o.version,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
      }),
    );
    sim.store.faults.hold = false;
    const inErp = () => sim.store.set('A_PurchaseOrder').size;
    while (inErp() < 20) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = inErp();
    expect(atKill).toBeLessThan(ORDERS);

    const second = await startServer(env);
    const ihub = await signInHttp(second.base, 'ihub-operator');
    for (let i = 0; i < 1200; i++) {
      const status = await http<{ counts: Record<string, number> }>(
        second.base,
        ihub,
        'GET',
        '/api/ihub/status',
      );
      if ((status.body.counts.done ?? 0) >= ORDERS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    expect(inErp()).toBe(ORDERS);
    for (const o of orders)
      expect(
        sim.store.where('A_PurchaseOrder', 'CorrespondenceExternalReference', externalRefOf(o.id)),
      ).toHaveLength(1);
    const conn = await db.conn();
    cleanups.push(() => conn.db.destroy());
    const rows = await conn.db
      .selectFrom('documents')
      .select(['id', 'key', 'state'])
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(rows.filter((r) => r.state !== 'erp-done' || !/^45\d{8}$/.test(r.key ?? ''))).toEqual([]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(ORDERS);
    for (const r of rows)
      expect(sim.store.set('A_PurchaseOrder').get(r.key!)!.data.CorrespondenceExternalReference).toBe(
        externalRefOf(String(r.id)),
      );
    console.log(`erp crash test: ${atKill} of ${ORDERS} orders were in the ERP when the server was killed`);
  }, 300_000);
});
