/**
 * npm run bench:web -- [--db postgres://...] [--runs N] [--lines L] [--opens O] [--port P] [--keep]
 *                        [--profile file.cpuprofile] [--profile-change file.cpuprofile] [--trace file.json]
 *
 * Opens an L-line order (default 2,000) in Chromium, in edit mode, and measures N times (default
 * 20) the time from a quantity change to the updated total: inside the page, performance.now()
 * before the value is set and the input event dispatched, and a MutationObserver that stops the
 * clock when the text of [data-testid=total-value] changes (so Playwright round-trips are not
 * counted). Also the time after that to the next frame (requestAnimationFrame + a task), and the
 * time from navigation start to the first line input being in the DOM (a MutationObserver set up
 * before the app loads), to it being painted (the task after the next frame), and to Playwright
 * seeing it visible (it polls, so it is late while the page is busy), O times (default 3), each in a
 * fresh browser context (cold: empty HTTP cache and query cache; the local storage as an earlier
 * visit left it: the session, the language, the form routes), the median printed with each run.
 * On Linux it also gives the server process's CPU time per cold open (user + system from /proc, in
 * 10 ms ticks): the server's share of the work, which the wall times of a busy machine hide.
 * --profile writes the page's CPU profile of the first opening (open it in Chromium's DevTools);
 * --profile-change the profile of the measured quantity changes; --trace file.json the first opening's
 * Chromium trace (open it in DevTools' Performance panel: style, layout, script compile and run).
 * The web app served is WEB_DIST when set (as the server reads it), else apps/web/dist.
 *
 * Database: --db, else env DATABASE_URL (fresh schema), else PGlite in a throwaway directory.
 * The order is created through POST as buyer; when the API refuses that many lines (body schema
 * maxItems), it is created with the most the API takes and the other lines are added in SQL
 * (on PGlite with the server stopped: PGlite is single-process). Prints figures only; never fails.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
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
const OPENS = Math.max(1, intArg(args.opens, 3));
const PROFILE = typeof args.profile === 'string' ? resolve(args.profile) : null;
const TRACE = typeof args.trace === 'string' ? resolve(args.trace) : null;
const PROFILE_CHANGE = typeof args['profile-change'] === 'string' ? resolve(args['profile-change']) : null;
const WEB_DIST = process.env.WEB_DIST
  ? resolve(REPO_ROOT, process.env.WEB_DIST)
  : join(REPO_ROOT, 'apps/web/dist');
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

interface OpenCall {
  name: string;
  start: number;
  end: number;
  bytes: number;
}
interface Opened {
  /** the first line input in the DOM, then painted, then seen visible by Playwright (ms from navigation start) */
  ms: number;
  painted: number;
  visible: number;
  calls: OpenCall[];
  /** the main thread's tasks over 50 ms, and the app's performance marks */
  longTasks: Array<{ start: number; ms: number }>;
  marks: Array<{ name: string; start: number }>;
  context: BrowserContext;
  page: Awaited<ReturnType<BrowserContext['newPage']>>;
}

/** Files the first opening writes: the page's CPU profile, the Chromium trace. */
interface OpenRecording {
  profile: string | null;
  trace: string | null;
}

/**
 * One cold opening of `url` in a fresh context (empty caches) signed in as `session`: the time from
 * navigation start to the first line input, and where it went (each API call and script). With
 * `recording`, the page's CPU profile and the Chromium trace of the opening are written there.
 */
async function openCold(
  browser: Browser,
  stored: Record<string, string>,
  url: string,
  recording: OpenRecording = { profile: null, trace: null },
): Promise<Opened> {
  const { profile, trace } = recording;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript((items: Record<string, string>) => {
    try {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    } catch {
      /* ignore */
    }
  }, stored);
  // the main thread's long tasks (over 50 ms) of the opening, from the start; and the moment the
  // first line input is in the DOM (a MutationObserver: no polling delay) and then painted (the
  // task after the next frame)
  await context.addInitScript(() => {
    const w = window as unknown as {
      __longTasks: Array<{ start: number; ms: number }>;
      __firstLine?: { dom: number; painted?: number };
    };
    const seen = new MutationObserver(() => {
      if (!document.getElementById('line-0-quantity')) return;
      seen.disconnect();
      const mark = { dom: performance.now() } as { dom: number; painted?: number };
      w.__firstLine = mark;
      requestAnimationFrame(() => setTimeout(() => (mark.painted = performance.now()), 0));
    });
    seen.observe(document, { childList: true, subtree: true });
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      /* not supported */
    }
  });
  const page = await context.newPage();
  const cdp = profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  if (trace) {
    await browser.startTracing(page, {
      path: trace,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('#line-0-quantity', { state: 'visible', timeout: 60_000 });
  const visibleMs = await page.evaluate(() => performance.now());
  await page.waitForFunction('window.__firstLine && window.__firstLine.painted', undefined, {
    timeout: 30_000,
  });
  const firstLine = (await page.evaluate('window.__firstLine')) as { dom: number; painted: number };
  if (trace) {
    await browser.stopTracing();
    log(`trace of the first opening: ${trace}`);
  }
  if (cdp && profile) {
    const { profile: data } = await cdp.send('Profiler.stop');
    writeFileSync(profile, JSON.stringify(data));
    log(`CPU profile of the first opening: ${profile}`);
  }
  // where the opening time goes: each API call's start and end (ms from navigation start)
  const calls = (await page.evaluate(`performance.getEntriesByType('resource')
    .filter(function (e) { return e.name.indexOf('/api/') >= 0 || /\\.(js|css|woff2)$/.test(e.name); })
    .map(function (e) { return { name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd, bytes: e.transferSize }; })`)) as OpenCall[];
  const longTasks = (await page.evaluate('window.__longTasks || []')) as Array<{ start: number; ms: number }>;
  const marks = (await page.evaluate(
    `performance.getEntriesByType('mark').map(function (e) { return { name: e.name, start: e.startTime }; })`,
  )) as Array<{ name: string; start: number }>;
  return {
    ms: firstLine.dom,
    painted: firstLine.painted,
    visible: visibleMs,
    calls,
    longTasks,
    marks,
    context,
    page,
  };
}

/** Signs in (the stored session), opens `url` once and answers the local storage the visit left. */
async function earlierVisit(
  browser: Browser,
  session: unknown,
  url: string,
): Promise<Record<string, string>> {
  const context = await browser.newContext();
  const { token, expiresAt, user } = session as { token: string; expiresAt: string; user: unknown };
  await context.addInitScript(
    (s: string) => localStorage.setItem('p2p.session', s),
    JSON.stringify({ token, expiresAt, user }),
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('#line-0-quantity', { timeout: 60_000 });
  const stored = (await page.evaluate(
    `Object.fromEntries(Object.keys(localStorage).filter(function (k) { return k.indexOf('p2p.') === 0; }).map(function (k) { return [k, localStorage.getItem(k)]; }))`,
  )) as Record<string, string>;
  await context.close();
  return stored;
}

async function main(): Promise<void> {
  const notes: string[] = [];
  let db: BenchDb | null = null;
  let server: Server | null = null;
  let browser: Browser | null = null;
  let changes: number[] = [];
  let frames: number[] = [];
  const openTimes: number[] = [];
  const paintTimes: number[] = [];
  const visibleTimes: number[] = [];
  const serverCpu: number[] = [];
  let first: Opened | null = null;
  let lineCount = 0;
  try {
    if (!existsSync(join(WEB_DIST, 'index.html'))) {
      if (process.env.WEB_DIST) throw new Error(`WEB_DIST ${WEB_DIST} has no index.html`);
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
    const url = `${server.base}/order/${order.id}/edit`;
    // an earlier visit: what it leaves in the local storage (the session, the form routes) is there
    // for every cold opening, as it is for a user reloading the page
    const stored = await earlierVisit(browser, session, url);
    let opened: Opened | null = null;
    for (let i = 0; i < OPENS; i++) {
      if (opened) await opened.context.close();
      const cpuBefore = server.cpuMs();
      opened = await openCold(browser, stored, url, i === 0 ? { profile: PROFILE, trace: TRACE } : undefined);
      const cpuAfter = server.cpuMs();
      if (cpuBefore !== null && cpuAfter !== null) serverCpu.push(cpuAfter - cpuBefore);
      openTimes.push(opened.ms);
      paintTimes.push(opened.painted);
      visibleTimes.push(opened.visible);
      if (i === 0) first = opened;
      const doc = opened.calls.find((c) => c.name === `/api/purchasing/order/${order.id}`);
      log(
        `open ${i + 1}: document asked at ${ms(doc?.start ?? NaN)}, answered at ${ms(doc?.end ?? NaN)}; first line input in the DOM at ${ms(opened.ms)}`,
      );
    }
    const { context, page } = opened!;
    const docCall = first!.calls.find((c) => c.name === `/api/purchasing/order/${order.id}`);
    if (docCall) notes.push(`the browser received the document in ${(docCall.bytes / 1024).toFixed(0)} KiB`);
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
    const cdp = PROFILE_CHANGE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    for (let i = 0; i < RUNS; i++) {
      results.push(await measure(i % 8, String(300 + i)));
      await page.waitForTimeout(50);
    }
    if (cdp && PROFILE_CHANGE) {
      const { profile: data } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE_CHANGE, JSON.stringify(data));
      log(`CPU profile of the quantity changes: ${PROFILE_CHANGE}`);
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
  const opens = (label: string, times: number[]) =>
    console.log(
      `open /order/{id}/edit -> ${label}: p50 ${ms(percentile(times, 0.5))} of ${times.length} cold opens (${times.map(ms).join(', ')})`,
    );
  console.log('times from navigation start:');
  opens('first line input in the DOM', openTimes);
  opens('first line input painted', paintTimes);
  opens('seen visible by Playwright (polls; late while the page is busy)', visibleTimes);
  if (serverCpu.length)
    console.log(
      `server CPU time per cold open (user + system, until Playwright sees the first line; 10 ms ticks): p50 ${ms(percentile(serverCpu, 0.5))} (${serverCpu.map((x) => x.toFixed(0)).join(', ')})`,
    );
  console.log('the first opening, API calls and scripts (start -> end, bytes over the wire):');
  for (const c of first?.calls ?? [])
    console.log(
      `  ${ms(c.start).padStart(8)} -> ${ms(c.end).padStart(8)}  ${(c.bytes / 1024).toFixed(0).padStart(5)} KiB  ${c.name}`,
    );
  const tasks = first?.longTasks ?? [];
  if (tasks.length) {
    console.log(
      `main-thread tasks over 50 ms (start +duration): ${tasks.map((x) => `${ms(x.start)} +${x.ms.toFixed(0)}`).join(', ')}`,
    );
  }
  for (const m of first?.marks ?? []) console.log(`  mark ${ms(m.start).padStart(8)}  ${m.name}`);
  for (const n of notes) console.log(`- ${n}`);
  process.exit(0);
}

void main();
