import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import type { ApiErrorBody, SignInResponse, UiFlags } from '@p2p/domain';
import { buildApp, type App } from '../src/app.ts';
import type { AppEnv } from '../src/config/env.ts';
import { connectPglite, connectPostgres, type Connection } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/seed/seed.ts';

export const DEMO_PASSWORD = 'P2p-demo-2026!';
export const STRONG_PASSWORD = 'New-Passw0rd-2026!';

export interface TestApp {
  app: App;
  conn: Connection;
  close: () => Promise<void>;
}

/** A fresh schema on the PostgreSQL server: migrated, seeded, dropped on close. */
async function postgresDatabase(url: string) {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = connectPostgres(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const conn = connectPostgres(url, schema);
  const drop = async () => {
    await conn.db.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.db.destroy();
  };
  try {
    await migrateToLatest(conn.db);
    await seed(conn.db, { demo: true });
  } catch (err) {
    await drop(); // never leave a half-built schema behind
    throw err;
  }
  return { conn, drop };
}

/** A copy of the seeded PGlite dump built once by the global setup. */
async function pgliteDatabase() {
  const dump = await readFile(inject('pgliteDump'));
  const { db, kind } = await connectPglite({ loadDataDir: new Blob([dump]) });
  const conn: Connection = { db, kind };
  return { conn, drop: () => db.destroy() };
}

/**
 * An app on its own seeded database: PostgreSQL when DATABASE_URL is set (a fresh schema),
 * otherwise PGlite. Logging is silenced and the web app folder points nowhere unless given.
 */
export async function createTestApp(
  opts: { env?: Partial<AppEnv>; flags?: Partial<UiFlags>; flush?: () => Promise<void> } = {},
): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const { conn, drop } = url ? await postgresDatabase(url) : await pgliteDatabase();
  // uploaded bytes go to a folder of this app, removed with it (never the repository's ./data)
  const fileDir = await mkdtemp(join(tmpdir(), 'p2p-files-'));
  const app = await buildApp({
    db: conn.db,
    dialect: conn.kind,
    env: { logLevel: 'silent', webDist: '/nonexistent-web-dist', fileDir, ...opts.env },
    ...(opts.flags ? { flags: opts.flags } : {}),
    ...(opts.flush ? { flush: opts.flush } : {}),
  });
  await app.ready();
  return {
    app,
    conn,
    close: async () => {
      await app.close();
      await drop();
      await rm(fileDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request through app.inject, answering status and parsed JSON body. */
export async function call<T = unknown>(
  app: App,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  opts: CallOptions = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  const body = res.headers['content-type']?.toString().includes('application/json')
    ? (res.json() as T)
    : (res.body as T);
  return { status: res.statusCode, body, headers: res.headers };
}

export async function signIn(app: App, username: string, domain?: string): Promise<SignInResponse> {
  const res = await call<SignInResponse>(app, 'POST', '/api/auth/signin', {
    body: { username, password: DEMO_PASSWORD, ...(domain ? { domain } : {}) },
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Asserts the specification's error shape and returns the body typed. */
export function errorOf(body: unknown): ApiErrorBody {
  const b = body as ApiErrorBody;
  if (
    typeof b?.message !== 'string' ||
    typeof b.key !== 'string' ||
    typeof b._status !== 'number' ||
    !Array.isArray(b.data?.errors)
  ) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  return b;
}
