import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The PrimeReact themes the domains use, served and shipped at /themes/<name>/theme.css. */
export const THEMES = ['lara-light-blue', 'lara-light-teal'] as const;

function themesDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('primereact/package.json')), 'resources', 'themes');
}

const MIME: Record<string, string> = {
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Copies the domain themes into the build and serves them in development. */
export function themesPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'p2p-themes',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const base = themesDir();
      server.middlewares.use('/themes', (req, res, next) => {
        const rel = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
        const name = rel.split('/').filter(Boolean)[0];
        if (!name || !(THEMES as readonly string[]).includes(name)) return next();
        const file = join(base, rel);
        if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) return next();
        const ext = file.slice(file.lastIndexOf('.'));
        res.setHeader('Content-Type', MIME[ext] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    closeBundle() {
      const base = themesDir();
      for (const theme of THEMES) {
        cpSync(join(base, theme), join(outDir, 'themes', theme), { recursive: true });
      }
    },
  };
}

/**
 * Writes version.json {version} next to the bundle and exposes the same value as __APP_VERSION__,
 * so the running app can tell when a newer build is deployed.
 */
export function versionPlugin(version: string = String(Date.now())): Plugin {
  let outDir = 'dist';
  return {
    name: 'p2p-version',
    config() {
      return { define: { __APP_VERSION__: JSON.stringify(version) } };
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ version }));
      });
    },
    closeBundle() {
      writeFileSync(join(outDir, 'version.json'), JSON.stringify({ version }));
    },
  };
}
