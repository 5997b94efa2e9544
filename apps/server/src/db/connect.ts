import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, DatabaseKind, Db } from './database.ts';

export interface Connection {
  db: Db;
  kind: DatabaseKind;
}

/** A real PostgreSQL server; `searchPath` isolates a schema (used by the tests). */
export function connectPostgres(url: string, searchPath?: string): Connection {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
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
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), kind: 'pglite', pglite };
}
