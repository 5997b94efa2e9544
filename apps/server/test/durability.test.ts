import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.ts';

/**
 * kill -9 while writes are acknowledged: the server process is killed without warning after 1,000
 * acknowledged creates (with more in flight), started again on the same data, and every
 * acknowledged document must be there. On PGlite (a data directory) and on PostgreSQL (a schema).
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const ACKED = 1000;
const IN_FLIGHT = 8;

/** A killed child has a signalCode and no exitCode; its 'exit' event may be over already. */
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

interface Running {
  child: ChildProcess;
  base: string;
}

async function start(env: Record<string, string>): Promise<Running> {
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
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (exited(child)) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'buyer', password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token: string };
  return body.token;
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

async function killDuringWrites(
  env: Record<string, string>,
): Promise<{ acked: string[]; missing: string[] }> {
  let server = await start(env);
  let token = await signIn(server.base);
  const orders = (await (
    await fetch(`${server.base}/api/purchasing/order?l=50`, { headers: json(token) })
  ).json()) as { items: Array<{ supplier?: { _id: string } }> };
  const supplier = orders.items.find((o) => o.supplier)!.supplier!;
  const body = (w: number, i: number) =>
    JSON.stringify({
      doc: { subtype: 'P001' },
      description: `durability ${w}/${i}`,
      supplier: { _id: supplier._id },
      deliveryDate: '2026-12-15',
    });
  const acked: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const res = await fetch(`${server.base}/api/purchasing/order`, {
        method: 'POST',
        headers: json(token),
        body: body(w, i),
        // nothing waits forever on a connection the kill left half-open
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (!res) return; // the connection died with the process
      if (res.status !== 200) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      acked.push(((await res.json()) as { _id: string })._id);
      if (acked.length >= ACKED && !killed) {
        killed = true;
        server.child.kill('SIGKILL'); // the other writers' requests are still in flight
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => writer(w)));
  } finally {
    killed = true;
    server.child.kill('SIGKILL');
  }
  await new Promise((r) => (exited(server.child) ? r(null) : server.child.once('exit', r)));

  server = await start(env);
  try {
    token = await signIn(server.base);
    const missing: string[] = [];
    for (const id of acked) {
      const res = await fetch(`${server.base}/api/purchasing/order/${id}`, { headers: json(token) });
      if (res.status !== 200) missing.push(id);
    }
    return { acked, missing };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => (exited(server.child) ? r(null) : server.child.once('exit', r)));
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('kill -9 during acknowledged writes', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'PGlite: every acknowledged write is there after a restart',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'p2p-kill-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const { acked, missing } = await killDuringWrites({ DATA_DIR: dir, DATABASE_URL: '' });
      expect(acked.length).toBeGreaterThanOrEqual(ACKED);
      expect(missing).toEqual([]);
    },
    300_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: every acknowledged write is there after a restart',
    async () => {
      const url = process.env.DATABASE_URL!;
      const schema = `kill_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      cleanups.push(async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
      const u = new URL(url);
      u.searchParams.set('options', `-c search_path=${schema}`);
      const { acked, missing } = await killDuringWrites({ DATABASE_URL: u.toString() });
      expect(acked.length).toBeGreaterThanOrEqual(ACKED);
      expect(missing).toEqual([]);
    },
    300_000,
  );
});
