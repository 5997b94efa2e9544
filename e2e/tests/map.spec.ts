import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type AddressInfo } from 'node:net';
import { test as base, expect, type Page } from '@playwright/test';
import { startMapTestPeers, type MapTestPeers } from '../../apps/server/src/map/map-test-peers.ts';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * The delivery map in the browser (seed 001 sections 2.10, 8 and 9). Routing and address search
 * need providers: this spec starts loopback peers that speak OSRM's and Photon's protocols and a
 * server of its own configured with them (OSRM_URL, GEOCODER_URL), so it runs on a clean clone
 * with no internet. The base map is the bundled Natural Earth outline (no TILE_URL).
 */

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** A port nobody listens on now (other runs use fixed ports beside this one). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface MapServer {
  url: string;
  peers: MapTestPeers;
}

/** The server of this spec, with the loopback providers, once per worker; the pages' baseURL. */
const test = base.extend<{ peers: MapTestPeers }, { mapServer: MapServer }>({
  mapServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const peers = await startMapTestPeers();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'p2p-e2e-map-'));
      const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          RATE_LIMIT_MAX: '100000',
          OSRM_URL: peers.osrmUrl,
          GEOCODER_URL: peers.geocoderUrl,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        const until = Date.now() + 180_000;
        for (;;) {
          if (server.exitCode !== null) throw new Error(`the map test server exited (${server.exitCode})`);
          const up = await fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (up) break;
          if (Date.now() > until) throw new Error('the map test server did not start');
          await new Promise((r) => setTimeout(r, 500));
        }
        await use({ url, peers });
      } finally {
        server.kill('SIGTERM');
        await peers.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ mapServer }, use) => use(mapServer.url),
  peers: async ({ mapServer }, use) => use(mapServer.peers),
});

/** Nothing in the page's content is wider than the window. */
async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((e) => !e.closest('.leaflet-pane, .leaflet-control-container'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName}.${String(e.className)}`),
  );
  expect(wide).toEqual([]);
}

const markerData = (name: string, address: string, lat: number, lng: number) =>
  Buffer.from(JSON.stringify({ name, formattedAddress: address, location: { lat, lng } })).toString('base64');

test('the map shows the real markers, suggests a route from an address and downloads route.kml', async ({
  page,
  request,
  peers,
}) => {
  // this spec's own server answers, with the providers configured
  const signin = await request.post('/api/auth/signin', {
    data: { username: 'buyer', password: DEMO_PASSWORD },
  });
  const { token } = (await signin.json()) as { token: string };
  const config = await request.get('/api/map/config', { headers: { authorization: `Bearer ${token}` } });
  expect(await config.json()).toMatchObject({ routing: true, geocoder: true });

  await signIn(page, 'buyer');
  // the plants and the open orders' delivery addresses of the buyer (clustered)
  await page.goto('/map');
  await expect(page.getByTestId('map-canvas')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 10_000 });

  // one delivery address from its markerData: zoom 15 on the single marker
  await page.goto(
    `/map/${markerData('Lisboa Warehouse', 'Rua do Açúcar 88, 1950-010 Lisboa, PT', 38.7353, -9.104)}`,
  );
  const marker = page.getByTestId('map-marker');
  await expect(marker).toBeVisible({ timeout: 10_000 });
  await marker.click();
  const panel = page.getByTestId('map-panel');
  await expect(panel.getByTestId('map-panel-name')).toHaveText('Lisboa Warehouse');
  // the map speaks Portuguese (seed 001 section 2.10) although this buyer's interface is in English
  await expect(panel.getByRole('button', { name: 'Sugerir rota' })).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Rota Sugerida' })).toHaveCount(0);

  await panel.getByTestId('map-suggest').click();
  const start = page.getByTestId('map-start-dialog');
  await start.getByText('Morada', { exact: true }).click();
  await expect(start.getByTestId('map-start-submit')).toBeDisabled();
  await start.getByRole('combobox').fill('Praça');
  await page.getByText('Praça do Comércio, Lisboa, Portugal').click();
  await start.getByTestId('map-start-submit').click();

  await expect(panel.getByRole('tab', { name: 'Rota Sugerida' })).toBeVisible();
  await expect(panel.getByTestId('map-route-summary')).toContainText('km');
  // the route came from the OSRM peer, asked by our server
  expect(
    peers.requests.some((r) => r.path.startsWith('/osrm/route/v1/driving/-9.1364,38.7075;-9.104,38.7353')),
  ).toBe(true);
  await expect(page.locator('path.leaflet-interactive[stroke="#ff0000"]')).toHaveCount(1);

  await panel.getByRole('tab', { name: 'Global' }).click();
  await panel.getByTestId('map-download').click();
  const dialog = page.getByTestId('map-download-dialog');
  await dialog.getByText('Rota', { exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('map-download-submit').click(),
  ]);
  expect(download.suggestedFilename()).toBe('route.kml');
  const kml = readFileSync(await download.path(), 'utf8');
  expect(kml).toContain('<name>Start</name>');
  expect(kml).toContain('<color>ff0000ff</color><width>3</width>');
  expect(kml).toContain(
    '<LineString><coordinates>-9.1364,38.7075 -9.1364,38.7353 -9.104,38.7353</coordinates>',
  );
});

test('on a 390 px phone the map and its panel do not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.addInitScript(() => localStorage.setItem('p2p.sidebar.open', 'false'));
  await signIn(page, 'buyer');
  await page.goto(
    `/map/${markerData('Porto Warehouse', 'Rua de Serralves 1200, 4150-706 Porto, PT', 41.1596, -8.6597)}`,
  );
  await page.getByTestId('map-marker').click({ timeout: 10_000 });
  await expect(page.getByTestId('map-panel')).toBeVisible();
  await fitsWidth(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
