import type { AppConfig } from '@p2p/domain';
import { createStore, useStore } from './store.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/** Set by a 502 answer, cleared by the next successful one; the banner shows the offline message. */
export const offlineStore = createStore<boolean>(false);
export const useOffline = (): boolean => useStore(offlineStore);

/**
 * The offline message an administrator set (AppConfig.offline.message), remembered across visits so
 * that the offline screen and the 502 banner can show it while the server cannot be reached. null
 * when none is set: they show the specification's offline text (MESSAGES.offline) instead.
 */
export const offlineMessageStore = createStore<string | null>(storage.get(STORAGE_KEYS.offlineMessage));
offlineMessageStore.subscribe(() => {
  const message = offlineMessageStore.get();
  if (message) storage.set(STORAGE_KEYS.offlineMessage, message);
  else storage.remove(STORAGE_KEYS.offlineMessage);
});

/** Keeps the message of the latest app configuration (a cleared record forgets it). */
export function rememberOfflineRecord(record: AppConfig['offline'] | undefined): void {
  const message = record?.message?.trim();
  offlineMessageStore.set(message ? message : null);
}

export const useOfflineMessage = (): string | null => useStore(offlineMessageStore);

/**
 * The network is gone: a request failed without any answer (or the browser says it is offline),
 * until the next answer of the server or the browser's 'online'. Every view then shows the
 * network notice, and the header hides what needs the server (group, reload).
 */
export const networkDownStore = createStore<boolean>(
  typeof navigator !== 'undefined' && navigator.onLine === false,
);
export const useNetworkDown = (): boolean => useStore(networkDownStore);

/** The server cannot be reached: a 502 answer or no network. */
export function useConnectionLost(): boolean {
  const offline = useOffline();
  const networkDown = useNetworkDown();
  return offline || networkDown;
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => networkDownStore.set(true));
  window.addEventListener('online', () => networkDownStore.set(false));
}
