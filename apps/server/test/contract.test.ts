import { isDeepStrictEqual } from 'node:util';
import type { DocumentList, DocumentResponse, SessionUser, TimelineResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * The HTTP contract: every /api route declares its answers, /api/docs describes them, and what the
 * server writes from a response schema is exactly what the service returned (fast-json-stringify
 * writes only declared properties and coerces types: a missing `additionalProperties` or a wrong
 * type would silently drop or change data).
 */

interface RecordedRoute {
  method: string | string[];
  url: string;
  schema?: { response?: Record<string, unknown>; operationId?: string; summary?: string };
}
interface Serialised {
  route: string;
  status: string;
  /** where the schema's output differs from JSON.stringify of the same value */
  differences: string[];
  error?: string;
}

const recorded = vi.hoisted(() => ({ routes: [] as RecordedRoute[], answers: [] as Serialised[] }));

/** Paths where `schemaOut` differs from `plain`: a dropped, added or changed value. */
function differences(schemaOut: unknown, plain: unknown, path = '$', out: string[] = []): string[] {
  if (out.length >= 10 || isDeepStrictEqual(schemaOut, plain)) return out;
  const bothObjects =
    typeof schemaOut === 'object' && schemaOut !== null && typeof plain === 'object' && plain !== null;
  if (bothObjects && Array.isArray(schemaOut) === Array.isArray(plain)) {
    const keys = new Set([...Object.keys(schemaOut), ...Object.keys(plain)]);
    for (const k of keys)
      differences(
        (schemaOut as Record<string, unknown>)[k],
        (plain as Record<string, unknown>)[k],
        `${path}.${k}`,
        out,
      );
    return out;
  }
  out.push(`${path}: schema ${JSON.stringify(schemaOut)} / service ${JSON.stringify(plain)}`);
  return out;
}

// The app is built through this wrapper: it records every route as registered, and serialises
// each answer with the default compiler (fast-json-stringify) while comparing it with
// JSON.stringify. The database and the services are the real ones.
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const { SerializerSelector } = require('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => (
      external: unknown,
      opts: unknown,
    ) => (ctx: {
      schema: unknown;
      url: string;
      method: string;
      httpStatus: string;
    }) => (v: unknown) => string;
  };
  const selector = SerializerSelector();
  const buildSerializer = (external: unknown, opts: unknown) => {
    const compile = selector(external, opts);
    return (ctx: { schema: unknown; url: string; method: string; httpStatus: string }) => {
      const serialise = compile(ctx);
      const route = `${ctx.method} ${ctx.url}`;
      return (value: unknown) => {
        let text: string;
        try {
          text = serialise(value);
        } catch (err) {
          recorded.answers.push({ route, status: ctx.httpStatus, differences: [], error: String(err) });
          throw err;
        }
        const plain = JSON.stringify(value);
        recorded.answers.push({
          route,
          status: ctx.httpStatus,
          differences: differences(JSON.parse(text), plain === undefined ? undefined : JSON.parse(plain)),
        });
        return text;
      };
    };
  };
  const factory = ((opts: Record<string, unknown> = {}) => {
    const app = mod.default({
      ...opts,
      schemaController: { compilersFactory: { buildSerializer } },
    } as never);
    app.addHook('onRoute', (route) => {
      recorded.routes.push(route as unknown as RecordedRoute);
    });
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: factory };
});

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);
const get = async <T>(user: string, url: string) => {
  const res = await call<T>(t.app, 'GET', url, { token: await token(user) });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  // signed in before the checks count the answers; the buyer signs in inside the first check
  await token('supplier');
  await token('admin');
});
afterAll(() => t.close());

const SUCCESS = ['200', '201', '204'];
const apiRoutes = () =>
  recorded.routes.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );

describe('every /api route declares its answers', () => {
  it('has a response schema for its success status, an operationId and a summary', () => {
    expect(apiRoutes().length).toBeGreaterThan(60);
    const missing = apiRoutes()
      .filter(
        (r) => !SUCCESS.some((s) => r.schema?.response?.[s]) || !r.schema?.operationId || !r.schema.summary,
      )
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('describes every operation in /api/docs with its answers and error statuses', async () => {
    const res = await call<{
      paths: Record<
        string,
        Record<string, { operationId?: string; responses: Record<string, { content?: unknown }> }>
      >;
    }>(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const operations = Object.entries(res.body.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations).toHaveLength(apiRoutes().length);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const success = SUCCESS.filter((s) => op.responses[s]);
      expect(success.length, `${method} ${path}`).toBe(1);
      expect(op.responses[success[0]!]!.content, `${method} ${path}`).toBeDefined();
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4') || s === '503'),
        `${method} ${path}`,
      ).toBe(true);
    }
  });
});

describe('answers serialised from their schemas carry everything the services return', () => {
  it('the session user, the document list, a whole document and its timeline', async () => {
    const before = recorded.answers.length;
    const me = await get<SessionUser>('buyer', '/api/profile/user/me');
    expect(Object.keys(me)).toEqual(
      expect.arrayContaining([
        '_id',
        'username',
        'role',
        'roles',
        'group',
        'groups',
        'locations',
        'workgroups',
        'filter',
        'context',
      ]),
    );

    const list = await get<DocumentList>('buyer', '/api/purchasing/order?l=50&c=1');
    expect(list.options).toMatchObject({ page: 1, pagesize: 50 });
    expect(list.options.count).toBeGreaterThan(0);
    const row = list.items.find((o) => o.supplier && o.lines === undefined)!;
    expect(row).toMatchObject({
      model: 'order',
      doc: { type: 'order' },
      _state: { current: expect.any(String) },
    });
    expect(typeof row.value).toBe('string');
    expect(list.items.some((o) => o.flag?.status)).toBe(true);

    const doc = await get<DocumentResponse>('buyer', `/api/purchasing/order/${row._id}`);
    expect(doc._id).toBe(row._id);
    expect(doc._actions.actions.length).toBeGreaterThan(0);
    expect(Object.keys(doc._permissions).sort()).toEqual(['delete', 'duplicate', 'edit']);
    expect(doc.lines?.length).toBeGreaterThan(0);

    // a new order has its first timeline entry
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: await token('buyer'),
      body: {
        doc: { subtype: 'P001' },
        description: 'Contract check',
        supplier: row.supplier,
        currency: 'EUR',
        deliveryDate: '2027-03-01',
        lines: [{ item: 'MAT-1001', description: 'Fitting', quantity: 2, price: '10.5' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.lines?.[0]).toMatchObject({
      quantity: expect.any(String),
      value: expect.any(String),
    });
    const timeline = await get<TimelineResponse>(
      'buyer',
      `/api/communication/messages/order/${created.body._id}`,
    );
    expect(timeline.state).toBe(created.body._state.current);
    expect(timeline.steps.length).toBeGreaterThan(0);
    expect(timeline.items[0]).toMatchObject({
      count: 1,
      ts: expect.any(String),
      user: { name: expect.any(String) },
    });

    const answers = recorded.answers.slice(before);
    expect(answers.map((a) => a.route)).toEqual([
      'POST /api/auth/signin',
      'GET /api/profile/user/me',
      'GET /api/purchasing/:model',
      'GET /api/purchasing/:model/:id',
      'POST /api/purchasing/:model',
      'GET /api/communication/messages/:model/:id',
    ]);
    expect(answers.filter((a) => a.error || a.differences.length)).toEqual([]);
  });

  it('the supplier view of an order, look-ups, search, configuration and errors', async () => {
    const before = recorded.answers.length;
    const orders = await get<DocumentList>('supplier', '/api/purchasing/order?l=5');
    const seen = await get<DocumentResponse>('supplier', `/api/purchasing/order/${orders.items[0]!._id}`);
    expect(seen.lines?.[0]?.supplierView).toBeDefined();
    const urls = [
      '/api/config/app/en',
      '/api/config/model/en/order',
      '/api/config/purchasing',
      '/api/config/subtype',
      '/api/config/navigation/en',
      '/api/profile/user/groups',
      '/api/reference/item?q=bolt&c=1',
      '/api/reference/supplier?c=1',
      '/api/reference/user?q=b',
      '/api/taxonomy/uom?class=MASS',
      '/api/search?q=order&c=1',
      '/api/communication/notifications',
      '/api/purchasing/order/trash',
      '/api/admin/models/order',
    ];
    for (const url of urls) await get('admin', url);
    const denied = await call(t.app, 'GET', '/api/purchasing/order/999999999', {
      token: await token('buyer'),
    });
    expect(denied.status).toBe(404);
    const invalid = await call(t.app, 'GET', '/api/purchasing/order?l=0', { token: await token('buyer') });
    expect(invalid.status).toBe(400);
    const answers = recorded.answers.slice(before);
    // the two orders, every url, the 404 and the 400
    expect(answers.length).toBe(2 + urls.length + 2);
    expect(answers.filter((a) => a.error || a.differences.length)).toEqual([]);
  });
});
