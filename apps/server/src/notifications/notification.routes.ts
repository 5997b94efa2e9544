import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  NotificationListSchema,
  NotificationsRemovedSchema,
  OkSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import { NotificationListQuery, NotificationParams } from './notification.schema.ts';

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
};
