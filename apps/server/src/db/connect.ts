import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, DatabaseKind, Db } from './database.ts';
import { preparedStatementPool } from './prepared-pool.ts';
import { SESSION_SETTINGS } from './session-settings.ts';

export interface Connection {
  db: Db;
  kind: DatabaseKind;
}

/** A real PostgreSQL server; `searchPath` isolates a schema (used by the tests). */
export function connectPostgres(url: string, searchPath?: string): Connection {
  const settings = { ...SESSION_SETTINGS, ...(searchPath ? { search_path: searchPath } : {}) };
  const ours = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  // startup options: applied as the session starts, no extra round trip. pg lets an `options` of
  // the URL win over the config's, so ours are appended to the URL's own.
  const u = new URL(url);
  u.searchParams.set('options', [u.searchParams.get('options'), ours].filter(Boolean).join(' '));
  const pool = new pg.Pool({ connectionString: u.toString(), max: 10 });
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatementPool(pool) }) }),
    kind: 'postgres',
  };
}

/** Embedded PGlite; `dataDir` keeps the data on disk, `loadDataDir` starts from a dump. */
export async function connectPglite(
  opts: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Connection & { pglite: PGlite }> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm backs the trigram indexes of the reference look-ups (migration 0003).
  const pglite = new PGlite({
    extensions: { pg_trgm },
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  await pglite.waitReady;
  // PGlite has one session: set once, it holds for every query.
  for (const [k, v] of Object.entries(SESSION_SETTINGS))
    await pglite.query('select set_config($1, $2, false)', [k, v]);
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), kind: 'pglite', pglite };
}
