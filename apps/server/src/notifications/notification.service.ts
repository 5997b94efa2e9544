import type { Notification } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/app-error.ts';
import { safeLink, sanitizeHtml } from '../lib/sanitize-html.ts';
import { notificationRepository } from './notification.repository.ts';

const NOT_FOUND = 'Notification not found.';

/** The caller's notifications; another user's id answers 404, never 403, to reveal nothing. */
export function notificationService(db: Db) {
  const repo = notificationRepository(db);
  return {
    async list(caller: AuthContext): Promise<Notification[]> {
      const rows = await repo.list(caller.domainId, caller.user._id);
      return rows.map((r) => ({
        _id: r.id,
        // sanitised again when served: rows written before the sanitiser, or by another writer
        text: sanitizeHtml(r.text),
        link: safeLink(r.link),
        icon: r.icon,
        read: r.read,
        ts: r.ts.toISOString(),
      }));
    },

    async markRead(caller: AuthContext, id: string): Promise<{ ok: true }> {
      if ((await repo.markRead(caller.domainId, caller.user._id, id)) === 0) throw notFound(NOT_FOUND);
      return { ok: true };
    },

    async remove(caller: AuthContext, id: string): Promise<{ ok: true }> {
      if ((await repo.remove(caller.domainId, caller.user._id, id)) === 0) throw notFound(NOT_FOUND);
      return { ok: true };
    },

    async removeAll(caller: AuthContext): Promise<{ ok: true; count: number }> {
      return { ok: true, count: await repo.removeAll(caller.domainId, caller.user._id) };
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
