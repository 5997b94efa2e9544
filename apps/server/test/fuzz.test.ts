import type { DocumentList } from '@p2p/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RAW_BODIES,
  createBody,
  documentMutations,
  KNOWN_BAD_CHANGES,
  withDeepField,
  encodeSegment,
  fromSchema,
  mutate,
  pathValue,
  type JsonSchema,
} from './fuzz-arbitraries.ts';
import { fingerprint, fingerprintTables } from './db-fingerprint.ts';
import { createTestApp, signIn, type TestApp } from './helpers.ts';

/** 503 answers of an unconfigured service, by their error key. */
const DELIBERATE_UNAVAILABLE = /"key":"mail\.off"/;

/**
 * Every write endpoint of the API (POST, PUT, PATCH, DELETE under /api, as the app's own OpenAPI
 * description lists them with their schemas) called with values generated from its schemas mixed
 * with hostile ones, as several roles: no answer is 5xx, every 4xx has the error shape, and a 4xx
 * changed nothing in the database. Fixed seeds: the same cases on every run (PGlite and PostgreSQL).
 */

const RUNS_PER_ROUTE = 40;
const DOCUMENT_RUNS = 80;
const ROLES = ['admin', 'buyer', 'supplier', 'requester'] as const;
type Role = (typeof ROLES)[number];

interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: string; schema: JsonSchema }>;
  body: JsonSchema | null;
}

interface Case {
  role: Role;
  url: string;
  body?: unknown;
  raw?: string;
}

interface Finding {
  route: string;
  status: number;
  problem: string;
  input: string;
}

let t: TestApp;
let tables: string[] = [];
const tokens = {} as Record<Role, string>;
const known: Record<string, string[]> = {};
const documents: Array<{ model: string; id: string; doc: Record<string, unknown> }> = [];
const findings: Finding[] = [];
const stats = {
  routes: 0,
  cases: 0,
  status: new Map<number, number>(),
  byRoute: new Map<string, string[]>(),
};

function writeOperations(spec: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method) || !path.startsWith('/api/')) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Operation['params'] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

function caseArbitrary(op: Operation): fc.Arbitrary<Case> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const params = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p.schema, known[p.name] ?? [])])),
  );
  const queries = fc.record(Object.fromEntries(query.map((p) => [p.name, fromSchema(p.schema)])), {
    requiredKeys: [],
  });
  // half the cases valid (they reach the route's code), half with hostile values mixed in
  const body = op.body
    ? fc.oneof(fromSchema(op.body, 0, 0), fromSchema(op.body, 0, 1))
    : fc.constantFrom(undefined, {}, { x: 'a\u0000' });
  return fc.record({ role: fc.constantFrom(...ROLES), params, queries, body }).map((c) => {
    let url = op.path;
    for (const [name, value] of Object.entries(c.params))
      url = url.replace(`{${name}}`, encodeSegment(value));
    const qs = Object.entries(c.queries)
      .map(([k, v]) => `${k}=${encodeSegment(String(v))}`)
      .join('&');
    return { role: c.role, url: qs ? `${url}?${qs}` : url, body: c.body };
  });
}

/** Real documents with their stored JSON, changed at a few paths. */
function documentCases(method: 'POST' | 'PUT'): fc.Arbitrary<Case> {
  return fc
    .record({
      role: fc.constantFrom<Role>('admin', 'admin', 'buyer', 'buyer', 'supplier'),
      target: fc.constantFrom(...documents),
      changes: documentMutations,
    })
    .map(({ role, target, changes }) => ({
      role,
      url:
        method === 'PUT' ? `/api/purchasing/${target.model}/${target.id}` : `/api/purchasing/${target.model}`,
      body: mutate(method === 'PUT' ? target.doc : createBody(target.doc), changes),
    }));
}

async function run(route: string, method: string, c: Case): Promise<void> {
  const before = await fingerprint(t.conn.db, tables);
  const res = await t.app.inject({
    method: method as 'POST',
    url: c.url,
    headers: {
      authorization: `Bearer ${tokens[c.role]}`,
      ...(c.raw !== undefined || c.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(c.raw !== undefined
      ? { payload: c.raw }
      : c.body !== undefined
        ? { payload: JSON.stringify(c.body) }
        : {}),
  });
  stats.cases += 1;
  stats.status.set(res.statusCode, (stats.status.get(res.statusCode) ?? 0) + 1);
  stats.byRoute.set(route, [...(stats.byRoute.get(route) ?? []), String(res.statusCode)]);
  const input = `${c.role} ${method} ${c.url} ${(c.raw ?? JSON.stringify(c.body) ?? '').slice(0, 300)}`;
  const report = (problem: string): void => {
    findings.push({ route, status: res.statusCode, problem, input });
  };
  // a service the server deliberately runs without (e-mail without SMTP_URL) says so with 503 and
  // its key: a state of the installation, not a failure on bad input
  const deliberate = res.statusCode === 503 && DELIBERATE_UNAVAILABLE.test(res.body);
  if (res.statusCode >= 500 && !deliberate) {
    report(`5xx: ${res.body.slice(0, 200)}`);
    return;
  }
  if (res.statusCode < 400) return;
  const body = (() => {
    try {
      return res.json() as {
        message?: unknown;
        key?: unknown;
        _status?: unknown;
        data?: { errors?: unknown };
      };
    } catch {
      return null;
    }
  })();
  const shaped =
    typeof body?.message === 'string' &&
    typeof body.key === 'string' &&
    body._status === res.statusCode &&
    Array.isArray(body.data?.errors);
  if (!shaped) report(`not the error shape: ${res.body.slice(0, 200)}`);
  if ((await fingerprint(t.conn.db, tables)) !== before) report('a refused request changed the database');
}

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 1_000_000 } });
  tables = await fingerprintTables(t.conn.db);
  for (const role of ROLES) tokens[role] = (await signIn(t.app, role)).token;

  const models = ['order', 'requisition', 'contract', 'reception', 'complaint', 'supplier'];
  for (const model of models) {
    const list = await t.app.inject({
      url: `/api/purchasing/${model}?l=3`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    for (const item of (list.json() as DocumentList).items ?? []) {
      const one = await t.app.inject({
        url: `/api/purchasing/${model}/${item._id}`,
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      if (one.statusCode === 200) documents.push({ model, id: item._id, doc: one.json() });
    }
  }
  const ids = (q: string) =>
    sql<{ id: string }>`${sql.raw(q)}`.execute(t.conn.db).then((r) => r.rows.map((x) => String(x.id)));
  known.model = models;
  known.id = [
    ...documents.map((d) => d.id),
    ...(await ids('select id from notifications limit 5')),
    // users the fuzz does not sign in as: rejecting or locking them must not cut its own sessions
    ...(await ids(`select id from users where username not in ('${ROLES.join("','")}') limit 5`)),
    ...(await ids('select id from supplier_registrations limit 3')),
  ];
  known.version = ['1', '2'];
  known.userId = await ids('select id from users limit 5');
}, 120_000);

afterAll(() => t.close());

describe('fuzz: every write endpoint', () => {
  it('answers bad input with 4xx in the error shape, changing nothing; never 5xx', async () => {
    const spec = t.app.swagger() as unknown as Parameters<typeof writeOperations>[0];
    const ops = writeOperations(spec);
    expect(ops.length).toBeGreaterThanOrEqual(25);
    expect(documents.length).toBeGreaterThan(5);
    for (const [i, op] of ops.entries()) {
      const route = `${op.method} ${op.path}`;
      stats.routes += 1;
      const cases = fc.sample(caseArbitrary(op), { numRuns: RUNS_PER_ROUTE, seed: 4242 + i });
      for (const c of cases) await run(route, op.method, c);
      // raw bodies: deep nesting, broken JSON, prototype keys
      const url = op.path.replace(/\{[^}]+\}/g, (m) => (m === '{model}' ? 'order' : (known.id?.[0] ?? '1')));
      for (const raw of RAW_BODIES) await run(route, op.method, { role: 'admin', url, raw });
    }
    // real documents, changed at the paths the models use
    for (const method of ['POST', 'PUT'] as const) {
      const route = `${method} /api/purchasing/{model}${method === 'PUT' ? '/{id}' : ''} (documents)`;
      const cases = fc.sample(documentCases(method), {
        numRuns: DOCUMENT_RUNS,
        seed: method === 'PUT' ? 7 : 11,
      });
      for (const c of cases) await run(route, method, c);
    }
    // the inputs known to have answered 5xx, on a new order of the buyer, for a create and a save
    const base = {
      doc: { subtype: 'P001' },
      description: 'Fuzz base order',
      supplier: documents.find((d) => d.model === 'order')!.doc.supplier,
      currency: 'EUR',
      deliveryDate: '2027-03-01',
      lines: [{ item: 'MAT-1001', description: 'Fitting', quantity: 1, price: '2.5' }],
    };
    const auth = { authorization: `Bearer ${tokens.buyer}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/purchasing/order',
      headers: auth,
      payload: base,
    });
    expect(created.statusCode, created.body).toBe(200);
    const url = `/api/purchasing/order/${(created.json() as { _id: string })._id}`;
    for (const change of KNOWN_BAD_CHANGES) {
      const body = mutate(base, [change]);
      await run('POST /api/purchasing/{model} (known)', 'POST', {
        role: 'buyer',
        url: '/api/purchasing/order',
        body,
      });
      // the stored document as it is now (an accepted save moves its version on)
      const current = (await t.app.inject({ url, headers: auth })).json() as Record<string, unknown>;
      await run('PUT /api/purchasing/{model}/{id} (known)', 'PUT', {
        role: 'buyer',
        url,
        body: mutate(current, [change]),
      });
    }
    for (const depth of [100, 5_000]) {
      const raw = withDeepField(base, depth);
      await run('POST /api/purchasing/{model} (known)', 'POST', {
        role: 'buyer',
        url: '/api/purchasing/order',
        raw,
      });
    }
    const summary = {
      routes: stats.routes,
      cases: stats.cases,
      status: Object.fromEntries([...stats.status].sort(([a], [b]) => a - b)),
    };
    const perRoute = [...stats.byRoute].map(([route, codes]) => {
      const counts = new Map<string, number>();
      for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
      return `  ${route}: ${[...counts].map(([code, n]) => `${code}x${n}`).join(' ')}`;
    });
    console.info(`fuzz on ${t.conn.kind}: ${JSON.stringify(summary)}\n${perRoute.join('\n')}`);
    expect(findings).toEqual([]);
  }, 600_000);
});
