import { sql, type Kysely } from 'kysely';

/**
 * The document engine: documents (relational columns for the rules, JSONB for the configurable
 * rest), their lines, versioned model configurations and edit locks.
 *
 * Ids: `documents.id` is a bigint identity, so ids grow monotonically and the default list order
 * (descending id, seed 000 section 9) is an index scan. The API exposes it as the string `_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subtype', 'text')
    .addColumn('key', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id'))
    .addColumn('requester_id', 'text', (c) => c.references('users.id'))
    .addColumn('group_id', 'text', (c) => c.references('groups.id'))
    .addColumn('plant', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('gross_value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('discount_value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('cost_value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('net_value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('tax_value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('list_value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index documents_list on documents (domain_id, model, deleted, id desc)`.execute(db);
  await sql`create index documents_supplier on documents (domain_id, model, supplier_id)`.execute(db);
  await sql`create index documents_key on documents (domain_id, key)`.execute(db);
  await sql`create index documents_text on documents using gin
    (to_tsvector('simple'::regconfig, coalesce(key, '') || ' ' || (data::text)))`.execute(db);

  await db.schema
    .createTable('document_lines')
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('pos', 'integer', (c) => c.notNull())
    .addColumn('subpos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('quantity', sql`numeric(18,3)`, (c) => c.notNull().defaultTo(0))
    .addColumn('price', sql`numeric(18,5)`, (c) => c.notNull().defaultTo(0))
    .addColumn('value', sql`numeric(18,2)`, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('document_lines_pk', ['document_id', 'pos', 'subpos'])
    .execute();

  // Configurations are data: every change is a new version; domain_id null is the shipped default.
  await db.schema
    .createTable('model_configs')
    .addColumn('domain_id', 'text', (c) => c.references('domains.id'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .execute();
  await sql`create unique index model_configs_version
    on model_configs ((coalesce(domain_id, '*')), model, version)`.execute(db);

  // Edit locks (seed 000 section 7): who started editing a document and when; expire after 15 min.
  await db.schema
    .createTable('document_edits')
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('ts', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('document_edits_pk', ['document_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['document_edits', 'model_configs', 'document_lines', 'documents']) {
    await db.schema.dropTable(table).execute();
  }
}
