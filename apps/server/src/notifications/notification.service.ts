import { renderNotification, type Notification } from '@p2p/domain';
import { API_BASE, type NotificationStreamToken } from '@p2p/domain/api';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import {
  DOWNLOAD_TOKEN_TTL_MS,
  downloadSecret,
  signDownloadToken,
  verifyDownloadToken,
  type DownloadGrant,
} from '../lib/download-token.ts';
import { safeLink, sanitizeHtml } from '../lib/sanitize-html.ts';
import { withDocumentIds } from './notification.links.ts';
import { notificationRepository } from './notification.repository.ts';

const NOT_FOUND = 'Notification not found.';

/**
 * What a stream token opens: the caller's own stream, nothing else. It is a download token
 * (lib/download-token.ts) for this resource, so a file link never opens the stream and back.
 */
export const STREAM_RESOURCE = 'notifications:stream';

const streamTokenInvalid = () =>
  new AppError('unauthorized', 'This stream token is not valid or has expired.', {
    key: 'notifications.stream-token-invalid',
  });

type Row = {
  id: string;
  text: string;
  link: string | null;
  icon: string | null;
  read: boolean;
  ts: Date;
  text_key: string | null;
  text_params: Record<string, unknown> | null;
};

/**
 * A stored notification as its reader gets it: a keyed text rendered in the reader's language
 * (the user's `lang`), else the stored text. Sanitised again when served either way: rows written
 * before the sanitiser, or by another writer.
 */
const toNotification = (r: Row, lang: string | null | undefined): Notification => ({
  _id: r.id,
  text: sanitizeHtml((r.text_key && renderNotification(r.text_key, r.text_params, lang)) || r.text),
  link: safeLink(r.link),
  icon: r.icon,
  read: r.read,
  ts: r.ts.toISOString(),
});

/** The caller's notifications; another user's id answers 404, never 403, to reveal nothing. */
export function notificationService(db: Db) {
  const repo = notificationRepository(db);
  const secret = downloadSecret(db);
  return {
    async list(caller: AuthContext): Promise<Notification[]> {
      const lang = caller.user.lang;
      const rows = await withDocumentIds(
        db,
        caller.domainId,
        await repo.list(caller.domainId, caller.user._id),
      );
      return rows.map((r) => toNotification(r, lang));
    },

    /**
     * One notification of a user in the user's language, or null (another schema's event, or
     * removed meanwhile); the live stream sends it.
     */
    async one(domainId: string, userId: string, id: string): Promise<Notification | null> {
      const row = await repo.find(domainId, userId, id);
      if (!row) return null;
      const [linked] = await withDocumentIds(db, domainId, [row]);
      return toNotification(linked!, await repo.userLang(domainId, userId));
    },

    /** A short-lived token for the live stream: EventSource cannot send the bearer header. */
    async streamLink(caller: AuthContext): Promise<NotificationStreamToken> {
      const expiresAt = Date.now() + DOWNLOAD_TOKEN_TTL_MS;
      const token = signDownloadToken(await secret(), {
        userId: caller.user._id,
        domainId: caller.domainId,
        resource: STREAM_RESOURCE,
        expiresAt,
      });
      return {
        url: `${API_BASE}/notifications/stream?access_token=${token}`,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    /** The user a stream token opens the stream of (401 for any other token). */
    async streamGrant(token: string): Promise<DownloadGrant> {
      const grant = verifyDownloadToken(await secret(), token, STREAM_RESOURCE);
      if (!grant) throw streamTokenInvalid();
      return grant;
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
