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

    /** Like insert, answering the new id (the live event names it). */
    create: async (n: { domainId: string; userId: string; text: string; link: string; icon: string }) =>
      (
        await db
          .insertInto('notifications')
          .values({
            domain_id: n.domainId,
            user_id: n.userId,
            text: sanitizeHtml(n.text),
            link: safeLink(n.link),
            icon: n.icon,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    find: (domainId: string, userId: string, id: string) =>
      db
        .selectFrom('notifications')
        .select(['id', 'text', 'link', 'icon', 'read', 'ts'])
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Active users of the domain with what the notification rules read: main role, extra roles,
     * profile and supplier. `ids` picks users; `role` picks holders of a role (main or extra).
     */
    recipients: async (domainId: string, pick: { ids?: string[]; role?: string }) => {
      if (pick.ids && pick.ids.length === 0) return [];
      let q = db
        .selectFrom('users')
        .select(['id', 'role_key', 'supplier_id', 'profile'])
        .where('domain_id', '=', domainId)
        .where('status', '=', 'active');
      if (pick.ids) q = q.where('id', 'in', pick.ids);
      const role = pick.role;
      if (role)
        q = q.where((eb) =>
          eb.or([
            eb('role_key', '=', role),
            eb.exists(
              eb
                .selectFrom('user_roles')
                .select('user_roles.user_id')
                .whereRef('user_roles.user_id', '=', 'users.id')
                .where('user_roles.role_key', '=', role),
            ),
          ]),
        );
      const users = await q.execute();
      if (users.length === 0) return [];
      const extra = await db
        .selectFrom('user_roles')
        .select(['user_id', 'role_key'])
        .where(
          'user_id',
          'in',
          users.map((u) => u.id),
        )
        .execute();
      return users.map((u) => ({
        id: u.id,
        supplierId: u.supplier_id,
        holder: {
          role: { key: u.role_key },
          roles: extra.filter((r) => r.user_id === u.id).map((r) => ({ key: r.role_key })),
          _profile: u.profile,
        },
      }));
    },
  };
}
