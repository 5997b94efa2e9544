import type { MessageAudience, TimelineEntry } from '@p2p/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';

/** The timeline messages of documents (table document_messages, migration 0004). */
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
}

const withMessages = (db: Db) => db.withTables<{ document_messages: DocumentMessagesTable }>();

export function documentMessageRepository(db: Db) {
  return {
    async insert(m: MessageWrite): Promise<void> {
      await withMessages(db)
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

    /** Every message of a document, oldest first. */
    async list(documentId: string): Promise<MessageRow[]> {
      const rows = await withMessages(db)
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
        ])
        .where(sql<boolean>`m.document_id = ${documentId}::bigint`)
        .orderBy('m.ts')
        .orderBy('m.id')
        .execute();
      return rows as MessageRow[];
    },
  };
}
