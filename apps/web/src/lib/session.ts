import type { SessionUser } from '@p2p/domain';
import { createStore, useStore } from './store.ts';
import { STORAGE_KEYS, storage } from './storage.ts';
import { storedSession } from './stored-session.ts';

export interface Session {
  token: string | null;
  expiresAt: string | null;
  user: SessionUser | null;
  /** why the last session ended: an explicit sign-out goes to /signin without a redirect */
  endedBy: 'signout' | 'invalid-token' | null;
}

const EMPTY: Session = { token: null, expiresAt: null, user: null, endedBy: null };

function load(): Session {
  const saved = storedSession();
  return saved ? { ...saved, endedBy: null } : EMPTY;
}

export const sessionStore = createStore<Session>(load());

sessionStore.subscribe(() => {
  const s = sessionStore.get();
  if (s.token && s.user)
    storage.setJson(STORAGE_KEYS.session, { token: s.token, expiresAt: s.expiresAt, user: s.user });
  else storage.remove(STORAGE_KEYS.session);
});

export function startSession(token: string, user: SessionUser, expiresAt: string | null = null): void {
  sessionStore.set({ token, user, expiresAt, endedBy: null });
}

/** Replaces the user (and the token when the server issued a new one). */
export function updateSessionUser(user: SessionUser, token?: string): void {
  sessionStore.set((s) => ({ ...s, user, token: token ?? s.token }));
}

/** Forgets the session locally. */
export function resetSession(endedBy: Session['endedBy'] = 'invalid-token'): void {
  sessionStore.set({ ...EMPTY, endedBy });
}

/** Re-reads the stored session (another tab, tests). */
export function reloadSession(): void {
  sessionStore.set(load());
}

export const useSession = (): Session => useStore(sessionStore);
export const useUser = (): SessionUser | null => useStore(sessionStore).user;
