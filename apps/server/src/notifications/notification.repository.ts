import type { ColumnType } from 'kysely';
import type { NotificationParams } from '@p2p/domain';
import { json, type Db, type NotificationsTable } from '../db/database.ts';
import { safeLink, sanitizeHtml } from '../lib/sanitize-html.ts';

/** The notifications table with the text key and parameters of migration 0019. */
interface NotificationsWithKeys extends NotificationsTable {
  text_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSONB: read parsed, written as JSON text */
  text_params: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}
const withTextKeys = (db: Db) => db.withTables<{ notifications: NotificationsWithKeys }>();

const COLUMNS = ['id', 'text', 'link', 'icon', 'read', 'ts', 'text_key', 'text_params'] as const;

export interface NewNotification {
  domainId: string;
  userId: string;
  /** HTML; with a text key, its English rendering */
  text: string;
  link?: string | null;
  icon?: string | null;
  read?: boolean;
  ts?: Date;
  /** a key of NOTIFICATION_TEXTS: rendered in each reader's language */
  textKey?: string;
  params?: NotificationParams;
}

/** SQL for notifications; every statement is scoped to one user of one domain. */
export function notificationRepository(db: Db) {
  return {
    list: (domainId: string, userId: string) =>
      withTextKeys(db)
        .selectFrom('notifications')
        .select(COLUMNS)
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

    /**
     * Creates a notification (answers its id, which the live event names). Its text is HTML and is
     * stored sanitised, its link only when safe. With a text key the notification is rendered per
     * reader language when read (notification-texts in the domain); `text` then holds the English
     * rendering, served to readers of a version that no longer knows the key.
     */
    create: async (n: NewNotification) =>
      (
        await withTextKeys(db)
          .insertInto('notifications')
          .values({
            domain_id: n.domainId,
            user_id: n.userId,
            text: sanitizeHtml(n.text),
            link: safeLink(n.link),
            icon: n.icon ?? null,
            read: n.read ?? false,
            ...(n.ts ? { ts: n.ts } : {}),
            ...(n.textKey ? { text_key: n.textKey, text_params: json(n.params ?? {}) } : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    /** Like create, without the id. */
    insert: async (n: NewNotification): Promise<void> => {
      await notificationRepository(db).create(n);
    },

    find: (domainId: string, userId: string, id: string) =>
      withTextKeys(db)
        .selectFrom('notifications')
        .select(COLUMNS)
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The users following a document: those who have it among their favorites. */
    followers: async (domainId: string, documentId: string): Promise<string[]> =>
      (
        await db
          .withTables<{ favorites: { domain_id: string; user_id: string; document_id: string } }>()
          .selectFrom('favorites')
          .select('user_id')
          .where('domain_id', '=', domainId)
          .where('document_id', '=', documentId)
          .execute()
      ).map((r) => r.user_id),

    /** The language a user reads notifications in (null: no such user). */
    userLang: async (domainId: string, userId: string): Promise<string | null> =>
      (
        await db
          .selectFrom('users')
          .select('lang')
          .where('domain_id', '=', domainId)
          .where('id', '=', userId)
          .executeTakeFirst()
      )?.lang ?? null,

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
