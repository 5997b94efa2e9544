import { sql, type Kysely } from 'kysely';

/**
 * Recent activity, chats, photos and notifications in the reader's language:
 * - notifications keep a text key and its parameters, rendered per reader language when read
 *   (`text` stays the English rendering for rows without a key);
 * - favorites by document: the followers a workflow move notifies;
 * - documents by model, state and last change (not deleted): the activity lists;
 * - chats about a document, their participants (with when each last read) and messages;
 * - the user's photo: a stored PNG file (bytes in the file storage, never here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('text_key', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('text_params', 'jsonb').execute();

  await sql`create index favorites_document on favorites (document_id)`.execute(db);
  await sql`create index documents_activity on documents (domain_id, model, state, updated_at desc)
    where not deleted`.execute(db);

  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index chats_document on chats (domain_id, document_id)`.execute(db);

  await db.schema
    .createTable('chat_participants')
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('read_at', 'timestamptz')
    .addPrimaryKeyConstraint('chat_participants_pk', ['chat_id', 'user_id'])
    .execute();
  await sql`create index chat_participants_user on chat_participants (domain_id, user_id)`.execute(db);

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    // clock_timestamp: messages of one transaction keep their order
    .addColumn('ts', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await sql`create index chat_messages_chat on chat_messages (chat_id, ts)`.execute(db);

  await db.schema
    .createTable('user_photos')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_photos').ifExists().execute();
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chat_participants').ifExists().execute();
  await db.schema.dropTable('chats').ifExists().execute();
  await sql`drop index if exists documents_activity`.execute(db);
  await sql`drop index if exists favorites_document`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('text_params').execute();
  await db.schema.alterTable('notifications').dropColumn('text_key').execute();
}
