import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser journeys in Debian's Chromium against the real server on fresh embedded databases.
 * Two servers: the product as shipped, and one started in maintenance mode.
 */
// E2E_PORT and WEB_DIST let a second run (another build in another folder) work beside this one
const APP_PORT = Number(process.env.E2E_PORT ?? 8181);
const MAINTENANCE_PORT = APP_PORT + 1;
const server = (port: number, extra: Record<string, string> = {}) => ({
  command: 'node --import tsx ../apps/server/src/main.ts',
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), `p2p-e2e-${port}-`)),
    RATE_LIMIT_MAX: '100000',
    // the journeys are written against the 14-order demo (the history is for people looking around)
    DEMO_HISTORY: 'false',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...extra,
  },
});

export default defineConfig({
  testDir: './tests',
  // a run on its own port keeps its own results (a parallel run would otherwise wipe them)
  outputDir: process.env.E2E_PORT ? `test-results-${APP_PORT}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // page.route does not see requests of a page a service worker controls: the journeys that stub
    // answers run without it; the offline journey (daily.spec.ts) allows it
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'app',
      testIgnore: /maintenance\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${MAINTENANCE_PORT}` },
    },
  ],
  webServer: [server(APP_PORT), server(MAINTENANCE_PORT, { MAINTENANCE: 'true' })],
});
