import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChatCreateSchema,
  ChatDetailSchema,
  ChatListSchema,
  ChatMessageSchema,
  ChatParamsSchema,
  ChatPostSchema,
  ChatWidgetSettingsSchema,
  described,
  errorResponses,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';

/**
 * Internal chats about a document (create, list, read, write; never edit, delete or create several
 * at once: seed 000 section 6) and the external chat widget's settings.
 */
export const chatRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { chat, chatWidget } = services;
  const tags = ['chat'];

  app.get(
    '/chat',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'listChats',
        summary:
          "The caller's chats, newest activity first, with the unread count; only chats about documents the " +
          'caller still reads (empty for suppliers: they have no chat)',
        response: { 200: described(ChatListSchema, 'The chats of the caller'), ...errorResponses(401, 503) },
      },
    },
    (req) => chat.list(caller(req)),
  );

  app.post(
    '/chat',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'createChat',
        summary:
          'Create one chat about a document the caller reads, with internal users who read it too, and its first ' +
          'message; the participants are notified. 403 for suppliers, 404 for a document outside the scope, 400 ' +
          'naming each participant refused',
        body: ChatCreateSchema,
        response: {
          200: described(ChatDetailSchema, 'The new chat'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => chat.create(caller(req), req.body),
  );

  app.get(
    '/chat/widget',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getChatWidget',
        summary:
          "The external chat widget's settings of the caller's domain (enabled, token, host, widget); disabled " +
          'for suppliers',
        response: {
          200: described(ChatWidgetSettingsSchema, 'The widget settings'),
          ...errorResponses(401, 503),
        },
      },
    },
    (req) => chatWidget.get(caller(req)),
  );

  app.put(
    '/chat/widget',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'saveChatWidget',
        summary:
          "Save the external chat widget's settings of the caller's domain (administrators); an enabled widget " +
          'needs a token and http(s) addresses of its host and script',
        body: ChatWidgetSettingsSchema,
        response: {
          200: described(ChatWidgetSettingsSchema, 'The saved settings'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => chatWidget.save(caller(req), req.body),
  );

  app.get(
    '/chat/:id',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'readChat',
        summary:
          'A chat of the caller with its messages, oldest first; reading marks it read. 404 for others',
        params: ChatParamsSchema,
        response: {
          200: described(ChatDetailSchema, 'The chat'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    (req) => chat.read(caller(req), req.params.id),
  );

  app.post(
    '/chat/:id/messages',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'postChatMessage',
        summary: 'Write in a chat of the caller; the other participants are notified. 404 for others',
        params: ChatParamsSchema,
        body: ChatPostSchema,
        response: {
          200: described(ChatMessageSchema, 'The message as stored'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    (req) => chat.post(caller(req), req.params.id, req.body),
  );
};
