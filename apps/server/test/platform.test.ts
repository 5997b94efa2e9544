import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MESSAGES } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok with the database kind', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('error shape', () => {
  it('every failure answers {message, key, _status, data.errors}', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const cases = [
      await call(t.app, 'GET', '/api/nowhere', { token }),
      await call(t.app, 'GET', '/api/profile/user/me'),
      await call(t.app, 'POST', '/api/auth/signin', { body: {} }),
      await call(t.app, 'POST', '/api/auth/signin', {
        body: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      await call(t.app, 'GET', '/api/purchasing/order/999999999', { token }),
      await call(t.app, 'GET', '/not-an-api-path'),
    ];
    for (const res of cases) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(errorOf(res.body)._status).toBe(res.status);
    }
  });

  it('validation failures name each field', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', { body: { username: '' } });
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.message).toBe('Invalid request.');
    expect(err.data.errors.map((e) => e.field).sort()).toEqual(['password', 'username']);
  });
});

describe('rate limiting', () => {
  it('answers 503 with the exact message over the limit, health excepted', async () => {
    const limited = await createTestApp({ env: { rateLimitMax: 5 } });
    try {
      for (let i = 0; i < 5; i++)
        expect((await call(limited.app, 'GET', '/api/config/routes/en')).status).toBe(200);
      const res = await call(limited.app, 'GET', '/api/config/routes/en');
      expect(res.status).toBe(503);
      const err = errorOf(res.body);
      expect(err.message).toBe('Too many requests, please try again later.');
      expect(err.message).toBe(MESSAGES.tooManyRequests);
      expect((await call(limited.app, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('keys on the connection, not on a forwarded address the client picks, and counts the API only', async () => {
    const web = await mkdtemp(join(tmpdir(), 'p2p-web-'));
    await writeFile(join(web, 'index.html'), '<!doctype html><title>P2P</title>');
    const limited = await createTestApp({ env: { rateLimitMax: 5, webDist: web } });
    try {
      for (let i = 0; i < 10; i++) expect((await call(limited.app, 'GET', '/signin')).status).toBe(200);
      const spoofed = async (i: number) =>
        (
          await call(limited.app, 'GET', '/api/config/routes/en', {
            headers: { 'x-forwarded-for': `10.0.0.${i}` },
          })
        ).status;
      for (let i = 0; i < 5; i++) expect(await spoofed(i)).toBe(200);
      expect(await spoofed(99)).toBe(503);
    } finally {
      await limited.close();
      await rm(web, { recursive: true, force: true });
    }
    // behind a named proxy, the forwarded address is the client's
    const proxied = await createTestApp({ env: { rateLimitMax: 5, trustProxy: ['127.0.0.1'] } });
    try {
      for (let i = 0; i < 7; i++)
        expect(
          (
            await call(proxied.app, 'GET', '/api/config/routes/en', {
              headers: { 'x-forwarded-for': `10.0.0.${i}` },
            })
          ).status,
        ).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('OpenAPI', () => {
  it('describes every route with the bearer scheme', async () => {
    const res = await call<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
      components: { securitySchemes: object };
    }>(t.app, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/auth/signin',
      '/api/auth/signup',
      '/api/auth/set-password/{id}',
      '/api/auth/supplier-registration',
      '/api/auth/supplier-registrations/{id}/approve',
      '/api/config/app/{lang}',
      '/api/config/navigation/{lang}',
      '/api/config/help/{lang}/{doc}',
      '/api/profile/user/groups',
      '/api/profile/user/config',
      '/api/communication/notifications',
      '/api/communication/notifications/{id}',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.body.components.securitySchemes).toHaveProperty('bearerAuth');
    expect(res.body.paths['/api/auth/signin']?.post?.security).toEqual([]);
    expect(res.body.paths['/api/profile/user/groups']?.get?.tags).toEqual(['profile']);
  });
});

describe('web app', () => {
  it('serves files, falls back to index.html for app routes, and sets cache headers', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'p2p-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>P2P</title>');
    await writeFile(join(dist, 'version.json'), JSON.stringify({ version: '9.9.9-test' }));
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ env: { webDist: dist } });
    try {
      const root = await web.app.inject({ url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>P2P</title>');
      const deep = await web.app.inject({ url: '/requisition/42' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect(deep.body).toContain('<title>P2P</title>');
      const asset = await web.app.inject({ url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const version = await web.app.inject({ url: '/version.json' });
      expect(version.headers['cache-control']).toBe('no-cache');
      expect((await web.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      // the build's exact names only (one route per file): no other spelling of a file's path
      expect((await web.app.inject({ url: '/assets/INDEX-abc123.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ url: '/Assets/index-abc123.js' })).statusCode).toBe(404);
      const api = await call(web.app, 'GET', '/api/unknown');
      expect(api.status).toBe(404);
      errorOf(api.body);
      const cfg = await call<{ version: string }>(web.app, 'GET', '/api/config/app/en');
      expect(cfg.body.version).toBe('9.9.9-test');
    } finally {
      await web.close();
    }
  });
  it("serves the build's precompressed files and compresses JSON answers for clients that accept it", async () => {
    const dist = await mkdtemp(join(tmpdir(), 'p2p-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>P2P</title>');
    const js = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await writeFile(join(dist, 'assets', 'app-1.js'), js);
    await writeFile(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(js));
    const web = await createTestApp({ env: { webDist: dist } });
    try {
      const br = await web.app.inject({
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const plain = await web.app.inject({ url: '/assets/app-1.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);

      const { token } = await signIn(web.app, 'buyer');
      const auth = { authorization: `Bearer ${token}` };
      const raw = await web.app.inject({ url: '/api/purchasing/order', headers: auth });
      const gz = await web.app.inject({
        url: '/api/purchasing/order',
        headers: { ...auth, 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.length).toBeLessThan(raw.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(raw.body));
      // a list page (over the plugin's 8 KiB default for two cores, under 64 KiB) is compressed in
      // one call, not streamed: its compressed length is known and sent
      expect(raw.rawPayload.length).toBeGreaterThan(8 * 1024);
      expect(raw.rawPayload.length).toBeLessThan(64 * 1024);
      const brPage = await web.app.inject({
        url: '/api/purchasing/order',
        headers: { ...auth, 'accept-encoding': 'br' },
      });
      expect(brPage.headers['content-encoding']).toBe('br');
      expect(brPage.headers['transfer-encoding']).toBeUndefined();
      expect(Number(brPage.headers['content-length'])).toBe(brPage.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(brPage.rawPayload).toString())).toEqual(JSON.parse(raw.body));
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
