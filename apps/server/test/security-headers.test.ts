import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DocumentList } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config/env.ts';
import { allowSameOriginFraming, APP_CSP } from '../src/lib/security-headers.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // a web build of one page, so the static host and its index.html fallback answer too
  webDist = await mkdtemp(join(tmpdir(), 'p2p-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  // uploads go to a directory (DATA_DIR/files by default): a throwaway one here
  t = await createTestApp({ env: { webDist, fileDir: join(webDist, 'files') } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

type Headers = Record<string, string | string[] | number | undefined>;

/** The CSP directives of an answer as {name: [values]}. */
const cspOf = (headers: Headers): Record<string, string[]> =>
  Object.fromEntries(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

function expectCommonHeaders(headers: Headers) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = cspOf(headers);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  // scripts only from files of the app: no inline script, no eval
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp).not.toHaveProperty('upgrade-insecure-requests');
}

function expectNoFraming(headers: Headers) {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(cspOf(headers)['frame-ancestors']).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('sends the policy, nosniff, referrer policy and no framing on API answers, errors included', async () => {
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expectCommonHeaders(health.headers);
    expectNoFraming(health.headers);

    const unauthorized = await call(t.app, 'GET', '/api/purchasing/order');
    expect(unauthorized.status).toBe(401);
    expectCommonHeaders(unauthorized.headers);
    expectNoFraming(unauthorized.headers);
    expect(unauthorized.headers['cache-control']).toBe('no-store');

    const missing = await call(t.app, 'GET', '/api/nowhere');
    expect(missing.status).toBe(404);
    expectNoFraming(missing.headers);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('answers that carry tokens or documents are never stored by a cache', async () => {
    const signin = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'buyer', password: 'P2p-demo-2026!' },
    });
    expect(signin.status).toBe(200);
    expect(signin.headers['cache-control']).toBe('no-store');
    const { token } = await signIn(t.app, 'buyer');
    const list = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order', { token });
    expect(list.headers['cache-control']).toBe('no-store');
    const id = list.body.items[0]!._id;
    const doc = await call(t.app, 'GET', `/api/purchasing/order/${id}`, { token });
    expect(doc.status).toBe(200);
    expect(doc.headers['cache-control']).toBe('no-store');
    const config = await call(t.app, 'GET', '/api/config/app/en');
    expect(config.headers['cache-control']).toBe('no-store');

    // the order PDF: kept out of caches, and the app may show it in a frame of its own (only)
    const pdf = await call(t.app, 'GET', `/api/purchasing/order-pdf/${id}`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['cache-control']).toMatch(/\bno-store\b/);
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(cspOf(pdf.headers)['frame-ancestors']).toEqual(["'self'"]);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
  });

  it("a downloaded file keeps its own sandbox policy, framed by the app's origin only", async () => {
    const { token } = await signIn(t.app, 'buyer');
    const boundary = 'p2pBoundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="a.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = (upload.json() as { files: Array<{ _id: string }> }).files[0]!._id;
    const file = await call(t.app, 'GET', `/api/files/${id}`, { token });
    expect(file.status).toBe(200);
    const csp = cspOf(file.headers);
    expect(csp).toHaveProperty('sandbox');
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.headers['cache-control']).toMatch(/\bno-store\b/);
    expect(allowSameOriginFraming("default-src 'self';frame-ancestors 'none'")).toBe(
      "default-src 'self'; frame-ancestors 'self'",
    );
  });

  it('the web app is served under the policy and may be framed by its own origin only', async () => {
    for (const url of ['/', '/order/1']) {
      const page = await call(t.app, 'GET', url);
      expect(page.status).toBe(200);
      expect(String(page.headers['content-type'])).toContain('text/html');
      expectCommonHeaders(page.headers);
      // the dashboard's frame widget and /frame/{source} show the app's pages inside the app
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(cspOf(page.headers)['frame-ancestors']).toEqual(["'self'"]);
      // index.html is not an API answer: its own cache rule (revalidate) stays
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it("the web app's own page passes the policy: no inline script or handler in index.html", async () => {
    const html = await readFile(resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/[^"/]/); // a file of the same origin
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//i);
    // PrimeReact's runtime <style> elements are why style-src allows inline styles
    expect(APP_CSP['style-src']).toContain("'unsafe-inline'");
  });

  it('the API documentation runs under the same policy: its page has no inline script', async () => {
    const docs = await call(t.app, 'GET', '/api/docs');
    expect(docs.status).toBe(200);
    expectCommonHeaders(docs.headers);
    expectNoFraming(docs.headers);
    // its static files may be cached; inline scripts there would be refused by the policy
    expect(docs.headers['cache-control']).not.toBe('no-store');
    expect(String(docs.body)).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  });

  it("opens the policy to the chat widget's origins only where a widget needs them", async () => {
    expect(() => readEnv({ CHAT_WIDGET_ORIGINS: 'http://chat.example' })).toThrow(/https origin/);
    const widget = await createTestApp({ env: { chatWidgetOrigins: ['https://wchat.example.com'] } });
    try {
      const res = await call(widget.app, 'GET', '/api/health');
      const csp = String(res.headers['content-security-policy']);
      for (const d of ['script-src', 'frame-src', 'img-src', 'connect-src'])
        expect(csp).toMatch(new RegExp(`${d} [^;]*https://wchat\\.example\\.com`));
      expect(csp).toMatch(/default-src 'self';/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
    } finally {
      await widget.close();
    }
  });
});
