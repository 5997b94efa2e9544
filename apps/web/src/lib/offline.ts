import { createStore, useStore } from './store.ts';

/** Set by a 502 answer, cleared by the next successful one; the banner translates MESSAGES.offline. */
export const offlineStore = createStore<boolean>(false);
export const useOffline = (): boolean => useStore(offlineStore);
