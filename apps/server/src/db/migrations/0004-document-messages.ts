import { sql, type Kysely } from 'kysely';

/**
 * Workflow timeline messages of documents (seed 000 sections 3 and 4: state, ts, user, text,
 * tracking, approval) and the users' favorite documents (seed 001 section 2.1). Both follow their
 * document: purging a document removes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('ts', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('text', 'text')
    .addColumn('tracking', 'jsonb')
    .addColumn('approval', 'jsonb')
    .execute();
  await sql`create index document_messages_document on document_messages (document_id, ts, id)`.execute(db);

  await db.schema
    .createTable('favorites')
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'document_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
  await db.schema.dropTable('document_messages').execute();
}
