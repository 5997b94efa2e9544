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
