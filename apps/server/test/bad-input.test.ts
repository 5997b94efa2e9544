import type { DocumentList, DocumentResponse, Notification } from '@p2p/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRepository } from '../src/notifications/notification.repository.ts';
import { fingerprint, fingerprintTables } from './db-fingerprint.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Input that answered 5xx before (security issue, "No 5xx from bad input"): every case answers 4xx
 * in the error shape and changes nothing. Also the stored HTML payload of the same issue.
 */
let t: TestApp;
let tables: string[];
let token: string;
let base: Record<string, unknown>;
let order: DocumentResponse;

let fileDir: string;

beforeAll(async () => {
  // uploads go to a directory (DATA_DIR/files by default): a throwaway one here
  fileDir = await mkdtemp(join(tmpdir(), 'p2p-bad-input-'));
  t = await createTestApp({ env: { rateLimitMax: 100_000, fileDir } });
  tables = await fingerprintTables(t.conn.db);
  token = (await signIn(t.app, 'buyer')).token;
  const list = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=1', { token });
  base = {
    doc: { subtype: 'P001' },
    description: 'Bad input base',
    supplier: list.body.items[0]!.supplier,
    currency: 'EUR',
    deliveryDate: '2027-03-01',
    lines: [{ item: 'MAT-1001', description: 'Fitting', quantity: 1, price: '2.5' }],
  };
  const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', { token, body: base });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  order = created.body;
});
afterAll(async () => {
  await t.close();
  await rm(fileDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The request answers `status` in the error shape and leaves the database as it was. */
async function refused(
  method: Method,
  url: string,
  opts: { body?: unknown; raw?: string } = {},
  status = 400,
) {
  const before = await fingerprint(t.conn.db, tables);
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(opts.raw !== undefined
      ? { payload: opts.raw }
      : opts.body !== undefined
        ? { payload: JSON.stringify(opts.body) }
        : {}),
  });
  expect(res.statusCode, res.body).toBe(status);
  const error = errorOf(res.json());
  expect(error._status).toBe(status);
  expect(await fingerprint(t.conn.db, tables)).toBe(before);
  return error;
}

const current = async () =>
  (await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${order._id}`, { token })).body;

describe('bad input answers 4xx and changes nothing', () => {
  it('refuses NUL and unpaired surrogates in the body, the query and the path', async () => {
    const nul = await refused('POST', '/api/purchasing/order', {
      body: { ...base, description: 'a\u0000b' },
    });
    expect(nul.key).toBe('error.invalid-text');
    expect(nul.data.errors).toEqual([
      { field: 'description', message: 'description contains a NUL character or an unpaired surrogate.' },
    ]);
    const saved = await current();
    const high = await refused('PUT', `/api/purchasing/order/${order._id}`, {
      body: { ...saved, description: 'x\uD800' },
    });
    expect(high.data.errors[0]?.field).toBe('description');
    const low = await refused('PUT', `/api/purchasing/order/${order._id}`, {
      body: { ...saved, lines: [{ item: 'MAT-1001', quantity: 1, price: '1', note: '\uDC00' }] },
    });
    expect(low.data.errors[0]?.field).toBe('lines.0.note');
    // keys too: jsonb cannot hold them either
    await refused('POST', '/api/purchasing/order', { body: { ...base, 'a\u0000': 1 } });
    expect((await refused('GET', '/api/purchasing/order?q=a%00b')).data.errors[0]?.field).toBe('q');
    expect((await refused('GET', `/api/purchasing/order/${order._id}?ts=%00`)).data.errors[0]?.field).toBe(
      'ts',
    );
    await refused('POST', `/api/communication/notifications/read/a%00b`);
    // a surrogate pair (an emoji) is fine
    const emoji = await call(t.app, 'GET', `/api/purchasing/order?q=${encodeURIComponent('\u{1F600}')}`, {
      token,
    });
    expect(emoji.status).toBe(200);
  });

  it('refuses JSON nested 5,000 levels deep before parsing it, and numbers JSON reads as Infinity', async () => {
    const deep = `{"context":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    expect((await refused('POST', '/api/profile/user/config', { raw: deep })).key).toBe(
      'error.json-too-deep',
    );
    const field = `${JSON.stringify(base).slice(0, -1)},"extra":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    expect((await refused('POST', '/api/purchasing/order', { raw: field })).key).toBe('error.json-too-deep');
    // brackets inside strings are text, not depth
    const text = await call(t.app, 'POST', '/api/purchasing/order', {
      token,
      body: { ...base, description: '['.repeat(200) },
    });
    expect(text.status).toBe(200);
    const infinite = await refused('POST', '/api/purchasing/order', {
      raw: `${JSON.stringify(base).slice(0, -1)},"exchangeRate":1e400}`,
    });
    expect(infinite.data.errors[0]).toEqual({
      field: 'exchangeRate',
      message: 'exchangeRate is not a finite number.',
    });
  });

  it('refuses amounts beyond the numeric columns', async () => {
    for (const line of [
      { item: 'MAT-1001', quantity: 1e30, price: 1 },
      { item: 'MAT-1001', quantity: 1, price: 1e17 },
      { item: 'MAT-1001', quantity: 1000, price: '99999999999999' },
    ]) {
      await refused('POST', '/api/purchasing/order', { body: { ...base, lines: [line] } });
      await refused('PUT', `/api/purchasing/order/${order._id}`, {
        body: { ...(await current()), lines: [line] },
      });
    }
  });

  it('refuses POST /profile/user/config with nothing to save', async () => {
    const error = await refused('POST', '/api/profile/user/config', { body: {} });
    expect(error.key).toBe('profile.nothing-to-save');
    expect(error.data.errors[0]?.field).toBe('request');
  });

  it('stores and sorts long descriptions: no index can fail on them', async () => {
    // 2,700 characters of 4 bytes each in UTF-8: far past the btree row limit of the old index
    const wide = '\u{1F600}'.repeat(2_700);
    for (const description of ['x'.repeat(2_700), wide]) {
      const res = await call(t.app, 'POST', '/api/purchasing/order', {
        token,
        body: { ...base, description },
      });
      // 400 once the model's text limits apply to the save; never 5xx
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect(errorOf(res.body).data.errors[0]?.field).toBe('description');
    }
    const sorted = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?s=-description&l=5', {
      token,
    });
    expect(sorted.status).toBe(200);
    // the stored row itself: the sort index takes the first 200 characters
    await sql`update documents set data = jsonb_set(data, '{description}', to_jsonb(${wide}::text))
              where id = ${order._id}::bigint`.execute(t.conn.db);
  });

  it('the description sort index serves the list sort expression', async () => {
    // one transaction: the setting and the plan on the same connection of the pool
    const plan = await t.conn.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain
        select d.id from documents d where d.domain_id = 'acme' and d.model = 'order' and d.deleted = false
        order by left(jsonb_extract_path_text(d.data, ${'description'}), 200) desc nulls last, d.id desc nulls last
        limit 30`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('documents_sort_description');
  });

  it('20 favorite toggles racing on one document all answer 200 and leave one consistent row', async () => {
    const url = `/api/purchasing/order/${order._id}/favorite`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'POST', url, { token })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from favorites
      where document_id = ${order._id}::bigint`.execute(t.conn.db);
    expect(rows[0]!.n).toBeLessThanOrEqual(1);
    const next = await call<{ favorite: boolean }>(t.app, 'POST', url, { token });
    expect(next.body.favorite).toBe(rows[0]!.n === 0);
  });

  it('multipart uploads with hostile names and fields answer 4xx or store safely, never 5xx', async () => {
    const boundary = 'p2pBoundary';
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
      (filename !== undefined ? `; filename="${filename}"\r\nContent-Type: application/pdf` : '') +
      `\r\n\r\n${value}\r\n`;
    const cases = [
      part('files[0]', 'x', 'a\u0000b.pdf'),
      part('files[0]', 'x', `${'n'.repeat(3_000)}.pdf`),
      part('files[0]', 'x', '\u{1F600}'.repeat(1_000) + '.pdf'),
      part('files[0]', 'x', 'a.pdf') + part('check', '{"type":"a\\u0000"}'),
      part('files[0]', 'x', 'a.pdf') + part('documentId', 'a\u0000') + part('model', 'order'),
      part('files[0]', 'x', 'a.pdf') + part('check', `${'['.repeat(5_000)}${']'.repeat(5_000)}`),
    ];
    for (const body of cases) {
      const before = await fingerprint(t.conn.db, tables);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        payload: Buffer.from(`${body}--${boundary}--\r\n`),
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) {
        expect(errorOf(res.json())._status).toBe(res.statusCode);
        expect(await fingerprint(t.conn.db, tables)).toBe(before);
      }
    }
  });

  it('router refusals (undecodable path, too long parameter) come in the error shape', async () => {
    const bad = await refused('POST', '/api/purchasing/order/%ED%A0%80/favorite');
    expect(bad.key).toBe('error.http-400');
    const long = await refused('GET', `/api/purchasing/order/${'1'.repeat(200)}`, {}, 414);
    expect(long.key).toBe('error.http-414');
  });
});

describe('stored html', () => {
  const PAYLOAD =
    'Order <b>42</b><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

  it('a notification payload comes back without the handler or the script, however it was stored', async () => {
    const buyer = await signIn(t.app, 'buyer');
    const userId = buyer.user._id;
    // created through the service's repository: sanitised when stored
    await notificationRepository(t.conn.db).insert({
      domainId: 'acme',
      userId,
      text: PAYLOAD,
      link: 'javascript:alert(4)',
    });
    const stored = await sql<{ text: string; link: string | null }>`select text, link from notifications
      where user_id = ${userId} order by ts desc limit 1`.execute(t.conn.db);
    expect(stored.rows[0]).toEqual({ text: 'Order <b>42</b><a>x</a>', link: null });
    // written around the service (an older row, another writer): sanitised when served
    await sql`insert into notifications (domain_id, user_id, text, link)
              values ('acme', ${userId}, ${PAYLOAD}, 'javascript:alert(5)')`.execute(t.conn.db);
    const list = await call<Notification[]>(t.app, 'GET', '/api/communication/notifications', {
      token: buyer.token,
    });
    const texts = list.body.map((n) => n.text).join('\n');
    expect(texts).toContain('Order <b>42</b>');
    expect(texts).not.toMatch(/<script|onerror|<img|javascript:/i);
    expect(list.body.map((n) => n.link)).not.toContain('javascript:alert(5)');
    // the seeded formatting and app links stay
    expect(texts).toContain('<a href="/help/home">online help</a>');
  });

  it('help documents are served through the same sanitiser', async () => {
    const res = await call<{ content: string }>(t.app, 'GET', '/api/config/help/en/home', { token });
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('<strong>');
    expect(res.body.content).not.toMatch(/<script|\son[a-z]+=/i);
  });
});
