import type { SessionUser } from '@p2p/domain';
import { STORAGE_KEYS, storage } from './storage.ts';

/** A session as kept between visits. */
export interface StoredSession {
  token: string;
  expiresAt: string | null;
  user: SessionUser;
}

/** The session kept by the last visit (null: none, or unreadable). */
export function storedSession(): StoredSession | null {
  const saved = storage.getJson<Partial<StoredSession>>(STORAGE_KEYS.session);
  if (!saved?.token || !saved.user) return null;
  return { token: saved.token, expiresAt: saved.expiresAt ?? null, user: saved.user };
}
