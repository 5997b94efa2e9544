import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound, errorBody } from '../lib/error-handler.ts';

// Files the browser must revalidate on every load so a new build is picked up at once.
const NO_CACHE = new Set(['index.html', 'version.json', 'sw.js', 'manifest.webmanifest']);

/**
 * Serves the built web app at '/' with an SPA fallback: a GET that is not an API call and not a
 * file gets index.html, so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasIndex = existsSync(resolve(webDist, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // the build writes name.br and name.gz beside each text file (vite-plugin-compression2)
      preCompressed: true,
      // one route per file of the build, found once at start (a new build comes with a restart):
      // the default catch-all route lists every directory of a file's path on each request to
      // check its letter case (~40 files per cold open of a form, 770 names in assets/). Without
      // it the server's CPU per cold open of the 2,000-line order fell from p50 370 to 290 ms
      // (bench:web); the paths served are the build's exact names
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const name = filePath.split(/[\\/]/).pop() ?? '';
        if (NO_CACHE.has(name)) res.header('cache-control', 'no-cache');
        // Vite puts content-hashed files under assets/: their name changes whenever they do.
        else if (/[\\/]assets[\\/]/.test(filePath))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !extname(path);
    if (!isApi && hasIndex && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (isApi) return reply.status(404).send(apiNotFound(request.method, request.url));
    return reply.status(404).send(errorBody(404, 'Not found.', 'error.not-found'));
  });
}
