/* global self, caches, fetch, URL */
/*
 * P2P service worker: keeps the app shell so that a reload without network opens the app's own
 * offline screen instead of the browser's error page.
 *
 * - Pages (navigations): network first, always; the answer refreshes the kept index.html. Only
 *   when the network fails is the kept index.html served (the app then shows its offline screen,
 *   because its configuration call fails).
 * - Hashed build files (/assets/*): cache first; their names change with their content, so a kept
 *   copy is never stale. Kept when the shell is installed (those index.html names) and when fetched.
 * - Themes and logos (names without a hash): network first, the kept copy when offline.
 * - The API (/api/*), version.json and this file: never answered from or written to the cache.
 * - A new build: when the fresh index.html names another entry script, the files no longer named
 *   by it are dropped (lazily loaded page chunks are fetched and kept again when used).
 */
const SHELL_CACHE = 'p2p-shell-v1';
const INDEX = '/index.html';
const NEVER = [/^\/api\//, /^\/version\.json$/, /^\/sw\.js$/];

/** The /assets/ files an index.html names (entry script, preloaded chunks, styles). */
const assetsOf = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

async function keepShell(response) {
  const cache = await caches.open(SHELL_CACHE);
  const html = await response.clone().text();
  const before = await cache.match(INDEX);
  const previous = before ? assetsOf(await before.text()) : [];
  await cache.put(INDEX, response.clone());
  const current = assetsOf(html);
  // fetched once: a kept hashed file never changes
  await Promise.all(
    current.map(async (url) => (await cache.match(url)) ?? cache.add(url).catch(() => undefined)),
  );
  // a new build (another entry): drop what only the old one named
  if (previous.length && previous[0] !== current[0]) {
    const keys = await cache.keys();
    await Promise.all(
      keys
        .filter((req) => new URL(req.url).pathname.startsWith('/assets/'))
        .filter((req) => !current.includes(new URL(req.url).pathname))
        .map((req) => cache.delete(req)),
    );
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(INDEX, { cache: 'no-store' })
      .then((res) => (res.ok ? keepShell(res) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // caches of earlier workers (an older cache name) go; the shell cache stays
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function navigate(request) {
  try {
    const response = await fetch(request);
    const html = response.headers.get('content-type') || '';
    if (response.ok && html.includes('text/html')) await keepShell(response.clone()).catch(() => undefined);
    return response;
  } catch (err) {
    const kept = await caches.match(INDEX);
    if (kept) return kept;
    throw err;
  }
}

/** Themes and logos keep their names across builds: the network first, the kept copy offline. */
async function fresh(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone()).catch(() => undefined);
    return response;
  } catch (err) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw err;
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((re) => re.test(url.pathname))) return; // the network, as if no worker were here
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (/^\/(themes|logos)\//.test(url.pathname)) event.respondWith(fresh(request));
});
