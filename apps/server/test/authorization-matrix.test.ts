import {
  actsAsSupplier,
  canReadAudit,
  hasRole,
  isAdminLevel,
  VIEW_ALL_ROLES,
  type SessionUser,
} from '@p2p/domain';
import { isRoutePolicy, type RoutePolicy } from '@p2p/domain/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RouteEntry } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { PROBES, type Probe } from './authorization-matrix.probes.ts';
import {
  buildWorld,
  CALLERS,
  maySee,
  multipart,
  MULTIPART_TYPE,
  pdfText,
  type Caller,
  type World,
} from './authorization-matrix.world.ts';

/**
 * The authorization matrix of the security issue: generated from the app's route table (every /api
 * route declares its policy), it calls each route as every demo role, without a token and as the
 * other tenant's buyer, on the caller's own, another supplier's and another tenant's data, and
 * checks the answer against the route's policy and every answer for the values of fields hidden
 * from the caller (lists, reads, search hits and snippets, PDFs, files, the audit trail).
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  // thousands of calls from one address: the API rate limit is not what this file tests
  t = await createTestApp({ env: { rateLimitMax: 1_000_000 } });
  w = await buildWorld(t);
}, 60_000);
afterAll(() => t?.close());

const keyOf = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;
const apiRoutes = () => t.app.routeTable.filter((r) => r.method !== 'HEAD');

/** Reads first, then writes, then removals; what ends something for good comes last. */
const rank = (r: RouteEntry) =>
  (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1) +
  (/\/admin\/users\/:id|\/signout\//.test(r.url) ? 3 : 0);

/** Reads of one document a caller who sees it must get (200). */
const DOCUMENT_READS = new Set([
  'GET /api/purchasing/:model/:id',
  'GET /api/purchasing/:model/:id/edit-check',
  'GET /api/communication/messages/:model/:id',
  'GET /api/communication/notes/:model/:id',
  'GET /api/purchasing/order-pdf/:id',
  'GET /api/files/:id',
  'POST /api/files/:id/download-token',
]);

/** What the policy promises for this call; null when the answer keeps it. */
function judge(route: RouteEntry, caller: Caller, probe: Probe, status: number): string | null {
  const policy: RoutePolicy = route.policy;
  if (status >= 500) return 'a server error';
  if (caller === 'anonymous') {
    if (policy === 'public') return status === 401 ? 'a public route asked for a token' : null;
    return status === 401 ? null : 'expected 401 without a token';
  }
  if (status === 401) return 'a signed-in caller got 401';
  const user = w.users[caller]!;
  // the other tenant's buyer: every acme document is another tenant's
  const rel = caller === 'globex-buyer' && probe.case === 'other-supplier' ? 'other-tenant' : probe.case;
  const byRole = (allowed: boolean) => {
    if (!allowed) return status === 403 ? null : 'expected 403 for this role';
    if (rel === 'other-tenant') return status === 404 ? null : "expected 404 on another tenant's record";
    return status === 403 ? 'refused a role the policy admits' : null;
  };
  switch (policy) {
    case 'public':
    case 'signed-in':
      return null;
    case 'admin':
      return byRole(isAdminLevel(user));
    case 'auditor':
      return byRole(canReadAudit(user));
    case 'supplier-manager':
      return byRole(hasRole(user, 'admin,manager-supplier'));
    case 'self': {
      if (rel === 'own' || rel === 'none') {
        if (status === 403) return 'refused the caller its own record';
        return route.method === 'GET' && status !== 200 ? 'expected 200 on its own record' : null;
      }
      const expected = route.url.includes(':userId') ? 403 : 404;
      return status === expected ? null : `expected ${expected} on another user's record`;
    }
    case 'documents': {
      if (rel === 'other-tenant') return status === 404 ? null : "expected 404 on another tenant's document";
      if (rel === 'other-supplier' && actsAsSupplier(user))
        return status === 404 ? null : "expected 404 on another supplier's document";
      if (rel === 'own' && DOCUMENT_READS.has(keyOf(route)) && seesOwn(user, probe))
        return status === 200 ? null : 'expected 200 on a document in scope';
      return null;
    }
  }
}

/** View-all roles see the document; a supplier its own orders (and their files). */
const seesOwn = (user: SessionUser, probe: Probe) =>
  hasRole(user, VIEW_ALL_ROLES) || (actsAsSupplier(user) && !probe.url.includes('/supplier/'));

/** The value itself, and its first and last 12 characters (a snippet cuts one end). */
const fragments = (value: string) => [value, value.slice(0, 12), value.slice(-12)];

function leaksIn(caller: Caller, probe: Probe, res: LightMyRequestResponse): string[] {
  const type = String(res.headers['content-type'] ?? '');
  const text = type.includes('application/pdf') ? pdfText(res.rawPayload) : res.body;
  const hidden = w.secrets.filter((s) => !maySee(w, caller, s));
  const found = hidden
    .filter((s) => fragments(s.value).some((f) => text.includes(f)))
    .map((s) => `${s.name} in ${probe.url}`);
  if (probe.hides && res.statusCode === 200 && hidden.includes(probe.hides)) {
    const body = res.json() as { items?: unknown[]; options?: { count?: number | null } };
    if ((body.items?.length ?? 0) > 0 || (body.options?.count ?? 0) > 0)
      found.push(`hits on the ${probe.hides.name} for ${probe.url}`);
  }
  return found.map((f) => `${caller}: ${f}`);
}

function send(method: string, probe: Probe, caller: Caller) {
  const token = w.users[caller]?.token;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | Buffer | undefined;
  if (probe.multipart) {
    payload = multipart(probe.multipart);
    headers['content-type'] = MULTIPART_TYPE;
  } else if (probe.body !== undefined) {
    payload = JSON.stringify(probe.body);
    headers['content-type'] = 'application/json';
  }
  if (probe.stream)
    return t.app
      .inject({ method: method as 'GET', url: probe.url, headers, payloadAsStream: true })
      .then((res) => {
        res.stream().destroy(); // the status is the answer; the stream itself never ends
        return Object.assign(res, { body: '' });
      });
  return t.app.inject({
    method: method as 'GET',
    url: probe.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

describe('route policies', () => {
  it('every /api route declares one and the matrix has a probe for it', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !isRoutePolicy(r.policy))).toEqual([]);
    expect(routes.map(keyOf).filter((k) => !PROBES[k])).toEqual([]);
  });

  it('the app does not start with an /api route without a policy, or public without config.public', async () => {
    const app = await buildApp({
      db: t.conn.db,
      dialect: t.conn.kind,
      env: { logLevel: 'silent', webDist: '/nonexistent-web-dist' },
    });
    try {
      expect(() => app.get('/api/authz-probe', async () => 'x')).toThrow(/declares no config.policy/);
      expect(() =>
        app.get('/api/authz-probe-public', { config: { policy: 'public' } }, async () => 'x'),
      ).toThrow(/needs config.public/);
    } finally {
      await app.close();
    }
  });
});

describe('authorization matrix', () => {
  it('answers every route as its policy says, for every caller and data case, and leaks no hidden field', async () => {
    const routes = [...apiRoutes()].sort((a, b) => rank(a) - rank(b));
    const failures: string[] = [];
    const leaks: string[] = [];
    const cases = new Set<string>();
    let calls = 0;
    for (const route of routes) {
      for (const caller of CALLERS) {
        for (const probe of PROBES[keyOf(route)]!(w, caller)) {
          const res = await send(route.method, probe, caller);
          calls++;
          cases.add(probe.case);
          const problem = judge(route, caller, probe, res.statusCode);
          if (problem)
            failures.push(
              `${route.method} ${probe.url} as ${caller} (${probe.case}, ${route.policy}): ` +
                `${res.statusCode}, ${problem} ${res.body.slice(0, 160)}`,
            );
          leaks.push(...leaksIn(caller, probe, res));
        }
      }
    }
    console.log(
      `authorization matrix: ${routes.length} routes x ${CALLERS.length} callers x ${cases.size} data ` +
        `cases (${[...cases].join(', ')}) = ${calls} calls; ${leaks.length} leaks`,
    );
    expect({ failures, leaks }).toEqual({ failures: [], leaks: [] });
  }, 180_000);

  it('looked for hidden values that are stored and shown to those who may read them', async () => {
    // the leak check means something only when the values are there to leak
    const body = async (caller: Caller, url: string) => {
      const res = await send('GET', { case: 'own', url }, caller);
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    const value = (name: string) => w.secrets.find((s) => s.name === name)!.value;
    const alfaOrder = `/api/purchasing/order/${w.sides.alfa.order}`;
    expect((await body('buyer', alfaOrder)).body).toContain(value('alfa order supplierNotes'));
    expect((await body('supplier', alfaOrder)).body).toContain(value('alfa order supplierNotes'));
    expect((await body('supplier2', `/api/purchasing/order/${w.sides.beta.order}`)).body).toContain(
      value('beta order supplierNotes'),
    );
    const record = `/api/purchasing/supplier/${w.sides.alfa.record}`;
    expect((await body('manager-supplier', record)).body).toContain(value('alfa supplier iban'));
    // and the PDF text is read through its compressed streams
    const pdf = await body('buyer', `/api/purchasing/order-pdf/${w.sides.alfa.order}`);
    expect(pdfText(pdf.rawPayload)).toContain('Alfa Components Lda');
  });
});
