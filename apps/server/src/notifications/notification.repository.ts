import type { Db } from '../db/database.ts';
import { safeLink, sanitizeHtml } from '../lib/sanitize-html.ts';

/** SQL for notifications; every statement is scoped to one user of one domain. */
export function notificationRepository(db: Db) {
  return {
    list: (domainId: string, userId: string) =>
      db
        .selectFrom('notifications')
        .select(['id', 'text', 'link', 'icon', 'read', 'ts'])
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .orderBy('ts', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute(),

    /** Number of rows changed: 0 means the notification is not the caller's. */
    markRead: async (domainId: string, userId: string, id: string) =>
      Number(
        (
          await db
            .updateTable('notifications')
            .set({ read: true })
            .where('domain_id', '=', domainId)
            .where('user_id', '=', userId)
            .where('id', '=', id)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),

    remove: async (domainId: string, userId: string, id: string) =>
      Number(
        (
          await db
            .deleteFrom('notifications')
            .where('domain_id', '=', domainId)
            .where('user_id', '=', userId)
            .where('id', '=', id)
            .executeTakeFirst()
        ).numDeletedRows,
      ),

    removeAll: async (domainId: string, userId: string) =>
      Number(
        (
          await db
            .deleteFrom('notifications')
            .where('domain_id', '=', domainId)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        ).numDeletedRows,
      ),

    /** Creates a notification; its text is HTML and is stored sanitised, its link only when safe. */
    insert: (n: {
      domainId: string;
      userId: string;
      text: string;
      link?: string | null;
      icon?: string | null;
      read?: boolean;
      ts?: Date;
    }) =>
      db
        .insertInto('notifications')
        .values({
          domain_id: n.domainId,
          user_id: n.userId,
          text: sanitizeHtml(n.text),
          link: safeLink(n.link),
          icon: n.icon ?? null,
          read: n.read ?? false,
          ...(n.ts ? { ts: n.ts } : {}),
        })
        .execute(),
  };
}
