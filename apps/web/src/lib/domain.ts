import type { QueryClient } from '@tanstack/react-query';
import type { Domain, UserConfigResponse } from '@p2p/domain';
import { startSession } from './session.ts';
import { createStore, useStore } from './store.ts';
import { STORAGE_KEYS, storage } from './storage.ts';
import { applyTheme } from './theme.ts';
import { refetchForNewScope } from './working-context.ts';

/** The domain picked before sign-in (sign-in page selector); sent as x-p2p-domain until signed in. */
export const pickedDomainStore = createStore<string | null>(storage.get(STORAGE_KEYS.domain));
pickedDomainStore.subscribe(() => {
  const v = pickedDomainStore.get();
  if (v) storage.set(STORAGE_KEYS.domain, v);
  else storage.remove(STORAGE_KEYS.domain);
});
export const pickDomain = (id: string | null) => pickedDomainStore.set(id);
export const usePickedDomain = () => useStore(pickedDomainStore);

/** The domain entered by switching from the home page, as the server described it (theme, logo, name). */
export const sessionDomainStore = createStore<Domain | null>(null);
export const useSessionDomain = (): Domain | null => useStore(sessionDomainStore);

/**
 * POST /profile/user/config: the session of the same username in the other domain (the contract's
 * UserConfigResponse with its domain-switch members present), and when it expires if the server says.
 */
export type DomainSwitchAnswer = UserConfigResponse &
  Required<Pick<UserConfigResponse, 'token' | 'domain'>> & { expiresAt?: string | null };

/**
 * Works in the other domain from now on: its session (token and user) replaces the current one, the
 * domain is remembered for the next sign-in, its theme and logo apply, and every answer read in the
 * previous domain (configuration included) is fetched again.
 */
export function enterDomain(answer: DomainSwitchAnswer, client: QueryClient): void {
  sessionDomainStore.set(answer.domain);
  startSession(answer.token, answer.user, answer.expiresAt ?? null);
  pickDomain(answer.domain.id);
  applyTheme(answer.domain.theme);
  void refetchForNewScope(client, { includeConfig: true });
}
