import { sql, type Kysely } from 'kysely';

/**
 * Dashboards (seed 001 sections 2.8 and 3): one per user of a tenant, its layout as JSON (the
 * layout items with their widgets). A user without a row gets the default of its role, built when
 * asked; Reset deletes the row. The key leads with the tenant, like every business table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboards')
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('layout', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('dashboards_pkey', ['domain_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboards').ifExists().execute();
}
