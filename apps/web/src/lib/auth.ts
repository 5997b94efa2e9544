import type { SessionUser } from '@p2p/domain';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { resetSession, sessionStore, updateSessionUser } from './session.ts';

/** Revokes the token on the server (answer not shown), then forgets the session and cached data. */
export async function signOut(): Promise<void> {
  const user = sessionStore.get().user;
  if (user) {
    try {
      await api.get(`/profile/user/signout/${encodeURIComponent(user._id)}`, { query: { ts: Date.now() } });
    } catch {
      /* the session ends locally whatever the server says */
    }
  }
  resetSession('signout');
  queryClient.clear();
}

/** Refreshes the stored user from GET /profile/user/me. */
export async function refreshMe(): Promise<void> {
  if (!sessionStore.get().token) return;
  try {
    const me = await api.get<SessionUser>('/profile/user/me');
    if (me && sessionStore.get().token) updateSessionUser(me);
  } catch {
    /* an invalid token already reset the session in the api client */
  }
}
