import {
  CHAT_MAX_PARTICIPANTS,
  CHAT_MESSAGES,
  CHAT_MESSAGES_SHOWN,
  documentParams,
  mayChat,
  notificationLang,
  type ApiFieldError,
  type ChatCreate,
  type ChatDetail,
  type ChatMessage,
  type ChatSummary,
} from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { userRepository } from '../auth/user.repository.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { publishNotifications } from '../notifications/notification.events.ts';
import { notifyUsers, readersOf } from '../notifications/notification.notify.ts';
import { chatRepository, type ChatRow, type MessageRow } from './chat.repository.ts';

const chatNotFound = () => notFound(CHAT_MESSAGES.notFound);
const refuse = (field: string, message: string, key: string) =>
  fieldErrors(message, [{ field, message }], key);

const toMessage = (m: MessageRow): ChatMessage => ({
  _id: m.id,
  user: { _id: m.user_id, name: m.user_name },
  text: m.text,
  ts: new Date(m.ts).toISOString(),
});

/**
 * Internal chats about a document (seed 000 sections 2, 3 and 6). A chat is created about a
 * document the creator can read, with internal users who can read it too; only its participants
 * list, read and write in it, and only while the document stays inside their document scope
 * (documents.access): outside it, a chat does not exist for them (404). Suppliers have no chat:
 * their list is empty and creating one is refused (403). Nothing is edited or deleted, and a
 * request creates one chat. New chats and messages notify the other participants.
 */
export function chatService(db: Db, access: Pick<DocumentAccess, 'find' | 'visible' | 'viewableModels'>) {
  const repo = chatRepository(db);

  /** The documents the caller may read, as one condition over `d` (every viewable model's scope). */
  async function readable(auth: AuthContext): Promise<RawBuilder<boolean>> {
    const scopes = (await access.viewableModels(auth)).map((m) => m.scope.where);
    return scopes.length ? sql<boolean>`(${sql.join(scopes, sql` or `)})` : sql<boolean>`false`;
  }

  async function summaries(auth: AuthContext, rows: ChatRow[]): Promise<ChatSummary[]> {
    const ids = rows.map((r) => r.id);
    const [people, last] = await Promise.all([repo.participants(ids), repo.lastMessages(ids)]);
    const lang = notificationLang(auth.user.lang);
    return rows.map((r) => {
      const lastMessage = last.find((m) => m.chat_id === r.id);
      return {
        _id: r.id,
        subject: r.subject,
        document: {
          model: r.model,
          _id: r.document_id,
          key: r.document_key,
          title: documentParams(r.model, r.document_key).title[lang],
          url: `/${r.model}/${r.document_id}`,
        },
        participants: people.filter((p) => p.chat_id === r.id).map((p) => ({ _id: p.user_id, name: p.name })),
        createdBy: { _id: r.created_by, name: r.created_by_name },
        createdAt: new Date(r.created_at).toISOString(),
        lastMessage: lastMessage ? toMessage(lastMessage) : null,
        unread: Number(r.unread),
      };
    });
  }

  /** The chat of a participant whose document it still reads, else 404. */
  async function mine(auth: AuthContext, id: string): Promise<ChatRow> {
    if (!mayChat(auth.user)) throw chatNotFound();
    const row = await repo.find(auth.domainId, auth.user._id, await readable(auth), id);
    if (!row) throw chatNotFound();
    return row;
  }

  /**
   * The participants as chosen: other internal users of the domain who may read the document.
   * Every refusal names the user, so the creator knows whom to leave out.
   */
  async function participantsOf(auth: AuthContext, model: string, documentId: string, ids: string[]) {
    const users = userRepository(db);
    const wanted = [...new Set(ids)].filter((id) => id !== auth.user._id);
    const errors: ApiFieldError[] = [];
    if (!wanted.length) errors.push({ field: 'participants', message: CHAT_MESSAGES.participants });
    if (wanted.length > CHAT_MAX_PARTICIPANTS)
      errors.push({ field: 'participants', message: CHAT_MESSAGES.tooMany });
    for (const id of errors.length ? [] : wanted) {
      const row = await users.findById(auth.domainId, id);
      if (!row || row.status !== 'active') {
        errors.push({ field: 'participants', message: CHAT_MESSAGES.unknownUser });
        continue;
      }
      const user = await toSessionUser(users, row);
      if (!mayChat(user)) errors.push({ field: 'participants', message: CHAT_MESSAGES.cannotChat(row.name) });
      else if (!(await access.visible({ user, domainId: auth.domainId, tokenHash: '' }, model, documentId)))
        errors.push({ field: 'participants', message: CHAT_MESSAGES.cannotSee(row.name) });
    }
    if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(' '), errors, 'chat.participants');
    return wanted;
  }

  const documentTitle = (row: { model: string; key: string | null }) => documentParams(row.model, row.key);

  /** The chat with its newest messages (oldest first); reading it marks it read for the caller. */
  async function read(auth: AuthContext, id: string): Promise<ChatDetail> {
    const row = await mine(auth, id);
    const messages = await repo.messages(row.id, CHAT_MESSAGES_SHOWN);
    await repo.markRead(row.id, auth.user._id);
    const [summary] = await summaries(auth, [{ ...row, unread: 0 }]);
    return { ...summary!, messages: messages.map(toMessage) };
  }

  return {
    read,

    async list(auth: AuthContext): Promise<ChatSummary[]> {
      if (!mayChat(auth.user)) return [];
      return summaries(auth, await repo.list(auth.domainId, auth.user._id, await readable(auth)));
    },

    async create(auth: AuthContext, body: ChatCreate): Promise<ChatDetail> {
      if (!mayChat(auth.user)) throw forbidden(CHAT_MESSAGES.suppliers, 'chat.suppliers');
      const text = body.text.trim();
      if (!text) throw refuse('text', CHAT_MESSAGES.text, 'chat.text');
      const { row: doc } = await access.find(auth, body.model, body.documentId);
      const participants = await participantsOf(auth, doc.model, doc.id, body.participants);
      const title = documentTitle(doc);
      const subject = body.subject?.trim() || title.title[notificationLang(auth.user.lang)];
      const { id, events } = await db.transaction().execute(async (trx) => {
        const tx = chatRepository(trx);
        const chatId = await tx.create({
          domainId: auth.domainId,
          model: doc.model,
          documentId: doc.id,
          subject,
          createdBy: auth.user._id,
          participants,
        });
        await tx.addMessage({ chatId, domainId: auth.domainId, userId: auth.user._id, text });
        const notified = await notifyUsers(trx, {
          domainId: auth.domainId,
          userIds: participants,
          textKey: 'chat.created',
          params: { author: auth.user.name, title: title.title, subject },
          link: `/chat/${chatId}`,
          icon: 'pi pi-comments',
        });
        return { id: chatId, events: notified };
      });
      await publishNotifications(db, events);
      return read(auth, id);
    },

    async post(auth: AuthContext, id: string, body: { text: string }): Promise<ChatMessage> {
      const row = await mine(auth, id);
      const text = body.text.trim();
      if (!text) throw refuse('text', CHAT_MESSAGES.text, 'chat.text');
      const others = (await repo.participants([row.id]))
        .map((p) => p.user_id)
        .filter((u) => u !== auth.user._id);
      const { message, events } = await db.transaction().execute(async (trx) => {
        // a participant who no longer reads the document hears nothing of it
        const readers = await readersOf(
          trx,
          auth.domainId,
          { id: row.document_id, model: row.model },
          others,
        );
        const written = await chatRepository(trx).addMessage({
          chatId: row.id,
          domainId: auth.domainId,
          userId: auth.user._id,
          text,
        });
        const notified = await notifyUsers(trx, {
          domainId: auth.domainId,
          userIds: readers,
          textKey: 'chat.message',
          params: {
            author: auth.user.name,
            title: documentTitle({ model: row.model, key: row.document_key }).title,
          },
          link: `/chat/${row.id}`,
          icon: 'pi pi-comments',
        });
        return { message: written, events: notified };
      });
      await publishNotifications(db, events);
      return toMessage({
        ...message,
        chat_id: row.id,
        user_id: auth.user._id,
        user_name: auth.user.name,
        text,
      });
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
