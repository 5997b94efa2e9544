import { sql, type Kysely } from 'kysely';

/**
 * Notes on documents (seed 001 sections 2.3 and 3), kept in the timeline's table so the timeline and
 * the message box read one history:
 * - `note_to` is the addressee of a note posted in the message box ('_all' Everyone, 'requester'
 *   Internal, 'supplier' External); null for the records of workflow moves. It must agree with the
 *   audience suppliers are filtered by: Internal is 'internal', the two others 'supplier'.
 * - `line` the line it concerns ({_id, label}), null for the whole document; `assignees` the users
 *   the author named (ids).
 * - `document_message_files` links notes and stored files: `uploaded` marks the note a file came
 *   with (its origin; a supplier never reads a file whose origin it may not read, unless a note it
 *   reads links it too); linked files are files of the document named again.
 * - the caller's own notes across documents are read by author (`document_messages_author`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_messages add column note_to text`.execute(db);
  await sql`alter table document_messages add column line jsonb`.execute(db);
  await sql`alter table document_messages add column assignees jsonb`.execute(db);
  await sql`alter table document_messages add constraint document_messages_note_to check (
    note_to is null or (note_to in ('_all', 'requester', 'supplier')
      and (note_to = 'requester') = (audience = 'internal')))`.execute(db);
  await sql`create index document_messages_author on document_messages (domain_id, user_id, ts desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('document_message_files')
    .addColumn('message_id', 'bigint', (c) =>
      c.notNull().references('document_messages.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('uploaded', 'boolean', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_message_files_pk', ['message_id', 'file_id'])
    .execute();
  await sql`create index document_message_files_file on document_message_files (file_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_message_files').ifExists().execute();
  await sql`drop index if exists document_messages_author`.execute(db);
  await sql`alter table document_messages drop constraint if exists document_messages_note_to`.execute(db);
  await sql`alter table document_messages drop column if exists assignees`.execute(db);
  await sql`alter table document_messages drop column if exists line`.execute(db);
  await sql`alter table document_messages drop column if exists note_to`.execute(db);
}
