import { VERSION_POLL_MS } from '@p2p/domain';

declare const __APP_VERSION__: string;

/** The build timestamp baked into this bundle by the version plugin. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0';

const isNewer = (remote: string, local: string): boolean => {
  const r = Number(remote);
  const l = Number(local);
  return Number.isFinite(r) && Number.isFinite(l) ? r > l : remote > local;
};

/** Clears stored data: Cache Storage, localStorage and sessionStorage. */
export async function clearStoredData(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
  } catch {
    /* Cache Storage unavailable */
  }
  try {
    localStorage.clear();
  } catch {
    /* storage unavailable */
  }
  try {
    sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
}

export interface VersionCheckDeps {
  current?: string;
  reload?: () => void;
}

/**
 * Reads /version.json; when it names a newer build, clears stored data and reloads.
 * Returns true when a reload was triggered.
 */
export async function checkVersion(deps: VersionCheckDeps = {}): Promise<boolean> {
  const current = deps.current ?? APP_VERSION;
  let remote: string | undefined;
  try {
    const res = await fetch(`/version.json?ts=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return false;
    const body = (await res.json()) as { version?: unknown };
    remote = body.version === undefined ? undefined : String(body.version);
  } catch {
    return false;
  }
  if (!remote || !isNewer(remote, current)) return false;
  await clearStoredData();
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}

/** sessionStorage key: the build that already reloaded once for a chunk it could not load. */
export const CHUNK_RELOAD_KEY = 'p2p.chunk-reload';

/**
 * A lazily loaded chunk of this build failed to load. When /version.json names a newer build (a
 * deploy removed this build's chunks), clears stored data and reloads, as checkVersion does; only
 * once per build, so a reload that still serves this build cannot loop. Returns true when a reload
 * was triggered.
 */
export async function reloadForNewBuild(deps: VersionCheckDeps = {}): Promise<boolean> {
  const current = deps.current ?? APP_VERSION;
  try {
    if (sessionStorage.getItem(CHUNK_RELOAD_KEY) === current) return false;
  } catch {
    /* storage unavailable */
  }
  const reload = deps.reload ?? (() => window.location.reload());
  return checkVersion({
    current,
    reload: () => {
      try {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, current); // after clearStoredData
      } catch {
        /* storage unavailable */
      }
      reload();
    },
  });
}

/** Polls every VERSION_POLL_MS; returns a stop function. */
export function startVersionPolling(
  deps: VersionCheckDeps = {},
  intervalMs: number = VERSION_POLL_MS,
): () => void {
  const id = setInterval(() => void checkVersion(deps), intervalMs);
  return () => clearInterval(id);
}

/** How long after the page's load work deferred by afterFirstScreen waits for an idle moment at most. */
export const FIRST_SCREEN_IDLE_TIMEOUT_MS = 5000;

/**
 * Runs `fn` once the page has loaded and the main thread is idle (at most
 * FIRST_SCREEN_IDLE_TIMEOUT_MS later): work that a cold open of a large document need not compete
 * with on a two-core machine (the service worker's install fetches the app shell again).
 */
export function afterFirstScreen(fn: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => fn(), { timeout: FIRST_SCREEN_IDLE_TIMEOUT_MS });
    else setTimeout(fn, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Registers the app-shell service worker in production builds, after the first screen. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  afterFirstScreen(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
