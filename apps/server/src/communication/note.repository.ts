import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { isNoteSql, withMessages, type MessageRow } from '../documents/document-message.repository.ts';

/**
 * SQL of notes beyond the timeline's reads (documents/document-message.repository.ts owns the
 * table): one note with its document, a user's notes, the links between notes and files, and the
 * supplier rule of note files. Every statement names the tenant.
 */

export interface NoteRow extends MessageRow {
  document_id: string;
  model: string;
  document_key: string | null;
}

export interface NewLink {
  fileId: string;
  uploaded: boolean;
}

export function noteRepository(db: Db) {
  const q = withMessages(db);

  const selectNotes = () =>
    q
      .selectFrom('document_messages as m')
      .innerJoin('documents as d', 'd.id', 'm.document_id')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select([
        sql<string>`m.id::text`.as('id'),
        'm.state',
        'm.ts',
        'm.user_id',
        'u.name as user_name',
        'm.text',
        'm.tracking',
        'm.approval',
        'm.audience',
        'u.supplier_id as author_supplier',
        'm.note_to',
        'm.line',
        sql<string>`d.id::text`.as('document_id'),
        'd.model',
        'd.key as document_key',
      ])
      .where(isNoteSql);

  return {
    /** One note of the tenant (a posted note or a workflow comment), with its document. */
    async find(domainId: string, id: string): Promise<NoteRow | undefined> {
      const row = await selectNotes()
        .where('m.domain_id', '=', domainId)
        .where(sql<boolean>`m.id = ${id}::bigint`)
        .executeTakeFirst();
      return row as NoteRow | undefined;
    },

    /** The notes of one document, oldest first. */
    async ofDocument(domainId: string, documentId: string): Promise<NoteRow[]> {
      const rows = await selectNotes()
        .where('m.domain_id', '=', domainId)
        .where(sql<boolean>`m.document_id = ${documentId}::bigint`)
        .orderBy('m.ts')
        .orderBy('m.id')
        .execute();
      return rows as NoteRow[];
    },

    /** A user's notes on the documents `scope` admits (the reader's scope, alias d), newest first. */
    async byAuthor(domainId: string, userId: string, scope: RawBuilder<boolean>, limit: number) {
      const rows = await selectNotes()
        .where('m.domain_id', '=', domainId)
        .where('m.user_id', '=', userId)
        .where(scope)
        .orderBy('m.ts', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
      return rows as NoteRow[];
    },

    async link(domainId: string, messageId: string, links: ReadonlyArray<NewLink>): Promise<void> {
      if (!links.length) return;
      await q
        .insertInto('document_message_files')
        .values(
          links.map((l, position) => ({
            message_id: messageId,
            file_id: l.fileId,
            domain_id: domainId,
            uploaded: l.uploaded,
            position,
          })),
        )
        .execute();
    },

    /**
     * Removes a note. The files it came with either pass to the oldest other note that links them
     * (which becomes their origin, so who may read them follows that note) or go with it: their ids
     * are answered, for the caller to delete them (a file left on the document without its note
     * would be read by the document's supplier).
     */
    async remove(domainId: string, messageId: string): Promise<string[]> {
      const origin = await q
        .selectFrom('document_message_files')
        .select('file_id')
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`message_id = ${messageId}::bigint`)
        .where('uploaded', '=', true)
        .execute();
      const orphans: string[] = [];
      for (const { file_id } of origin) {
        const heir = await q
          .selectFrom('document_message_files')
          .select(sql<string>`message_id::text`.as('message_id'))
          .where('file_id', '=', file_id)
          .where(sql<boolean>`message_id <> ${messageId}::bigint`)
          .orderBy('message_id')
          .executeTakeFirst();
        if (heir)
          await q
            .updateTable('document_message_files')
            .set({ uploaded: true })
            .where('file_id', '=', file_id)
            .where(sql<boolean>`message_id = ${heir.message_id}::bigint`)
            .execute();
        else orphans.push(file_id);
      }
      await q
        .deleteFrom('document_messages')
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`id = ${messageId}::bigint`)
        .execute();
      return orphans;
    },

    /**
     * Whether a supplier company may read a stored file as far as notes go: a file that came with a
     * note is readable only through a note the supplier reads (its own company's, or one addressed
     * to the supplier by the buying side), whichever note that is; other files are not notes'.
     */
    async supplierMayRead(domainId: string, fileId: string, supplierId: string): Promise<boolean> {
      const { rows } = await sql<{ ok: boolean }>`
        select (not exists (
            select 1 from document_message_files l
            where l.domain_id = ${domainId} and l.file_id = ${fileId} and l.uploaded)
          or exists (
            select 1 from document_message_files l
            join document_messages m on m.id = l.message_id
            left join users u on u.id = m.user_id
            where l.domain_id = ${domainId} and l.file_id = ${fileId}
              and (u.supplier_id = ${supplierId} or (u.supplier_id is null and m.audience = 'supplier')))
        ) as ok`.execute(db);
      return rows[0]?.ok === true;
    },

    /** The active users of a supplier company in the tenant (a document's supplier side). */
    async supplierUsers(domainId: string, supplierId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('supplier_id', '=', supplierId)
        .where('status', '=', 'active')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Whether the document has the line (pos, subpos). */
    async hasLine(documentId: string, pos: number, subpos: number): Promise<boolean> {
      const row = await db
        .selectFrom('document_lines')
        .select('pos')
        .where(sql<boolean>`document_id = ${documentId}::bigint`)
        .where('pos', '=', pos)
        .where('subpos', '=', subpos)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type NoteRepository = ReturnType<typeof noteRepository>;
