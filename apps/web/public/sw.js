/* global self, caches */
/* P2P service worker: caches nothing, so no stale build is ever served. An update deletes every
   cache left by earlier versions and takes over the open pages at once. */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});
