import type { MessageAudience, NoteTo, StoredFile, TimelineEntry } from '@p2p/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import type { FilesTable } from '../files/file.repository.ts';

/**
 * The timeline messages of documents (table document_messages, migrations 0004, 0014, 0016): the
 * records of workflow moves and the notes posted in the message box, one history.
 */
export interface DocumentMessagesTable {
  id: string;
  domain_id: string;
  document_id: string;
  state: string;
  ts: Date;
  user_id: string | null;
  text: string | null;
  tracking: unknown;
  approval: unknown;
  audience: MessageAudience;
  /** a posted note's addressee; null for the record of a workflow move */
  note_to: NoteTo | null;
  /** {_id, label} of the line a note concerns; null for the whole document */
  line: unknown;
  /** user ids a note's author named */
  assignees: unknown;
}

/** The files of notes (migration 0016): `uploaded` marks the note a file came with. */
export interface DocumentMessageFilesTable {
  message_id: string;
  file_id: string;
  domain_id: string;
  uploaded: boolean;
  position: number;
}

export interface MessageWrite {
  domainId: string;
  documentId: string;
  state: string;
  userId: string | null;
  text?: string | null;
  tracking?: unknown;
  approval?: unknown;
  /** default 'internal': only the buying organisation reads it */
  audience?: MessageAudience;
}

export interface NoteWrite {
  domainId: string;
  documentId: string;
  /** the document's state when the note was written (its place on the timeline) */
  state: string;
  userId: string;
  text: string | null;
  to: NoteTo;
  audience: MessageAudience;
  line: { _id: string; label: string } | null;
  assignees: string[];
}

export interface MessageRow {
  id: string;
  state: string;
  ts: Date;
  user_id: string | null;
  user_name: string | null;
  text: string | null;
  /** {action, from, to} of a workflow step; null for other messages */
  tracking: TimelineEntry['tracking'];
  approval: unknown;
  audience: MessageAudience;
  /** the supplier company of the author, null for internal staff and the system */
  author_supplier: string | null;
  note_to: NoteTo | null;
  line: { _id: string; label: string } | null;
}

export const withMessages = (db: Db) =>
  db.withTables<{
    document_messages: DocumentMessagesTable;
    document_message_files: DocumentMessageFilesTable;
    files: FilesTable;
  }>();

/** A message that the message box shows: a posted note, or the comment of a workflow move. */
export const isNoteSql = sql<boolean>`(m.note_to is not null or (m.tracking is not null and coalesce(m.text, '') <> ''))`;

export function documentMessageRepository(db: Db) {
  const q = withMessages(db);

  /** The columns every reader of messages takes (alias m, author u). */
  const selectMessages = () =>
    q
      .selectFrom('document_messages as m')
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
      ]);

  return {
    async insert(m: MessageWrite): Promise<void> {
      await q
        .insertInto('document_messages')
        .values({
          domain_id: m.domainId,
          document_id: m.documentId,
          state: m.state,
          ts: new Date(),
          user_id: m.userId,
          text: m.text ?? null,
          tracking: m.tracking === undefined ? null : json(m.tracking),
          approval: m.approval === undefined ? null : json(m.approval),
          audience: m.audience ?? 'internal',
        } as never)
        .execute();
    },

    /** A posted note; answers its id. */
    async insertNote(n: NoteWrite): Promise<string> {
      const row = await q
        .insertInto('document_messages')
        .values({
          domain_id: n.domainId,
          document_id: n.documentId,
          state: n.state,
          ts: new Date(),
          user_id: n.userId,
          text: n.text,
          audience: n.audience,
          note_to: n.to,
          line: n.line ? json(n.line) : null,
          assignees: json(n.assignees),
        } as never)
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every message of a document, oldest first. */
    async list(documentId: string): Promise<MessageRow[]> {
      const rows = await selectMessages()
        .where(sql<boolean>`m.document_id = ${documentId}::bigint`)
        .orderBy('m.ts')
        .orderBy('m.id')
        .execute();
      return rows as MessageRow[];
    },

    /** The files of the given messages in their order, by message id. */
    async files(messageIds: ReadonlyArray<string>): Promise<Map<string, StoredFile[]>> {
      const out = new Map<string, StoredFile[]>();
      if (!messageIds.length) return out;
      const rows = await q
        .selectFrom('document_message_files as l')
        .innerJoin('files as f', 'f.id', 'l.file_id')
        .select([
          sql<string>`l.message_id::text`.as('message_id'),
          'f.id',
          'f.name',
          'f.content_type',
          'f.size',
        ])
        .where(sql<boolean>`l.message_id in (${sql.join(messageIds.map((id) => sql`${id}::bigint`))})`)
        .orderBy('l.message_id')
        .orderBy('l.position')
        .execute();
      for (const r of rows) {
        const list = out.get(r.message_id) ?? [];
        list.push({ _id: r.id, name: r.name, contentType: r.content_type, size: Number(r.size) });
        out.set(r.message_id, list);
      }
      return out;
    },
  };
}
