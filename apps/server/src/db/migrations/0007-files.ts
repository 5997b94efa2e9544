import { sql, type Kysely } from 'kysely';

/**
 * Stored files (seed 001 sections 3 and 7). Metadata always lives here; `data` holds the bytes when
 * the database storage is used (the default) and stays null for the directory storage. A file may
 * be attached to a document (`document_id`, `model`); read access then follows the document's scope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('data', 'bytea')
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('document_id', 'bigint', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('model', 'text')
    .execute();
  await sql`create index files_document on files (domain_id, document_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').ifExists().execute();
}
