import type { ChatWidgetSettings } from '@p2p/domain';
import { sql, type ColumnType, type Generated, type RawBuilder } from 'kysely';
import { json, type CreatedAt, type Db } from '../db/database.ts';

/** The chat tables of migration 0019 (typed here so the shared Database type stays untouched). */
interface ChatsTable {
  id: Generated<string>;
  domain_id: string;
  model: string;
  document_id: string;
  subject: string;
  created_by: string;
  created_at: CreatedAt;
  last_message_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
interface ChatParticipantsTable {
  chat_id: string;
  user_id: string;
  domain_id: string;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
interface ChatMessagesTable {
  id: Generated<string>;
  chat_id: string;
  domain_id: string;
  user_id: string;
  text: string;
  ts: CreatedAt;
}

const withChats = (db: Db) =>
  db.withTables<{
    chats: ChatsTable;
    chat_participants: ChatParticipantsTable;
    chat_messages: ChatMessagesTable;
  }>();

export interface ChatRow {
  id: string;
  model: string;
  document_id: string;
  document_key: string | null;
  subject: string;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  unread: number;
}

export interface MessageRow {
  id: string;
  chat_id: string;
  user_id: string;
  user_name: string;
  text: string;
  ts: Date;
}

/** The external chat widget's settings: app_settings 'chat', the domain's own value over the default. */
const WIDGET_KEY = 'chat';

/** Kysely and SQL only: chats, their participants and messages, every statement within one domain. */
export function chatRepository(db: Db) {
  const q = withChats(db);

  /** The caller's chats (`chatId`: that one only) whose document `documents` admits. */
  const chatsOf = (domainId: string, userId: string, documents: RawBuilder<boolean>, chatId?: string) => {
    let query = q
      .selectFrom('chats as c')
      .innerJoin('chat_participants as p', (j) =>
        j.onRef('p.chat_id', '=', 'c.id').on('p.user_id', '=', userId),
      )
      .innerJoin('documents as d', 'd.id', 'c.document_id')
      .innerJoin('users as u', 'u.id', 'c.created_by')
      .select([
        'c.id',
        'c.model',
        sql<string>`c.document_id::text`.as('document_id'),
        'd.key as document_key',
        'c.subject',
        'c.created_by',
        'u.name as created_by_name',
        'c.created_at',
        sql<number>`(select count(*)::int from chat_messages m
          where m.chat_id = c.id and m.user_id <> ${userId}
            and m.ts > coalesce(p.read_at, '-infinity'::timestamptz))`.as('unread'),
      ])
      .where('c.domain_id', '=', domainId)
      .where(documents);
    if (chatId !== undefined) query = query.where('c.id', '=', chatId);
    return query.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc');
  };

  return {
    list: async (domainId: string, userId: string, documents: RawBuilder<boolean>, limit = 200) =>
      (await chatsOf(domainId, userId, documents).limit(limit).execute()) as ChatRow[],

    find: async (domainId: string, userId: string, documents: RawBuilder<boolean>, chatId: string) =>
      (await chatsOf(domainId, userId, documents, chatId).executeTakeFirst()) as ChatRow | undefined,

    /** Participants of the chats, creator included, by name. */
    participants: async (chatIds: ReadonlyArray<string>) =>
      chatIds.length
        ? q
            .selectFrom('chat_participants as p')
            .innerJoin('users as u', 'u.id', 'p.user_id')
            .select(['p.chat_id', 'p.user_id', 'u.name'])
            .where('p.chat_id', 'in', chatIds)
            .orderBy('u.name')
            .execute()
        : [],

    /** The newest message of each chat. */
    lastMessages: async (chatIds: ReadonlyArray<string>): Promise<MessageRow[]> =>
      chatIds.length
        ? ((await q
            .selectFrom('chat_messages as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select(['m.id', 'm.chat_id', 'm.user_id', 'u.name as user_name', 'm.text', 'm.ts'])
            .distinctOn('m.chat_id')
            .where('m.chat_id', 'in', chatIds)
            .orderBy('m.chat_id')
            .orderBy('m.ts', 'desc')
            .execute()) as MessageRow[])
        : [],

    /** The newest `limit` messages of a chat, oldest first. */
    messages: async (chatId: string, limit: number): Promise<MessageRow[]> => {
      const rows = (await q
        .selectFrom('chat_messages as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.chat_id', 'm.user_id', 'u.name as user_name', 'm.text', 'm.ts'])
        .where('m.chat_id', '=', chatId)
        .orderBy('m.ts', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute()) as MessageRow[];
      return rows.reverse();
    },

    async create(c: {
      domainId: string;
      model: string;
      documentId: string;
      subject: string;
      createdBy: string;
      participants: ReadonlyArray<string>;
    }): Promise<string> {
      const { id } = await q
        .insertInto('chats')
        .values({
          domain_id: c.domainId,
          model: c.model,
          document_id: c.documentId,
          subject: c.subject,
          created_by: c.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await q
        .insertInto('chat_participants')
        .values(
          [c.createdBy, ...c.participants].map((userId) => ({
            chat_id: id,
            user_id: userId,
            domain_id: c.domainId,
            read_at: userId === c.createdBy ? sql<Date>`clock_timestamp()` : null,
          })),
        )
        .execute();
      return id;
    },

    /** A message of a participant; the chat moves to the top of the lists. */
    async addMessage(m: { chatId: string; domainId: string; userId: string; text: string }) {
      const row = await q
        .insertInto('chat_messages')
        .values({ chat_id: m.chatId, domain_id: m.domainId, user_id: m.userId, text: m.text })
        .returning(['id', 'ts'])
        .executeTakeFirstOrThrow();
      await q.updateTable('chats').set({ last_message_at: row.ts }).where('id', '=', m.chatId).execute();
      // the author has read everything up to its own message
      await q
        .updateTable('chat_participants')
        .set({ read_at: row.ts })
        .where('chat_id', '=', m.chatId)
        .where('user_id', '=', m.userId)
        .execute();
      return row;
    },

    /** The participant has read the chat up to now. */
    markRead: async (chatId: string, userId: string) => {
      await q
        .updateTable('chat_participants')
        .set({ read_at: sql<Date>`clock_timestamp()` })
        .where('chat_id', '=', chatId)
        .where('user_id', '=', userId)
        .execute();
    },

    async widgetSettings(domainId: string): Promise<ChatWidgetSettings | undefined> {
      const rows = await db
        .selectFrom('app_settings')
        .select(['domain_id', 'value'])
        .where('key', '=', WIDGET_KEY)
        .where('domain_id', 'in', [domainId, '*'])
        .execute();
      const own = rows.find((r) => r.domain_id === domainId) ?? rows.find((r) => r.domain_id === '*');
      return own?.value as ChatWidgetSettings | undefined;
    },

    saveWidgetSettings: (domainId: string, value: ChatWidgetSettings) =>
      db
        .insertInto('app_settings')
        .values({ domain_id: domainId, key: WIDGET_KEY, value: json(value) })
        .onConflict((oc) => oc.columns(['domain_id', 'key']).doUpdateSet({ value: json(value) }))
        .execute(),
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
