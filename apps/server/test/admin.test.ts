import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateModelConfig } from '../src/admin/admin.validate.ts';
import { readModelFiles } from '../src/documents/model-config.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

interface Field {
  src?: string;
  type?: string;
  label?: unknown;
  expr?: string;
  viewConditions?: string;
  [k: string]: unknown;
}
interface Cfg {
  name: string;
  list: { fields: Field[] };
  form: { fields: Field[] };
  sort: string[];
  workflow: { transitions: Array<{ to?: string; from: string[]; roles?: unknown }> };
  _v?: number;
  [k: string]: unknown;
}
interface ModelBody {
  model: string;
  version: number;
  config: Cfg;
}
interface Validation {
  valid: boolean;
  errors: Array<{ field: string; message: string }>;
}

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);
const as = async <T = unknown>(user: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call<T>(t.app, method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const served = async (user = 'admin', model = 'order') =>
  (await as<Cfg>(user, 'GET', `/api/config/model/en/${model}`)).body;
const current = async (model = 'order') =>
  (await as<ModelBody>('admin', 'GET', `/api/admin/models/${model}`)).body;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('model config validation', () => {
  it('accepts the shipped configurations', () => {
    for (const config of readModelFiles()) {
      expect(validateModelConfig(config, config.name).errors, config.name).toEqual([]);
    }
  });
});

describe('admin model configuration', () => {
  it('refuses non-admin users with 403 in the error shape', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/models', undefined],
      ['GET', '/api/admin/models/order', undefined],
      ['GET', '/api/admin/models/order/versions', undefined],
      ['POST', '/api/admin/models/order/validate', { config: {} }],
      ['PUT', '/api/admin/models/order', { config: {}, baseVersion: 1 }],
      ['POST', '/api/admin/models/order/restore/1', {}],
    ] as const) {
      const res = await as('buyer', method, url, body);
      expect(res.status, url).toBe(403);
      expect(errorOf(res.body)._status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/models')).status).toBe(401);
  });

  it('lists the models with their effective version; manager is admin-level', async () => {
    const res = await as<
      Array<{ model: string; version: number; updatedAt: string; updatedBy: string | null }>
    >('manager', 'GET', '/api/admin/models');
    expect(res.status).toBe(200);
    const order = res.body.find((m) => m.model === 'order');
    expect(order).toMatchObject({ version: 1, updatedBy: null });
    expect(res.body.map((m) => m.model)).toContain('requisition');
    expect((await as('admin', 'GET', '/api/admin/models/nope')).status).toBe(404);
  });

  it('validates: valid config, and errors with JSON paths', async () => {
    const { config } = await current();
    const ok = await as<Validation>('admin', 'POST', '/api/admin/models/order/validate', { config });
    expect(ok.body).toEqual({ valid: true, errors: [] });

    const bad = clone(config);
    bad.form.fields[3]!.viewConditions = 'doc.subtype ==';
    const res = await as<Validation>('admin', 'POST', '/api/admin/models/order/validate', { config: bad });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors[0]).toMatchObject({ field: 'form.fields[3].viewConditions' });
  });

  it('saves a valid edit as a new version, served at once by /config/model', async () => {
    const before = await current();
    const config = clone(before.config);
    config.form.fields[1]!.label = { en: 'Order number', pt: 'Número da encomenda' };
    const res = await as<{ model: string; version: number }>('admin', 'PUT', '/api/admin/models/order', {
      config,
      baseVersion: before.version,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model: 'order', version: before.version + 1 });

    const s = await served('buyer');
    expect(s._v).toBe(before.version + 1);
    expect(s.form.fields[1]!.label).toBe('Order number');
    // the old version is still there and still served by ?_v=
    const old = await as<Cfg>('buyer', 'GET', `/api/config/model/en/order?_v=${before.version}`);
    expect(old.body._v).toBe(before.version);

    const versions = await as<Array<{ version: number; createdBy: string | null; createdAt: string }>>(
      'admin',
      'GET',
      '/api/admin/models/order/versions',
    );
    expect(versions.body.map((v) => v.version).slice(0, 2)).toEqual([before.version + 1, before.version]);
    expect(versions.body[0]!.createdBy).toBe('admin');
    const list = await as<Array<{ model: string; version: number; updatedBy: string }>>(
      'admin',
      'GET',
      '/api/admin/models',
    );
    expect(list.body.find((m) => m.model === 'order')).toMatchObject({
      version: before.version + 1,
      updatedBy: 'admin',
    });
  });

  it('refuses invalid configs with 400 and paths; nothing saved, the served config unchanged', async () => {
    const before = await current();
    const servedBefore = await served();
    const cases: Array<[string, (c: Cfg) => void, string]> = [
      ['bad expression', (c) => (c.form.fields[2]!.expr = 'a +* b'), 'form.fields[2].expr'],
      ['unknown state', (c) => (c.workflow.transitions[0]!.to = 'nowhere'), 'workflow.transitions[0].to'],
      [
        'unknown from state',
        (c) => c.workflow.transitions[1]!.from.push('limbo'),
        'workflow.transitions[1].from',
      ],
      ['duplicate src', (c) => (c.list.fields[2]!.src = c.list.fields[1]!.src), 'list.fields[2].src'],
      ['wrong name', (c) => (c.name = 'contract'), 'name'],
      ['missing src', (c) => delete c.form.fields[0]!.src, 'form.fields[0].src'],
      ['unknown type', (c) => (c.form.fields[0]!.type = 'hologram'), 'form.fields[0].type'],
      ['undeclared sort', (c) => c.sort.push('nonexistent'), 'sort['],
      [
        'role spec not a string',
        (c) => (c.workflow.transitions[0]!.roles = 42),
        'workflow.transitions[0].roles',
      ],
    ];
    for (const [name, mutate, path] of cases) {
      const config = clone(before.config);
      mutate(config);
      const res = await as('admin', 'PUT', '/api/admin/models/order', {
        config,
        baseVersion: before.version,
      });
      expect(res.status, name).toBe(400);
      const err = errorOf(res.body);
      expect(err.key).toBe('admin.config-invalid');
      expect(
        err.data.errors.some((e) => e.field?.startsWith(path)),
        `${name}: ${JSON.stringify(err.data.errors)}`,
      ).toBe(true);
    }
    const notAnObject = await as('admin', 'PUT', '/api/admin/models/order', {
      config: [1],
      baseVersion: before.version,
    });
    expect(notAnObject.status).toBe(400);

    expect((await current()).version).toBe(before.version);
    expect(await served()).toEqual(servedBefore);
  });

  it('answers 409 when baseVersion is not the latest', async () => {
    const before = await current();
    const res = await as('admin', 'PUT', '/api/admin/models/order', {
      config: before.config,
      baseVersion: before.version - 1,
    });
    expect(res.status).toBe(409);
    expect(errorOf(res.body).key).toBe('admin.config-stale');
    expect((await current()).version).toBe(before.version);
  });

  it('restores an old version as a new version', async () => {
    const before = await current();
    const v1 = await as<ModelBody>('admin', 'GET', '/api/admin/models/order/versions/1');
    expect(v1.body.version).toBe(1);
    expect(v1.body.config.form.fields[1]!.label).not.toEqual(before.config.form.fields[1]!.label);

    const res = await as<{ version: number }>('admin', 'POST', '/api/admin/models/order/restore/1', {});
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(before.version + 1);
    const after = await current();
    expect(after.version).toBe(before.version + 1);
    expect(after.config).toEqual(v1.body.config);
    expect((await served())._v).toBe(before.version + 1);
    expect((await as('admin', 'POST', '/api/admin/models/order/restore/999', {})).status).toBe(404);
  });

  it('keeps domains apart: another domain still gets the shipped default', async () => {
    const globex = (await signIn(t.app, 'buyer', 'globex')).token;
    const res = await call<Cfg>(t.app, 'GET', '/api/config/model/en/order', { token: globex });
    expect(res.status).toBe(200);
    expect(res.body._v).toBe(1);
    expect((await served())._v).toBeGreaterThan(1);
  });
});
