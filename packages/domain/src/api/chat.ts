/**
 * Internal chats about a document and the external chat widget's settings (seed 000 sections 2, 3
 * and 6). A chat is created, listed and read; it is never edited or deleted.
 */
import { Type, type Static } from 'typebox';
import {
  CHAT_MAX_PARTICIPANTS,
  CHAT_SUBJECT_MAX,
  CHAT_TEXT_MAX,
  WIDGET_TOKEN_MAX,
  WIDGET_URL_MAX,
} from '../activity/chat.ts';
import { IsoTimeSchema, NamedRefSchema, OrNull } from './schema.ts';

/** The document a chat is about, as the participants may open it. */
export const ChatDocumentSchema = Type.Object({
  model: Type.String(),
  _id: Type.String(),
  key: OrNull(Type.String()),
  title: Type.String({ description: 'the document in words, in the caller language' }),
  url: Type.String({ description: 'the path of the document in the web app' }),
});
export type ChatDocument = Static<typeof ChatDocumentSchema>;

export const ChatMessageSchema = Type.Object({
  _id: Type.String(),
  user: NamedRefSchema,
  text: Type.String(),
  ts: IsoTimeSchema,
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** One chat in the list: newest activity first, with the caller's unread count. */
export const ChatSummarySchema = Type.Object({
  _id: Type.String(),
  subject: Type.String(),
  document: ChatDocumentSchema,
  participants: Type.Array(NamedRefSchema),
  createdBy: NamedRefSchema,
  createdAt: IsoTimeSchema,
  lastMessage: OrNull(ChatMessageSchema),
  unread: Type.Integer({ minimum: 0, description: 'messages of the others since the caller last read' }),
});
export type ChatSummary = Static<typeof ChatSummarySchema>;

/** GET /chat */
export const ChatListSchema = Type.Array(ChatSummarySchema);

/** GET /chat/{id}: the chat with its messages, oldest first; reading marks it read for the caller. */
export const ChatDetailSchema = Type.Object({
  ...ChatSummarySchema.properties,
  messages: Type.Array(ChatMessageSchema),
});
export type ChatDetail = Static<typeof ChatDetailSchema>;

const text = Type.String({ minLength: 1, maxLength: CHAT_TEXT_MAX });

/** POST /chat: one chat about one document with the chosen participants and its first message. */
export const ChatCreateSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 60 }),
  documentId: Type.String({ minLength: 1, maxLength: 40 }),
  participants: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    minItems: 1,
    maxItems: CHAT_MAX_PARTICIPANTS,
    description: 'user ids besides the caller: internal users who can see the document',
  }),
  subject: Type.Optional(Type.String({ maxLength: CHAT_SUBJECT_MAX })),
  text,
});
export type ChatCreate = Static<typeof ChatCreateSchema>;

/** POST /chat/{id}/messages */
export const ChatPostSchema = Type.Object({ text });
export type ChatPost = Static<typeof ChatPostSchema>;

export const ChatParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * The external chat widget (seed 000 section 3, Chat widget settings): shown when enabled (and the
 * UI flag chat is on), a script at `widget` started with `token` and `host` and the user's first and
 * last name. GET /chat/widget answers the caller's domain settings; PUT saves them (administrators).
 */
export const ChatWidgetSettingsSchema = Type.Object({
  enabled: Type.Boolean(),
  token: Type.Optional(Type.String({ maxLength: WIDGET_TOKEN_MAX })),
  host: Type.Optional(Type.String({ maxLength: WIDGET_URL_MAX })),
  widget: Type.Optional(Type.String({ maxLength: WIDGET_URL_MAX, description: 'the address of its script' })),
});
export type ChatWidgetSettings = Static<typeof ChatWidgetSettingsSchema>;
