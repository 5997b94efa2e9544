import { API_BASE, HEADERS, encodeContext, type SessionUser } from '@p2p/domain';
import { STORAGE_KEYS, storage } from './storage.ts';

/** What a url's query may hold; null and undefined values are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** The domain sent before sign-in (the one chosen on the sign-in page). */
export function preferredDomain(): string | null {
  return storage.get(STORAGE_KEYS.domain);
}

/** The headers of a call made in `session` (the token, the domain, the user and the working context). */
export function headersFor(
  session: { token: string | null; user: SessionUser | null },
  extra: Record<string, string> = {},
): Record<string, string> {
  const { token, user } = session;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const domain = user?.domain ?? preferredDomain();
  if (domain) headers[HEADERS.domain] = domain;
  if (user) {
    headers[HEADERS.user] = user.username;
    headers[HEADERS.context] = encodeContext(user.context ?? {});
  }
  return { ...headers, ...extra };
}

export function apiUrl(path: string, query?: Query): string {
  const clean = path.startsWith(API_BASE + '/') ? path.slice(API_BASE.length) : path;
  let url = API_BASE + (clean.startsWith('/') ? clean : `/${clean}`);
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}
