/**
 * npm run bench:notifications -- [--users U] [--events N] [--instances 1|2] [--concurrency C]
 *                                [--db postgres://...] [--port P] [--keep]
 *
 * Live notification delivery (server-sent events) with U connected users (default 200): U buyers
 * of tenant 'acme' (clones of the demo buyer, written in SQL, re-used when present) sign in over
 * HTTP, each asks for a stream token and holds GET /api/notifications/stream?access_token= open
 * (a plain http GET read as text/event-stream, as EventSource does). N orders (default 200) are
 * created and submitted for approval by those users in turn; then the demo manager approves them,
 * C at a time (default 1), and each approve notifies the order's creator (notify + publish after
 * the commit). Measured: from the approve's HTTP response (and from its request) to the arrival
 * of `event: user.notification` about that order on the creator's stream; p50, p95, max; and how
 * many streams are still connected at the end. Prints figures only; never fails.
 *
 * Database as in bench/documents.ts: --db, else DATABASE_URL (a fresh schema, dropped at the end
 * unless --keep), else PGlite. --instances 2 (PostgreSQL only) starts a second server on the same
 * schema and connects every other user to it: their events cross processes through LISTEN/NOTIFY.
 * On PGlite the users are written with the server stopped (it owns the directory while it runs).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { NOTIFICATION_EVENT } from '@p2p/domain/api';
import {
  acmeSupplier,
  Api,
  intArg,
  log,
  ms,
  parseArgs,
  percentile,
  printTable,
  Server,
  setupDb,
  type BenchDb,
  type SqlClient,
} from './lib.ts';

const args = parseArgs(process.argv.slice(2));
const USERS = Math.max(1, intArg(args.users, 200));
const EVENTS = Math.max(1, intArg(args.events, 200));
const CONCURRENCY = Math.max(1, intArg(args.concurrency, 1));
const PORT = intArg(args.port, 19_900 + (process.pid % 50) * 2);
const DB_URL = typeof args.db === 'string' ? args.db : process.env.DATABASE_URL || null;
const KEEP = Boolean(args.keep);
const WANTED_INSTANCES = Math.min(2, Math.max(1, intArg(args.instances, 1)));
/** An event not seen within this long counts as lost. */
const DELIVERY_TIMEOUT_MS = 10_000;
const PREFIX = 'bench-sse-';

type Stream = { connected: boolean; close(): void };
type BenchUser = { username: string; api: Api; instance: number; stream: Stream | null };

/** Waiting approves, by the notification link they expect: `/order/{id}`. */
const waiting = new Map<string, { user: BenchUser; arrived: (at: number) => void }>();
let unexpectedEvents = 0;

/**
 * Clones the demo buyer (role, groups, locations, workgroups, working context, password) into
 * `count` users named bench-sse-0001...; users already there are kept.
 */
async function ensureUsers(sql: SqlClient, count: number): Promise<void> {
  await sql.query(
    `insert into users (domain_id, username, name, email, password_hash, role_key, lang, filter, filter_data, context, status)
     select b.domain_id, $2 || lpad(g::text, 4, '0'), 'Bench user ' || g, $2 || g || '@acme.example.com',
            b.password_hash, b.role_key, 'en', b.filter, b.filter_data, b.context, 'active'
       from users b, generate_series(1, $1::int) g
      where b.domain_id = 'acme' and b.username = 'buyer'
     on conflict (domain_id, username) do nothing`,
    [count, PREFIX],
  );
  for (const [table, column] of [
    ['user_roles', 'role_key'],
    ['user_groups', 'group_id'],
    ['user_locations', 'location_id'],
    ['user_workgroups', 'workgroup_id'],
  ] as const)
    await sql.query(
      `insert into ${table} (user_id, ${column})
       select u.id, t.${column} from users u
         join users b on b.domain_id = u.domain_id and b.username = 'buyer'
         join ${table} t on t.user_id = b.id
        where u.domain_id = 'acme' and u.username like $1 || '%'
       on conflict do nothing`,
      [PREFIX],
    );
}

/** Runs `fn` over the items with at most `width` at once. */
async function pool<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** Sign-in over HTTP; a throttled answer (503) is waited out and tried again. */
async function signIn(api: Api, username: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await api.signIn(username);
      return;
    } catch (err) {
      if (attempt >= 6 || !String(err).includes('answered 503')) throw err;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
    }
  }
}

/** Reads one user's stream as EventSource would: blocks split by a blank line, `event:` and `data:`. */
function openStream(base: string, path: string, user: BenchUser): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: false }, (res) => {
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
        res.resume();
        reject(new Error(`stream of ${user.username} answered ${res.statusCode} ${type}`));
        return;
      }
      const stream: Stream = { connected: true, close: () => req.destroy() };
      res.on('close', () => (stream.connected = false));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (!block.includes(`event: ${NOTIFICATION_EVENT}`)) continue;
          const data = block
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          const link = (JSON.parse(data) as { link?: string }).link ?? '';
          const wait = waiting.get(link);
          if (wait?.user === user) wait.arrived(at);
          else unexpectedEvents++;
        }
      });
      resolve(stream);
    });
    req.on('error', reject);
  });
}

interface Sample {
  afterResponse: number;
  afterRequest: number;
  roundTrip: number;
  crossInstance: boolean;
}

/** One approve by the manager, timed from its request and response to the creator's event. */
async function approveAndWait(
  manager: Api,
  order: { id: string; version: number; user: BenchUser },
  onInstance: number,
): Promise<Sample | string> {
  const link = `/order/${order.id}`;
  let timer: NodeJS.Timeout | undefined;
  const arrival = new Promise<number>((resolve) => {
    waiting.set(link, { user: order.user, arrived: resolve });
    timer = setTimeout(() => resolve(NaN), DELIVERY_TIMEOUT_MS);
  });
  try {
    const t0 = performance.now();
    const res = await manager.call('POST', `/api/purchasing/order/${order.id}/workflow`, {
      action: 'approve',
      _version: order.version,
    });
    const t1 = performance.now();
    if (res.status !== 200) return `approve answered ${res.status}: ${res.json?.message ?? ''}`;
    const t2 = await arrival;
    if (Number.isNaN(t2)) return `no event within ${DELIVERY_TIMEOUT_MS / 1000} s`;
    return {
      afterResponse: t2 - t1,
      afterRequest: t2 - t0,
      roundTrip: t1 - t0,
      crossInstance: order.user.instance !== onInstance,
    };
  } finally {
    clearTimeout(timer);
    waiting.delete(link);
  }
}

/** n, min, p50, p95, max (nearest rank: p 0 is the least value, 1 the greatest). */
const row = (name: string, v: number[], note = ''): string[] => [
  name,
  String(v.length),
  ...[0, 0.5, 0.95, 1].map((p) => ms(percentile(v, p))),
  note,
];

async function main(): Promise<void> {
  const notes: string[] = [];
  const rows: string[][] = [];
  const started = performance.now();
  let db: BenchDb | null = null;
  const servers: Server[] = [];
  const users: BenchUser[] = [];
  let instances = WANTED_INSTANCES;
  let connectedAtEnd = NaN;
  try {
    db = await setupDb({ url: DB_URL, keep: KEEP });
    log(`database: ${db.label}`);
    if (instances > 1 && db.kind === 'pglite') {
      notes.push('PGlite is one process: --instances 2 needs PostgreSQL (--db); ran one instance');
      instances = 1;
    }
    const first = new Server(PORT, db.serverEnv);
    servers.push(first);
    await first.start();
    if (db.kind === 'pglite') await first.stop();
    const sql = await db.open();
    try {
      await ensureUsers(sql, USERS);
    } finally {
      await sql.close();
    }
    if (db.kind === 'pglite') await first.start();
    if (instances > 1) {
      const second = new Server(PORT + 1, db.serverEnv);
      servers.push(second);
      await second.start();
    }

    // sign-in over HTTP, a few at a time: the address may hold 30 unfinished attempts (sign-in-throttle.ts)
    const t0 = performance.now();
    for (let i = 1; i <= USERS; i++) {
      const instance = (i - 1) % instances;
      const username = `${PREFIX}${String(i).padStart(4, '0')}`;
      users.push({ username, api: new Api(servers[instance]!.base), instance, stream: null });
    }
    await pool(users, 4, (u) => signIn(u.api, u.username));
    log(`${USERS} users signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const refused = new Map<string, number>();
    await pool(users, 10, async (u) => {
      const link = await u.api.call('POST', '/api/notifications/stream-token');
      const opened =
        link.status === 200
          ? await openStream(u.api.base, link.json.url, u).catch((err: unknown) => String(err))
          : `stream-token answered ${link.status}`;
      if (typeof opened === 'string') refused.set(opened, (refused.get(opened) ?? 0) + 1);
      else u.stream = opened;
    });
    for (const [why, n] of refused) notes.push(`${n} stream(s) not opened: ${why}`);
    log(`${users.filter((u) => u.stream?.connected).length} streams open`);

    // the orders: created and submitted by their creators in turn, 4 at a time (untimed)
    const supplier = await acmeSupplier(users[0]!.api);
    const orders: Array<{ id: string; version: number; user: BenchUser }> = [];
    const prep = Array.from({ length: EVENTS }, (_, i) => users[i % users.length]!);
    await pool(prep, 4, async (u, i) => {
      const created = await u.api.call('POST', '/api/purchasing/order', {
        doc: { subtype: 'P001' },
        description: `Notification benchmark order ${i + 1}`,
        ...(supplier ? { supplier: { _id: supplier._id } } : {}),
        deliveryDate: '2026-12-15',
        lines: [
          { item: 'MAT-1000', description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } },
        ],
      });
      if (created.status !== 200) throw new Error(`order create answered ${created.status}`);
      const sent = await u.api.call('POST', `/api/purchasing/order/${created.json._id}/workflow`, {
        action: 'submit-approval',
        _version: created.json._version,
      });
      if (sent.status !== 200)
        throw new Error(`submit-approval answered ${sent.status}: ${sent.json?.message ?? ''}`);
      orders.push({ id: created.json._id, version: sent.json._version, user: u });
    });
    log(`${orders.length} orders waiting for approval`);
    await new Promise((r) => setTimeout(r, 1000));
    unexpectedEvents = 0;

    const manager = new Api(servers[0]!.base);
    await signIn(manager, 'manager');
    const samples: Sample[] = [];
    const failures = new Map<string, number>();
    // one kept-alive connection per approve in flight, as that many browser tabs would hold
    const free = Array.from({ length: CONCURRENCY }, () => {
      const api = new Api(manager.base);
      api.token = manager.token;
      return api;
    });
    await pool(orders, CONCURRENCY, async (order) => {
      const api = free.pop()!;
      const s = await approveAndWait(api, order, 0).finally(() => free.push(api));
      if (typeof s === 'string') failures.set(s, (failures.get(s) ?? 0) + 1);
      else samples.push(s);
    });
    // a moment for late or stray events, then who is still connected
    await new Promise((r) => setTimeout(r, 500));
    connectedAtEnd = users.filter((u) => u.stream?.connected).length;

    const after = samples.map((s) => s.afterResponse);
    rows.push(row("delivery after the approve's response", after, 'negative: the event came first'));
    if (instances > 1) {
      const same = samples.filter((s) => !s.crossInstance).map((s) => s.afterResponse);
      const cross = samples.filter((s) => s.crossInstance).map((s) => s.afterResponse);
      rows.push(row('  stream on the instance that approved', same, 'NOTIFY back to itself'));
      rows.push(row('  stream on the other instance', cross, 'LISTEN/NOTIFY across processes'));
    }
    rows.push(
      row(
        "delivery after the approve's request",
        samples.map((s) => s.afterRequest),
      ),
    );
    rows.push(
      row(
        'approve round trip (POST .../workflow)',
        samples.map((s) => s.roundTrip),
      ),
    );
    for (const [why, n] of failures) notes.push(`${n} approve(s) not measured: ${why}`);
    notes.push(`events other than the awaited ones during the timed phase: ${unexpectedEvents}`);
    const early = after.filter((v) => v < 0).length;
    notes.push(`${early} of ${after.length} events arrived before the approve's response had been read`);
  } catch (err) {
    notes.push(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    for (const u of users) u.stream?.close();
    for (const s of servers) await s.stop().catch(() => undefined);
    await db?.cleanup().catch(() => undefined);
  }

  console.log('');
  console.log(`bench:notifications — ${db?.label ?? DB_URL ?? 'PGlite'}`);
  const split = instances > 1 ? ` on ${instances} server instances (every other user on the second)` : '';
  console.log(`${USERS} connected users${split}, ${EVENTS} approves, ${CONCURRENCY} at a time; times in ms`);
  printTable(['measure', 'n', 'min', 'p50', 'p95', 'max', 'notes'], rows);
  notes.unshift(
    `streams still connected at the end: ${Number.isNaN(connectedAtEnd) ? 'n/a' : connectedAtEnd} of ${USERS}`,
  );
  for (const n of notes) console.log(`- ${n}`);
  console.log(`- total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
}

void main();
