import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { json, type Db } from '../db/database.ts';

/**
 * Download tokens: what a browser link carries instead of the bearer token (a link sends no
 * header). Short-lived, single-purpose and signed: `base64url(payload).base64url(HMAC-SHA256)`,
 * the payload naming the purpose ('download'), the user, the domain, the one resource it opens
 * (e.g. 'file:{id}') and its expiry. Nothing is stored per token; a leaked link opens that one
 * resource until it expires, and a bearer token is never accepted where a download token is.
 */
export const DOWNLOAD_TOKEN_TTL_MS = 5 * 60_000;
export const DOWNLOAD_PURPOSE = 'download';

/** Row of app_settings (domain '*') holding the signing secret, made once on first use. */
export const DOWNLOAD_SECRET_SETTING = 'security.downloadTokenSecret';

export interface DownloadGrant {
  userId: string;
  domainId: string;
  /** the one thing the token opens, e.g. 'file:{id}' */
  resource: string;
  /** epoch milliseconds */
  expiresAt: number;
}

interface Payload {
  p: string;
  u: string;
  d: string;
  r: string;
  e: number;
}

const mac = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest();

/** Signs any payload (tests sign expired or other-purpose tokens with it). */
export function signPayload(secret: Buffer, payload: Payload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export function signDownloadToken(secret: Buffer, grant: DownloadGrant): string {
  return signPayload(secret, {
    p: DOWNLOAD_PURPOSE,
    u: grant.userId,
    d: grant.domainId,
    r: grant.resource,
    e: grant.expiresAt,
  });
}

/**
 * The grant of a token when its signature holds, its purpose is 'download', it names `resource`
 * and has not expired; null otherwise (one answer for every failure).
 */
export function verifyDownloadToken(
  secret: Buffer,
  token: string,
  resource: string,
  now = Date.now(),
): DownloadGrant | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return null;
  }
  if (payload.p !== DOWNLOAD_PURPOSE || payload.r !== resource) return null;
  if (typeof payload.e !== 'number' || payload.e <= now) return null;
  if (typeof payload.u !== 'string' || typeof payload.d !== 'string') return null;
  return { userId: payload.u, domainId: payload.d, resource: payload.r, expiresAt: payload.e };
}

/**
 * The signing secret: 32 random bytes kept in app_settings, so every server on one database signs
 * and checks alike. The first caller writes it; a concurrent first write loses and reads the
 * winner's.
 */
export async function loadDownloadSecret(db: Db): Promise<Buffer> {
  const read = async () => {
    const row = await db
      .selectFrom('app_settings')
      .select('value')
      .where('domain_id', '=', '*')
      .where('key', '=', DOWNLOAD_SECRET_SETTING)
      .executeTakeFirst();
    return typeof row?.value === 'string' ? Buffer.from(row.value, 'base64url') : null;
  };
  const found = await read();
  if (found) return found;
  await db
    .insertInto('app_settings')
    .values({
      domain_id: '*',
      key: DOWNLOAD_SECRET_SETTING,
      value: json(randomBytes(32).toString('base64url')),
    })
    .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
    .execute();
  const made = await read();
  if (!made) throw new Error('the download token secret could not be stored');
  return made;
}

/** A secret loaded once per process on first use (a failed load is retried next time). */
export function downloadSecret(db: Db): () => Promise<Buffer> {
  let pending: Promise<Buffer> | null = null;
  return () => {
    pending ??= loadDownloadSecret(db).catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

export const fileResource = (id: string) => `file:${id}`;
