/** localStorage access that never throws (private mode, disabled storage, tests). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage unavailable */
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};

export const STORAGE_KEYS = {
  session: 'p2p.session',
  lang: 'p2p.lang',
  domain: 'p2p.domain',
  sidebarOpen: 'p2p.sidebar.open',
  sidebarExpanded: 'p2p.sidebar.expanded',
  sidebarCurrent: 'p2p.sidebar.current',
  offlineMessage: 'p2p.offline.message',
  /** the document form routes last configured (path -> model), read by a reload's early calls */
  formRoutes: 'p2p.form.routes',
} as const;
