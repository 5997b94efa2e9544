import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { earlyEntryPlugin, themesPlugin, versionPlugin } from './vite-plugins.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    versionPlugin(),
    themesPlugin(),
    earlyEntryPlugin(),
    // .br and .gz beside every text asset, served as they are by the server (static-web.ts). Small
    // files too: without their own .br the server compressed them again on every request (a file
    // under 1 KiB took 3.6 ms to serve against 1.2 ms precompressed), a dozen on a form's first load.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      exclude: [/version\.json$/],
      threshold: 0,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // the app (index.html) and the few kilobytes that start a reload's first calls (src/early.ts)
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        early: fileURLToPath(new URL('src/early.ts', import.meta.url)),
      },
      output: {
        // Feature pages are chunks of their own (app/routes/pages.tsx). The libraries the first screen
        // needs go into two vendor chunks that keep their hash (and the browser's cache) across app
        // releases: PrimeReact, and the rest (React, router, TanStack Query, i18next, ...). Library code
        // used only by lazily loaded pages stays with those pages ('$initial': statically imported by the
        // entry). Vite 8 bundles with Rolldown, where this replaces the deprecated rollupOptions.manualChunks.
        codeSplitting: {
          groups: [
            {
              // what the early entry runs: kept apart so that it waits for no library
              name: 'early',
              test: /(src[\\/]lib[\\/](early-requests|request|languages|storage|stored-session)\.ts|domain[\\/]src[\\/](api[\\/]contract|shell[\\/]context)\.ts)$/,
              priority: 5,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](?!primereact[\\/]|react-transition-group[\\/])/,
              tags: ['$initial'],
              priority: 4,
            },
            {
              name: 'primereact',
              test: /node_modules[\\/](primereact|react-transition-group)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              // the PrimeReact components only later pages use, in one file rather than one per
              // component: a form's first load asked for a dozen files of 1-7 KB, queued six at a time
              // behind the browser's connection limit
              name: 'primereact-pages',
              test: /node_modules[\\/]primereact[\\/](?!datatable|column|multiselect)/,
              priority: 2,
            },
            {
              // the table and the multi-select (a third of PrimeReact's page code): only the monitor,
              // rule and note pages use them, so a document form's first load does not parse them;
              // what they share with other components is in primereact-pages (higher priority)
              name: 'primereact-tables',
              test: /node_modules[\\/]primereact[\\/](datatable|column|multiselect)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
