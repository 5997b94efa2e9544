import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's ERP figures and their list filter (erp=error, erp=reverse-error) start from the
 * messages that failed or died: a small partial index keeps them cheap however long the outbox grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index erp_outbox_errors on erp_outbox (document_id, id)
    where status in ('failed', 'dead') and direction = 'out'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists erp_outbox_errors`.execute(db);
}
