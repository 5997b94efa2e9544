/**
 * npm run bench:web -- [--db postgres://...] [--runs N] [--lines L] [--port P] [--keep]
 *
 * Opens an L-line order (default 2,000) in Chromium, in edit mode, and measures N times (default
 * 20) the time from a quantity change to the updated total: inside the page, performance.now()
 * before the value is set and the input event dispatched, and a MutationObserver that stops the
 * clock when the text of [data-testid=total-value] changes (so Playwright round-trips are not
 * counted). Also the time after that to the next frame (requestAnimationFrame + a task), and the
 * time from navigation start to the first line input being in the DOM.
 *
 * Database: --db, else env DATABASE_URL (fresh schema), else PGlite in a throwaway directory.
 * The order is created through POST as buyer; when the API refuses that many lines (body schema
 * maxItems), it is created with the most the API takes and the other lines are added in SQL
 * (on PGlite with the server stopped: PGlite is single-process). Prints figures only; never fails.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import {
  Api,
  createBigOrder,
  fillLinesSql,
  intArg,
  log,
  ms,
  parseArgs,
  percentile,
  REPO_ROOT,
  Server,
  setupDb,
  type BenchDb,
} from './lib.ts';

const args = parseArgs(process.argv.slice(2));
const RUNS = Math.max(1, intArg(args.runs, 20));
const LINES = Math.max(1, intArg(args.lines, 2000));
const PORT = intArg(args.port, 19_850 + (process.pid % 50));
const DB_URL = typeof args.db === 'string' ? args.db : process.env.DATABASE_URL || null;
const KEEP = Boolean(args.keep);
const TARGET_MS = 100;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Runs inside the page: sets line `index`'s quantity with the native setter, dispatches the input
 * event React listens to, and resolves when the total's text changes (change) and after the next
 * frame (frame), both from performance.now() just before the change.
 */
const MEASURE_SRC = `function (index, value) {
  return new Promise(function (resolve) {
    var input = document.querySelector('#line-' + index + '-quantity');
    function totalText() {
      var el = document.querySelector('[data-testid=total-value]');
      return el ? el.textContent : '';
    }
    if (!input) return resolve({ change: -1, frame: -1 });
    var before = totalText();
    var t0 = 0;
    var observer = new MutationObserver(function () {
      if (totalText() === before) return;
      var change = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timeout);
      requestAnimationFrame(function () {
        setTimeout(function () { resolve({ change: change, frame: performance.now() - t0 }); }, 0);
      });
    });
    var timeout = setTimeout(function () {
      observer.disconnect();
      resolve({ change: -1, frame: -1 });
    }, 10000);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    var setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    input.focus();
    t0 = performance.now();
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}`;

async function main(): Promise<void> {
  const notes: string[] = [];
  let db: BenchDb | null = null;
  let server: Server | null = null;
  let browser: Browser | null = null;
  let changes: number[] = [];
  let frames: number[] = [];
  let openMs = NaN;
  let openCalls: Array<{ name: string; start: number; end: number; bytes: number }> = [];
  let lineCount = 0;
  try {
    if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      log('apps/web/dist missing: npm run build -w @p2p/web');
      const r = spawnSync('npm', ['run', 'build', '-w', '@p2p/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('the web build failed');
    }
    db = await setupDb({ url: DB_URL, keep: KEEP });
    log(`database: ${db.label}`);
    server = new Server(PORT, db.serverEnv);
    await server.start();
    let api = new Api(server.base);
    await api.signIn('buyer');
    const dbRef = db;
    const srv = server;
    const order = await createBigOrder(api, LINES, async (id, priced, total) => {
      if (dbRef.kind === 'pglite') await srv.stop();
      const c = await dbRef.open();
      try {
        await fillLinesSql(c, id, priced, total);
      } finally {
        await c.close();
      }
      if (dbRef.kind === 'pglite') await srv.start();
    });
    if (order.note) notes.push(order.note);
    api = new Api(server.base);
    const session = await api.signIn('buyer');
    const check = await api.call('GET', `/api/purchasing/order/${order.id}`);
    lineCount = check.json?.lines?.length ?? 0;
    notes.push(`order ${order.id}: ${lineCount} lines, GET ${(check.bytes / 1024).toFixed(0)} KiB`);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(
      (s: string) => {
        try {
          localStorage.setItem('p2p.session', s);
        } catch {
          /* ignore */
        }
      },
      JSON.stringify({ token: session.token, expiresAt: session.expiresAt, user: session.user }),
    );
    const page = await context.newPage();
    await page.goto(`${server.base}/order/${order.id}/edit`, { waitUntil: 'commit' });
    await page.waitForSelector('#line-0-quantity', { state: 'visible', timeout: 60_000 });
    openMs = await page.evaluate(() => performance.now());
    // where the opening time goes: each API call's start and end (ms from navigation start)
    openCalls = (await page.evaluate(`performance.getEntriesByType('resource')
      .filter(function (e) { return e.name.indexOf('/api/') >= 0 || /\\.js$/.test(e.name); })
      .map(function (e) { return { name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd, bytes: e.transferSize }; })`)) as typeof openCalls;
    await page.waitForSelector('[data-testid=total-value]', { timeout: 30_000 });
    await page.waitForTimeout(500);

    // Plain JavaScript source: tsx would wrap named functions in a __name helper the page lacks.
    const measure = (index: number, value: string) =>
      page.evaluate(`(${MEASURE_SRC})(${JSON.stringify(index)}, ${JSON.stringify(value)})`) as Promise<{
        change: number;
        frame: number;
      }>;

    for (let i = 0; i < 3; i++) await measure(i % 5, String(200 + i)); // warm-up
    const results: Array<{ change: number; frame: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      results.push(await measure(i % 8, String(300 + i)));
      await page.waitForTimeout(50);
    }
    const failed = results.filter((r) => r.change < 0).length;
    if (failed) notes.push(`${failed} of ${RUNS} changes did not change the total within 10 s`);
    changes = results.filter((r) => r.change >= 0).map((r) => r.change);
    frames = results.filter((r) => r.frame >= 0).map((r) => r.frame);
    await context.close();
  } catch (err) {
    notes.push(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await db?.cleanup().catch(() => undefined);
  }

  const p50 = percentile(changes, 0.5);
  const p95 = percentile(changes, 0.95);
  console.log('');
  console.log(`bench:web — Chromium ${CHROMIUM}, ${db?.label ?? 'PGlite'}`);
  console.log(
    `order with ${lineCount.toLocaleString('en')} lines, ${changes.length} quantity changes, times in ms`,
  );
  console.log(
    `quantity change -> total text updated: p50 ${ms(p50)}  p95 ${ms(p95)}  (target < ${TARGET_MS} ms: ${
      Number.isFinite(p95)
        ? p95 < TARGET_MS
          ? 'met at p95'
          : p50 < TARGET_MS
            ? 'met at p50 only'
            : 'NOT met'
        : 'n/a'
    })`,
  );
  console.log(
    `quantity change -> next frame:        p50 ${ms(percentile(frames, 0.5))}  p95 ${ms(percentile(frames, 0.95))}`,
  );
  console.log(`open /order/{id}/edit -> first line input visible: ${ms(openMs)} (from navigation start)`);
  for (const c of openCalls)
    console.log(
      `  ${ms(c.start).padStart(8)} -> ${ms(c.end).padStart(8)}  ${(c.bytes / 1024).toFixed(0).padStart(5)} KiB  ${c.name}`,
    );
  for (const n of notes) console.log(`- ${n}`);
  process.exit(0);
}

void main();
