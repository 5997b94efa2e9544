/** The caller's notifications (seed 000 section 7). */
import { Type, type Static } from 'typebox';
import { IsoTimeSchema, OrNull } from './schema.ts';

export const NotificationSchema = Type.Object({
  _id: Type.String(),
  text: Type.String(),
  link: Type.Optional(OrNull(Type.String())),
  icon: Type.Optional(OrNull(Type.String())),
  read: Type.Boolean(),
  ts: IsoTimeSchema,
});
export type Notification = Static<typeof NotificationSchema>;

/** GET /communication/notifications: newest first. */
export const NotificationListSchema = Type.Array(NotificationSchema);

/** DELETE /communication/notifications/all: how many were removed. */
export const NotificationsRemovedSchema = Type.Object({ ok: Type.Literal(true), count: Type.Integer() });
export type NotificationsRemoved = Static<typeof NotificationsRemovedSchema>;

/** POST /notifications/stream-token: opens the live stream for a minute-scale window. */
export const NotificationStreamTokenSchema = Type.Object({
  url: Type.String({ description: '/api/notifications/stream?access_token={stream token}' }),
  expiresAt: Type.String({ format: 'date-time', description: 'the token opens no stream after this time' }),
});
export type NotificationStreamToken = Static<typeof NotificationStreamTokenSchema>;

/** GET /notifications/stream: the bearer header, or a stream token (EventSource sends no header). */
export const NotificationStreamQuerySchema = Type.Object({
  access_token: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: 'a stream token from POST /notifications/stream-token; a bearer token here is refused',
    }),
  ),
});

/** The server-sent event that announces a new notification of the caller. */
export const NOTIFICATION_EVENT = 'user.notification';

/**
 * GET /notifications/stream answers text/event-stream: `event: user.notification` with a
 * Notification as data, and a comment line as heartbeat every 25 s.
 */
export const NotificationStreamSchema = Type.String({
  description: 'text/event-stream: "event: user.notification" lines with a Notification as JSON data',
});
