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

/**
 * Lara's primary colours are 3.67:1 (blue) and 2.5:1 (teal) against white, below WCAG 2.1 AA's
 * 4.5:1 for text (buttons, links, text buttons). The shipped copies darken each primary by two steps
 * of its Tailwind scale, and its hover shade likewise, so every primary text and every white label on
 * a primary background reads at 4.5:1 or more; the look of the theme stays the same.
 */
const ACCESSIBLE_SHADES: Record<string, string> = {
  // blue: 500 -> 700, 600 (hover) -> 800
  '#3b82f6': '#1d4ed8',
  '#2563eb': '#1e40af',
  // teal: 500 -> 700, 600 (hover) -> 800
  '#14b8a6': '#0f766e',
  '#0d9488': '#115e59',
  // slate 500, the secondary buttons' text: 4.43:1 on the app's background -> 5.97:1
  '#64748b': '#526072',
  // the messages' and toasts' texts on their tinted backgrounds (2.7:1 to 3.4:1 -> 5:1 and more)
  '#cc8925': '#8a5a0f',
  '#ff5757': '#b91c1c',
  '#1ea97c': '#047857',
};

export function accessibleTheme(css: string): string {
  return css.replace(/#[0-9a-fA-F]{6}\b/g, (hex) => ACCESSIBLE_SHADES[hex.toLowerCase()] ?? hex);
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
        res.end(ext === '.css' ? accessibleTheme(readFileSync(file, 'utf8')) : readFileSync(file));
      });
    },
    closeBundle() {
      const base = themesDir();
      for (const theme of THEMES) {
        const target = join(outDir, 'themes', theme);
        cpSync(join(base, theme), target, { recursive: true });
        const css = join(target, 'theme.css');
        writeFileSync(css, accessibleTheme(readFileSync(css, 'utf8')));
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

/** A chunk's file and the files it imports, each once (static imports, followed). */
function chunkFiles(
  bundle: Record<string, { type: string }>,
  file: string,
  seen = new Set<string>(),
): Set<string> {
  const chunk = bundle[file] as { type: string; imports?: string[] } | undefined;
  if (!chunk || chunk.type !== 'chunk' || seen.has(file)) return seen;
  seen.add(file);
  for (const next of chunk.imports ?? []) chunkFiles(bundle, next, seen);
  return seen;
}

/**
 * Puts the `early` entry (src/early.ts, a build input of its own) first in index.html's head, with
 * its imports preloaded: it starts a reload's first calls while the app's code is still loading. The
 * document form's files go in a meta tag, for the early entry to preload on a form's url.
 */
export function earlyEntryPlugin(name = 'early', form = 'features/documents/components/pages.tsx'): Plugin {
  return {
    name: 'p2p-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const early = chunks.find((c) => c.isEntry && c.name === name);
        if (!early) return [];
        const formChunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(form));
        // the app's entry and what it imports are in the page already
        const entry = chunks.find((c) => c.isEntry && c.name === 'index');
        const inPage = entry ? chunkFiles(bundle, entry.fileName) : new Set<string>();
        const formFiles = formChunk
          ? [...chunkFiles(bundle, formChunk.fileName)].filter((f) => !inPage.has(f))
          : [];
        // their stylesheets too: vite's loader of a lazy chunk waits for its css to load unless a
        // stylesheet link to it is in the page already (it was asked for late, 230 ms on a reload)
        const formCss = formFiles.flatMap((f) => [
          ...((bundle[f] as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ??
            []),
        ]);
        return [
          {
            tag: 'meta',
            attrs: {
              name: 'p2p-form-chunks',
              content: [...formFiles, ...formCss].map((f) => `/${f}`).join(' '),
            },
            injectTo: 'head-prepend' as const,
          },
          ...early.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
          {
            tag: 'script',
            // async: it runs as soon as it is here, before the page is parsed and the app is loaded
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}
