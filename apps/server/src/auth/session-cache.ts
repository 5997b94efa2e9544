import { deepFreeze } from '../lib/deep-freeze.ts';
import type { AuthContext } from './auth-context.ts';

/**
 * Resolved bearer tokens, so a request does not pay four to six queries (session, user, roles,
 * groups, context group) before its own work. Entries live SESSION_CACHE_TTL_MS at most: that
 * bounds how long another server process may still accept a token revoked elsewhere or show a
 * user changed elsewhere. In this process every write that changes what a session resolves to
 * (sign-out, the user's settings, status or password) forgets the entries at once.
 *
 * Keyed by token hash, which is random per session, so one cache serves every database of the
 * process (tests run several apps side by side); forgetting a user id is safe to over-apply.
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthContext;
  until: number;
}

const entries = new Map<string, Entry>();

export const sessionCache = {
  get(tokenHash: string, now = Date.now()): AuthContext | undefined {
    const entry = entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      entries.delete(tokenHash);
      return undefined;
    }
    return entry.auth;
  },

  set(auth: AuthContext, expiresAt: Date, now = Date.now()): void {
    // Map keeps insertion order: dropping the first key drops the oldest entry.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    const until = Math.min(now + SESSION_CACHE_TTL_MS, expiresAt.getTime());
    entries.set(auth.tokenHash, { auth: deepFreeze(auth), until });
  },

  forgetToken(tokenHash: string): void {
    entries.delete(tokenHash);
  },

  forgetUser(userId: string): void {
    for (const [hash, entry] of entries) if (entry.auth.user._id === userId) entries.delete(hash);
  },
};
