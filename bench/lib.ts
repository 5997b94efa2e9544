import http from 'node:http';
/**
 * Shared plumbing of the benchmark scripts (bench/documents.ts, bench/web.ts): arguments, the
 * server child process, the database (a fresh PostgreSQL schema or a throwaway PGlite directory),
 * direct SQL access, timing and the printed table. Nothing here throws out of the scripts: they
 * print figures and notes, never fail.
 *
 * PGlite is single-process: the server owns its data directory while it runs. Whenever the
 * scripts need the database directly (bulk generation, the raw SQL phase, extra lines of the big
 * order) they stop the server, open the directory in this process, and start the server again.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the API answers are read loosely in a benchmark */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------- arguments

export function parseArgs(argv: string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const [k, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) out[k] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) out[k] = argv[++i]!;
    else out[k] = true;
  }
  return out;
}

export const intArg = (v: string | boolean | undefined, fallback: number): number => {
  if (typeof v !== 'string') return fallback;
  const n = Number(v.replace(/[_,]/g, ''));
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};

// ---------------------------------------------------------------- statistics and output

/** Nearest-rank percentile of milliseconds. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const ms = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log(line(header));
  console.log(
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|',
  );
  for (const r of rows) console.log(line(r));
}

/**
 * `runs` timings of `fn` after `warmup` calls and, when `warmupMs` is given, at least that long of
 * calls (a long-running server is past its JIT warm-up: 100 calls leave it half-compiled).
 */
export async function timeIt(
  fn: () => Promise<unknown>,
  warmup: number,
  runs: number,
  warmupMs = 0,
): Promise<number[]> {
  const warmUntil = performance.now() + warmupMs;
  for (let i = 0; i < warmup || performance.now() < warmUntil; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Times two calls side by side: warms both up (alternating, as timeIt does), then runs them in
 * alternating blocks of `block` calls (a's block, b's block, ...) until each has `runs` timings, so
 * that a passing load on the machine weighs on both alike while each call runs in its own steady
 * state. (Alternating single calls measured each side just after the other had run: on these
 * two-core virtual machines that added 0.5-1.0 ms to the first list page over HTTP and 0.3-0.7 ms to
 * its SQL: cache and wake-up costs a server answering its own stream of calls does not pay.) Answers each
 * one's times.
 */
export async function timeAlternating(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  warmup: number,
  runs: number,
  warmupMs = 0,
  block = 1,
): Promise<[number[], number[]]> {
  const warmUntil = performance.now() + warmupMs;
  for (let i = 0; i < warmup || performance.now() < warmUntil; i++) {
    await a();
    await b();
  }
  const outA: number[] = [];
  const outB: number[] = [];
  const size = Math.max(1, Math.floor(block));
  while (outA.length < runs) {
    const n = Math.min(size, runs - outA.length);
    for (const [fn, out] of [
      [a, outA],
      [b, outB],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await fn();
        out.push(performance.now() - t0);
      }
    }
  }
  return [outA, outB];
}

export const log = (msg: string): void =>
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// ---------------------------------------------------------------- the database

export interface SqlClient {
  /** `name`: a named prepared statement on PostgreSQL, as the server's pool prepares (PGlite: ignored) */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface BenchDb {
  kind: 'postgres' | 'pglite';
  /** what to print: "PostgreSQL 15.x, schema bench_..." or "PGlite at /tmp/..." */
  label: string;
  /** env for the server child */
  serverEnv: Record<string, string>;
  /** a direct connection; for PGlite only while the server is stopped */
  open(): Promise<SqlClient>;
  cleanup(): Promise<void>;
}

function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function pgClient(url: string, schema?: string): Promise<SqlClient> {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  return {
    async query(text, params, name) {
      const values = params as unknown[];
      return (await (name ? client.query({ name, text, values }) : client.query(text, values))).rows;
    },
    async exec(text) {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

/** `reuse`: the name of a schema kept by an earlier run (--keep); it is used as it is and kept. */
export async function setupDb(opts: { url: string | null; keep: boolean; reuse?: string }): Promise<BenchDb> {
  if (opts.url) {
    const base = opts.url;
    const schema = opts.reuse ?? `bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = await pgClient(base);
    if (!opts.reuse) await admin.exec(`create schema ${schema}`);
    const [v] = await admin.query<{ v: string }>(`select current_setting('server_version') as v`);
    await admin.close();
    return {
      kind: 'postgres',
      label: `PostgreSQL ${v?.v ?? '?'} (${new URL(base).host}${new URL(base).pathname}, schema ${schema})`,
      serverEnv: { DATABASE_URL: withSearchPath(base, schema) },
      open: () => pgClient(base, schema),
      async cleanup() {
        if (opts.keep || opts.reuse) {
          log(`kept schema ${schema}`);
          return;
        }
        try {
          const c = await pgClient(base);
          await c.exec(`drop schema ${schema} cascade`);
          await c.close();
        } catch (err) {
          log(`could not drop schema ${schema}: ${String(err)}`);
        }
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'p2p-bench-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return {
    kind: 'pglite',
    label: `PGlite (single process) at ${dir}`,
    serverEnv: { DATA_DIR: dir },
    async open() {
      const db = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
      await db.waitReady;
      return {
        async query(text, params) {
          return (await db.query(text, params as unknown[])).rows as never;
        },
        async exec(text) {
          await db.exec(text);
        },
        close: () => db.close(),
      };
    },
    async cleanup() {
      if (opts.keep) {
        log(`kept PGlite directory ${dir}`);
        return;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- the server child process

/** Linux's USER_HZ: the unit of the CPU times in /proc/<pid>/stat (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

export class Server {
  private child: ChildProcess | null = null;
  private tail: string[] = [];
  readonly base: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(timeoutMs = 180_000): Promise<void> {
    // as `npm run serve` starts it (package.json): a larger young generation, fewer GC pauses
    // BENCH_SERVER_NODE_ARGS adds node options to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/p'
    const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const node = [...extra, '--max-semi-space-size=64', '--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, node, {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DEMO: 'true',
        RATE_LIMIT_MAX: '100000000',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (b: Buffer) => {
      this.tail.push(...b.toString().split('\n').filter(Boolean));
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) break;
      try {
        const res = await fetch(`${this.base}/api/health`);
        if (res.ok) {
          log(
            `server pid ${child.pid} up on :${this.port} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
          return;
        }
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const out = this.tail.join('\n');
    await this.stop();
    throw new Error(`server did not become healthy on :${this.port}\n${out}`);
  }

  /**
   * The server process's CPU time so far in ms (user + system, from /proc on Linux; null elsewhere):
   * the work an opening costs the server, which wall times on a busy two-core machine hide.
   */
  cpuMs(): number | null {
    const pid = this.child?.pid;
    if (!pid) return null;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      return Number.isFinite(ticks) ? ticks * (1000 / CLOCK_TICKS_PER_SECOND) : null;
    } catch {
      return null;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- HTTP

/**
 * The HTTP client of the bench: node:http with one kept-alive connection, the way a browser talks
 * to the server. (Node 20's fetch adds ~0.15 ms of its own per call on these machines, which would
 * be counted as server time.)
 */
export class Api {
  token = '';
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(readonly base: string) {}

  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; bytes: number }> {
    const payload = body !== undefined ? JSON.stringify(body) : undefined;
    const url = new URL(this.base + path);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          agent: this.agent,
          headers: {
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: any;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = text;
            }
            resolve({ status: res.statusCode ?? 0, json, bytes: text.length });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  async signIn(username = 'buyer', password = 'P2p-demo-2026!'): Promise<any> {
    const res = await this.call('POST', '/api/auth/signin', { username, password });
    if (res.status !== 200)
      throw new Error(`sign-in as ${username} answered ${res.status}: ${JSON.stringify(res.json)}`);
    this.token = res.json.token;
    return res.json;
  }
}

// ---------------------------------------------------------------- the big order

/** One order line like the demo's (priced by the server). */
export function bigLine(i: number): Record<string, unknown> {
  const items = [
    'Hydraulic fitting 1/2"',
    'Steel shaft 40 mm',
    'Nitrile gloves (box of 100)',
    'Ball bearing 6204',
    'Hex bolt M8x40',
  ];
  return {
    pos: (i + 1) * 10,
    subpos: 0,
    item: `MAT-${String(1000 + (i % 9000)).padStart(4, '0')}`,
    description: `${items[i % items.length]} #${i + 1}`,
    type: 'material',
    quantity: String(1 + (i % 50)),
    unit: 'UN',
    price: (((i * 37) % 10_000) / 100 + 0.5).toFixed(2),
    tax: { key: 'IVA23' },
  };
}

export async function acmeSupplier(api: Api): Promise<{ _id: string; name: string } | null> {
  // the demo orders carry the supplier; take the first one of the list
  const res = await api.call('GET', '/api/purchasing/order?l=5');
  const doc = (res.json?.items ?? []).find((d: any) => d.supplier?._id);
  return doc ? { _id: doc.supplier._id, name: doc.supplier.name } : null;
}

export interface BigOrder {
  id: string;
  /** lines accepted through the API in one request */
  apiLines: number;
  /** lines the order has in the database */
  lines: number;
  note: string | null;
}

/**
 * Creates an order with `lines` lines through POST. When the API refuses that many lines (the
 * body schema has a maxItems), the order is created with the most the API takes, and, if
 * `fill` is given, the rest are added directly in SQL (copies of the priced lines).
 */
export async function createBigOrder(
  api: Api,
  lines: number,
  fill?: (id: string, priced: Array<Record<string, unknown>>, total: number) => Promise<void>,
): Promise<BigOrder> {
  const supplier = await acmeSupplier(api);
  const header = {
    doc: { subtype: 'P001' },
    description: `Benchmark order with ${lines} lines`,
    currency: 'EUR',
    exchangeRate: 1,
    deliveryDate: '2026-09-30',
    paymentTerms: '60D',
    ...(supplier ? { supplier } : {}),
  };
  const all = Array.from({ length: lines }, (_, i) => bigLine(i));
  let res = await api.call('POST', '/api/purchasing/order', { ...header, lines: all });
  if (res.status === 200 || res.status === 201)
    return { id: res.json._id, apiLines: lines, lines, note: null };
  const refusal = `POST with ${lines} lines answered ${res.status}: ${res.json?.message ?? ''} ${JSON.stringify(res.json?.data?.errors ?? res.json).slice(0, 200)}`;
  log(refusal);
  let n = lines;
  while (n > 1 && res.status === 400) {
    n = n > 1000 ? 1000 : Math.floor(n / 2);
    res = await api.call('POST', '/api/purchasing/order', { ...header, lines: all.slice(0, n) });
  }
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`could not create an order: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  const id = res.json._id as string;
  if (fill) {
    await fill(id, res.json.lines, lines);
    return {
      id,
      apiLines: n,
      lines,
      note: `${refusal}; created with ${n} lines through the API, the other ${lines - n} added in SQL`,
    };
  }
  return { id, apiLines: n, lines: n, note: refusal };
}

/** SQL that adds copies of the priced lines until the order has `total` lines. */
export async function fillLinesSql(
  db: SqlClient,
  id: string,
  priced: Array<Record<string, unknown>>,
  total: number,
): Promise<void> {
  const rows: unknown[][] = [];
  for (let i = priced.length; i < total; i++) {
    const src = priced[i % priced.length]!;
    const pos = (i + 1) * 10;
    const data = { ...src, pos, subpos: 0, description: `${String(src.description)} (copy ${i + 1})` };
    rows.push([
      id,
      pos,
      JSON.stringify(data),
      String(src.quantity ?? 0),
      String(src.price ?? 0),
      String(src.value ?? 0),
    ]);
  }
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    const params: unknown[] = [];
    const values = chunk.map((r, k) => {
      params.push(...r);
      const b = k * 6;
      return `($${b + 1}::bigint, 'acme', $${b + 2}::int, 0, $${b + 3}::jsonb, $${b + 4}::numeric, $${b + 5}::numeric, $${b + 6}::numeric)`;
    });
    await db.query(
      `insert into document_lines (document_id, domain_id, pos, subpos, data, quantity, price, value) values ${values.join(',')}`,
      params,
    );
  }
}

export function tmpRemove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** What a benchmark measures on: the database, the running server, the SQL connection, the counts. */
export interface BenchData {
  db: BenchDb;
  server: Server;
  /** the hand-written SQL's connection (PostgreSQL only: PGlite belongs to the stopped server) */
  sqlDb: SqlClient | null;
  docsInDb: number;
}

/**
 * Sets up the database (fresh, kept or reused), starts the server (it migrates and seeds), then
 * generates the data — or, on a reused schema, analyzes `analyze` — and counts what is there. On
 * PGlite the server is stopped while the data is written (one process owns the directory). `onReady`
 * receives the parts as soon as they exist, so the caller can close them even when a later step fails.
 */
export async function prepareBenchData(opts: {
  url: string | null;
  keep: boolean;
  reuse?: string;
  port: number;
  generate: (db: SqlClient, kind: BenchDb['kind'], notes: string[]) => Promise<void>;
  /** the statement run on a reused schema before measuring */
  analyze: string[];
  notes: string[];
  fallbackDocs: number;
  onReady: (parts: Partial<BenchData>) => void;
}): Promise<BenchData> {
  if (opts.reuse && !opts.url) throw new Error('--reuse needs a PostgreSQL database (--db or DATABASE_URL)');
  const db = await setupDb({ url: opts.url, keep: opts.keep, ...(opts.reuse ? { reuse: opts.reuse } : {}) });
  opts.onReady({ db });
  log(`database: ${db.label}`);
  const server = new Server(opts.port, db.serverEnv);
  opts.onReady({ db, server });
  await server.start();
  if (db.kind === 'pglite') await server.stop();
  const gen = await db.open();
  let sqlDb: SqlClient | null = null;
  let docsInDb: number;
  try {
    if (opts.reuse) {
      log(`reusing schema ${opts.reuse}: analyze`);
      for (const s of opts.analyze) await gen.exec(s);
    } else await opts.generate(gen, db.kind, opts.notes);
    const [c] = await gen.query<{ docs: string; orders: string; lines: string }>(
      `select count(*)::text as docs, count(*) filter (where model = 'order')::text as orders,
              (select count(*) from document_lines)::text as lines from documents`,
    );
    opts.notes.push(`database holds ${c?.docs} documents (${c?.orders} orders) and ${c?.lines} lines`);
    docsInDb = Number(c?.docs ?? opts.fallbackDocs);
  } finally {
    if (db.kind === 'pglite') await gen.close();
    else sqlDb = gen;
  }
  opts.onReady({ db, server, sqlDb });
  if (db.kind === 'pglite') await server.start();
  return { db, server, sqlDb, docsInDb };
}
