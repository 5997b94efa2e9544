import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Read from the tree, so a new feature folder is walled in without touching this file.
const webFeatures = foldersIn('apps/web/src/features');

/**
 * The walls between layers (ARCHITECTURE.md; code review §7 "Then, in order" 2). Paths are relative
 * to this file. no-restricted-paths resolves each import first, so `@p2p/domain` and relative paths
 * are judged by the file they land on.
 */
const zones = [
  {
    target: './packages/domain',
    from: ['./apps', './e2e', './bench'],
    message: 'The domain is pure: it imports nothing of the server, the web or the tests.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'Server and web meet only through @p2p/domain and HTTP.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'Server and web meet only through @p2p/domain and HTTP.',
  },
  {
    target: './apps/server/src/db',
    from: './apps/server/src',
    except: ['./db', './lib'],
    message:
      'db/ is below the features: pass what it needs in (main.ts, tests) instead of importing a feature.',
  },
  {
    target: './apps/server/src/lib',
    from: './apps/server/src',
    except: ['./lib', './db'],
    message: 'lib/ is below the features: it imports no feature folder.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/features'],
    from: './apps/web/src/app',
    message: 'app/ is the top: it composes features, and nothing below imports it back.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: './apps/web/src/features',
    message:
      'Shared building blocks take feature behaviour as props or context; only app/ combines features.',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message:
      'A feature imports no other feature: move the shared part to components/ or lib/, or combine them in app/.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/test-results*/**',
      '**/playwright-report/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without this list the plugin silently skips .ts/.tsx files when it walks the import graph,
      // and no-cycle then finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Every relative import names its file with the extension; packages resolve through their
      // `exports` (the workspace symlink of @p2p/domain lands on packages/domain/src/index.ts).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // Type-only imports (`import type`, or `import { type X }` throughout) are not followed: the
      // plugin skips them by design, and with verbatimModuleSyntax they are erased at compile time,
      // so they cannot make a module run before its dependency has finished loading.
      // A package in node_modules cannot import our files back, so its own graph is not walked.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // The two rules above skip an import they cannot resolve: make that visible instead.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            'fastify',
            '@fastify/*',
            'kysely',
            'pg',
            'node:*',
            '@p2p/server',
            '@p2p/web',
            '@p2p/e2e',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message:
                "Use src/lib/use-translation.ts: one shared answer per language, not react-i18next's copy per mount.",
            },
          ],
        },
      ],
    },
  },
);
