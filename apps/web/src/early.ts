/**
 * The `early` entry: a few kilobytes the page runs before the app's code has loaded. It starts a
 * reload's first calls (lib/early-requests.ts) and, on a document form's url, the download of the
 * form's code and styles (the files vite-plugins.ts names in the `p2p-form-chunks` meta tag), so that neither
 * waits for the app to start.
 */
import { startEarlyRequests } from './lib/early-requests.ts';

performance.mark('p2p:early');
if (startEarlyRequests(location.pathname)) {
  const files = document.querySelector('meta[name=p2p-form-chunks]')?.getAttribute('content') ?? '';
  for (const href of files.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    // a stylesheet link (not a preload): vite's lazy loader then finds it and does not wait for it
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}
