import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser journeys in Debian's Chromium against the real server on fresh embedded databases.
 * Two servers: the product as shipped, and one started in maintenance mode.
 */
const APP_PORT = 8181;
const MAINTENANCE_PORT = 8182;
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
    ...extra,
  },
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
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
