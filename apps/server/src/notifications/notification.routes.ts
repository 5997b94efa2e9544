import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { caller } from '../auth/auth.hook.ts';
import { IdParams, TsQuery } from '../lib/schemas.ts';
import type { Services } from '../services.ts';

/** The caller's notifications: list, mark read, remove one, remove all. */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { notifications } = services;
  const tags = ['notifications'];

  app.get(
    '/communication/notifications',
    { schema: { tags, summary: 'My notifications, newest first', querystring: TsQuery } },
    (req) => notifications.list(caller(req)),
  );

  app.post(
    '/communication/notifications/read/:id',
    { schema: { tags, summary: 'Mark a notification read', params: IdParams } },
    (req) => notifications.markRead(caller(req), req.params.id),
  );

  // Registered before '/:id' for readability; Fastify prefers the static segment anyway.
  app.delete(
    '/communication/notifications/all',
    { schema: { tags, summary: 'Remove all my notifications' } },
    (req) => notifications.removeAll(caller(req)),
  );

  app.delete(
    '/communication/notifications/:id',
    { schema: { tags, summary: 'Remove a notification', params: IdParams } },
    (req) => notifications.remove(caller(req), req.params.id),
  );
};
