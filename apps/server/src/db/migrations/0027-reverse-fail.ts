import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's reverse errors (erp=reverse-error) include the receptions in reverse-fail, where a
 * supplier's refusal of the return puts them without any message to the ERP: a small partial index
 * lists them without reading the receptions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index documents_reverse_fail on documents (id) where state = 'reverse-fail'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_reverse_fail`.execute(db);
}
