import { sql, type Kysely } from 'kysely';

/**
 * Stored report queries (seed 001 sections 2.9 and 3): per tenant, with an owner (null: shared with
 * every user of the tenant, the system queries administrators save), a type (user-query or
 * system-query), the data source and the rest of the report as JSON (aggregation, visualization,
 * time range, params, what). `editable` false makes a report read-only for everyone but
 * administrators; the answer's `_editable.ok` is computed per caller from it and the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_queries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('user-query', 'system-query')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('body', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('editable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
  // a caller's reports and the tenant's shared ones, newest first
  await sql`create index report_queries_owner on report_queries (domain_id, owner_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_queries').ifExists().execute();
}
