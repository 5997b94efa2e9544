import { createStore, useStore } from './store.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/** The domain picked before sign-in (sign-in page selector); sent as x-p2p-domain until signed in. */
export const pickedDomainStore = createStore<string | null>(storage.get(STORAGE_KEYS.domain));
pickedDomainStore.subscribe(() => {
  const v = pickedDomainStore.get();
  if (v) storage.set(STORAGE_KEYS.domain, v);
  else storage.remove(STORAGE_KEYS.domain);
});
export const pickDomain = (id: string | null) => pickedDomainStore.set(id);
export const usePickedDomain = () => useStore(pickedDomainStore);
