import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  NotificationListSchema,
  NotificationsRemovedSchema,
  NotificationStreamQuerySchema,
  NotificationStreamSchema,
  NotificationStreamTokenSchema,
  OkSchema,
} from '@p2p/domain/api';
import type { onRequestHookHandler } from 'fastify';
import { authHook, caller } from '../auth/auth.hook.ts';
import { tokenInvalid } from '../auth/auth.service.ts';
import type { Services } from '../services.ts';
import { NotificationListQuery, NotificationParams } from './notification.schema.ts';
import { openNotificationStream } from './notification.stream.ts';

/** The caller's notifications: list, mark read, remove one, remove all. */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { notifications } = services;
  const tags = ['notifications'];

  app.get(
    '/communication/notifications',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'listNotifications',
        summary: 'My notifications, newest first',
        querystring: NotificationListQuery,
        response: {
          200: described(NotificationListSchema, 'The notifications of the caller'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => notifications.list(caller(req)),
  );

  app.post(
    '/communication/notifications/read/:id',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'markNotificationRead',
        summary: 'Mark a notification read',
        params: NotificationParams,
        response: { 200: described(OkSchema, 'Marked read'), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => notifications.markRead(caller(req), req.params.id),
  );

  // Registered before '/:id' for readability; Fastify prefers the static segment anyway.
  app.delete(
    '/communication/notifications/all',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'removeAllNotifications',
        summary: 'Remove all my notifications',
        response: {
          200: described(NotificationsRemovedSchema, 'How many were removed'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => notifications.removeAll(caller(req)),
  );

  app.delete(
    '/communication/notifications/:id',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'removeNotification',
        summary: 'Remove a notification',
        params: NotificationParams,
        response: { 200: described(OkSchema, 'Removed'), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => notifications.remove(caller(req), req.params.id),
  );

  app.post(
    '/notifications/stream-token',
    {
      config: { policy: 'self', storesNothing: true },
      schema: {
        tags,
        operationId: 'createNotificationStreamToken',
        summary:
          'A token that opens my live notification stream for 5 minutes without the bearer header ' +
          '(EventSource sends none): /api/notifications/stream?access_token={stream token}.',
        response: {
          200: described(NotificationStreamTokenSchema, 'The stream address and when its token expires'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => notifications.streamLink(caller(req)),
  );

  /**
   * The stream authenticates itself (marked public, so the app's choke point does not run): an
   * Authorization header goes through the auth hook; without one, `?access_token=` must be a
   * stream token. A bearer token in the query is never accepted (query strings reach logs).
   */
  const requireAuth = authHook(services.auth);
  const headerOrStreamToken: onRequestHookHandler = async (request, reply) => {
    if (request.headers.authorization) return requireAuth.call(app, request, reply, () => {});
    const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token !== 'string' || !token) throw tokenInvalid();
  };
  const streams = new Set<() => void>();
  // open streams never end by themselves: the app's close ends them
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    '/notifications/stream',
    {
      config: { public: true, policy: 'self' },
      onRequest: headerOrStreamToken,
      schema: {
        tags,
        operationId: 'notificationStream',
        summary:
          'My notifications as they are created (text/event-stream): "event: user.notification" with the ' +
          'notification as data, a comment line every 25 s. The bearer header, or ?access_token= a stream ' +
          'token (POST /notifications/stream-token); a bearer token there is refused (401).',
        produces: ['text/event-stream'],
        querystring: NotificationStreamQuerySchema,
        response: {
          200: described(NotificationStreamSchema, 'The event stream'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (req, reply) => {
      const who = req.auth
        ? { domainId: req.auth.domainId, userId: req.auth.user._id }
        : await notifications.streamGrant(req.query.access_token ?? '');
      openNotificationStream(reply, who, { notifications, events: services.notificationEvents, streams });
    },
  );
};
