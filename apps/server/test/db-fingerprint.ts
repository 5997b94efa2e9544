import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/**
 * The data a refused request must leave alone: documents, their lines and messages, users, favorites,
 * files, notifications, settings, model configurations. Sessions, edit locks, sign-in throttling and
 * audit records are left out: writing them on a refusal is their purpose.
 */
export const FINGERPRINT_TABLES = [
  'documents',
  'document_lines',
  'document_messages',
  'document_key_counters',
  'users',
  'user_roles',
  'suppliers',
  'supplier_registrations',
  'favorites',
  'files',
  'notifications',
  'app_settings',
  'model_configs',
];

/** The fingerprint tables that exist in this database (some come with later migrations). */
export async function fingerprintTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name in (${sql.join(FINGERPRINT_TABLES)})`.execute(db);
  return rows.map((r) => r.name).sort();
}

/** Row count and a hash of every row of each table, in one round trip. */
export async function fingerprint(db: Db, tables: readonly string[]): Promise<string> {
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, count(*)::int as n,
            md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
          from ${sql.table(name)} t`,
  );
  const { rows } = await sql.join(parts, sql` union all `).execute(db);
  return JSON.stringify(rows);
}
