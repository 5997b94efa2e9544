import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FILE_USER_QUOTA, type DownloadLink, type SignInResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDb } from '../src/files/file.repository.ts';
import { loadDownloadSecret, signDownloadToken, signPayload } from '../src/lib/download-token.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/** The issue: files streamed to DATA_DIR/files within limits, download links with their own tokens, no credential in the log. */
let t: TestApp;
let fileDir: string;
const log: string[] = [];
const sessions: Record<string, SignInResponse> = {};
const session = async (user: string) => (sessions[user] ??= await signIn(t.app, user));
const token = async (user: string) => (await session(user)).token;

beforeAll(async () => {
  fileDir = await mkdtemp(join(tmpdir(), 'p2p-files-sec-'));
  // logging on, into memory: the redaction test reads every line this file's requests wrote
  t = await createTestApp({
    env: { fileDir, logLevel: 'info', logDestination: { write: (l) => void log.push(l) } },
  });
});
afterAll(async () => {
  await t.close();
  await rm(fileDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  filename?: string;
  data: Buffer | string;
}
const boundary = '----p2pSecurityBoundary';
const head = (p: { name: string; filename?: string }) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${
    p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream` : ''
  }\r\n\r\n`;
const multipart = (parts: Part[]) =>
  Buffer.concat([
    ...parts.flatMap((p) => [Buffer.from(head(p)), Buffer.from(p.data), Buffer.from('\r\n')]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

async function upload(user: string, parts: Part[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: multipart(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${await token(user)}`,
    },
  });
  return { status: res.statusCode, body: res.json() as { files: Array<{ _id: string; size: number }> } };
}
const files = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `files[${i}]`,
    filename: `f${i}.pdf`,
    data: Buffer.alloc(size, i),
  }));
const rows = () => filesDb(t.conn.db).selectFrom('files');
const leftovers = async () => readdir(join(fileDir, '.partial')).catch(() => []);

describe('uploads stream to storage within limits', () => {
  it('keeps a large upload out of the way of other requests (order list answers while it streams)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${await token('buyer')}` };
    const list = async () => {
      const started = performance.now();
      const res = await fetch(`${address}/api/purchasing/order?l=30`, { headers: auth });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    await list(); // warm: model configuration and scopes cached

    // 30 MB in two files of 15 MB, 1 MB every 100 ms: about 3 s on the wire
    const size = 15_000_000;
    const chunk = 1_000_000;
    const hashes = [createHash('sha256'), createHash('sha256')];
    let answered = false;
    const req = httpRequest(`${address}/api/files`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
    });
    // Order lists every 200 ms until the upload is answered: while its bytes stream in and while it
    // is stored. Each is timed from when it was due, not when it left: this client shares the
    // server's event loop, so a server that blocks the loop (a large write through PGlite does)
    // delays the sending too, and only the lateness against the schedule shows the wait.
    const probes = (async () => {
      const start = performance.now() + 600;
      const times: number[] = [];
      for (let k = 0; !answered; k += 1) {
        const due = start + k * 200;
        await sleep(Math.max(0, due - performance.now()));
        await list();
        times.push(performance.now() - due);
      }
      return times;
    })();
    for (const [i, hash] of hashes.entries()) {
      req.write(head({ name: `files[${i}]`, filename: `big-${i}.bin` }));
      for (let sent = 0; sent < size; sent += chunk) {
        const bytes = Buffer.alloc(chunk, (sent / chunk + i * 7) % 256);
        hash.update(bytes);
        req.write(bytes);
        await sleep(100);
      }
      req.write('\r\n');
    }
    req.end(`--${boundary}--\r\n`);

    const res = await response;
    const times = await probes;
    expect(times.length).toBeGreaterThanOrEqual(5);
    for (const ms of times) expect(ms).toBeLessThan(1000);
    expect(res.status).toBe(200);
    const stored = (JSON.parse(res.body) as { files: Array<{ _id: string; size: number }> }).files;
    expect(stored.map((f) => f.size)).toEqual([size, size]);
    for (const [i, f] of stored.entries()) {
      // the bytes are in the directory, none in the database; the hash was taken on the way
      expect((await stat(join(fileDir, f._id))).size).toBe(size);
      const row = await rows().select(['data', 'sha256']).where('id', '=', f._id).executeTakeFirstOrThrow();
      expect(row.data).toBeNull();
      expect(row.sha256).toBe(hashes[i]!.digest('hex'));
    }
    expect(await leftovers()).toEqual([]);
  });

  it('names the real size of a file past the 20,000,000-byte cap and keeps nothing', async () => {
    const before = await rows()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await upload('buyer', [...files(1, 10), { ...files(1, 20_000_001)[0]!, name: 'files[1]' }]);
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.message).toBe('File size of 20,000,001 bytes exceeds the limit of 20,000,000 bytes allowed.');
    expect(err.key).toBe('files.rejected');
    const after = await rows()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a request past 50,000,000 bytes (413) and more than 20 files (413)', async () => {
    const big = await upload('buyer', files(3, 18_000_000));
    expect(big.status).toBe(413);
    expect(errorOf(big.body)).toMatchObject({
      key: 'files.request-too-large',
      _status: 413,
      message: 'The files of one upload may total at most 50,000,000 bytes.',
    });
    const many = await upload('buyer', files(21, 3));
    expect(many.status).toBe(413);
    expect(errorOf(many.body)).toMatchObject({
      key: 'files.too-many',
      message: 'At most 20 files can be uploaded at once.',
    });
    expect((await upload('buyer', files(20, 3))).status).toBe(200);
    expect(await leftovers()).toEqual([]);
  });

  it("refuses what would pass the user's quota (413), counting the files the user keeps", async () => {
    const { user } = await session('requester');
    await filesDb(t.conn.db)
      .insertInto('files')
      .values({
        domain_id: user.domain,
        name: 'archive.zip',
        content_type: 'application/zip',
        size: FILE_USER_QUOTA - 10,
        created_by: user._id,
      })
      .execute();
    const over = await upload('requester', files(1, 11));
    expect(over.status).toBe(413);
    expect(errorOf(over.body)).toMatchObject({
      key: 'files.quota-exceeded',
      message: 'This upload would take your stored files past your quota of 1,000,000,000 bytes.',
    });
    expect((await upload('requester', files(1, 10))).status).toBe(200);
    // another user's quota is their own
    expect((await upload('buyer', files(1, 11))).status).toBe(200);
  });
});

describe('download links', () => {
  const mint = async (user: string, id: string) =>
    call<DownloadLink>(t.app, 'POST', `/api/files/${id}/download-token`, { token: await token(user) });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('opens the file for five minutes with a download token, never with the bearer token', async () => {
    const stored = (await upload('buyer', [...files(1, 5), { ...files(1, 6)[0]!, name: 'files[1]' }])).body
      .files;
    const [a, b] = [stored[0]!, stored[1]!];
    const link = await mint('buyer', a._id);
    expect(link.status).toBe(200);
    const ttl = Date.parse(link.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    const opened = await get(link.body.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.length).toBe(5);

    const dlToken = new URL(link.body.url, 'http://x').searchParams.get('access_token')!;
    const refused = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(401);
      return errorOf(res.json());
    };
    // bound to its file
    expect((await refused(`/api/files/${b._id}?access_token=${dlToken}`)).key).toBe('files.link-invalid');
    // the bearer token is not a download token
    await refused(`/api/files/${a._id}?access_token=${await token('buyer')}`);
    // a download token is not a bearer token
    await refused('/api/purchasing/order', { authorization: `Bearer ${dlToken}` });
    // expired, tampered, or for another purpose
    const secret = await loadDownloadSecret(t.conn.db);
    const { user } = await session('buyer');
    const grant = { userId: user._id, domainId: user.domain, resource: `file:${a._id}` };
    const expired = signDownloadToken(secret, { ...grant, expiresAt: Date.now() - 1 });
    await refused(`/api/files/${a._id}?access_token=${expired}`);
    await refused(`/api/files/${a._id}?access_token=${dlToken.slice(0, -2)}xx`);
    const upload_ = signPayload(secret, {
      p: 'upload',
      u: user._id,
      d: user.domain,
      r: grant.resource,
      e: Date.now() + 60_000,
    });
    await refused(`/api/files/${a._id}?access_token=${upload_}`);
    const forged = signDownloadToken(randomBytes(32), { ...grant, expiresAt: Date.now() + 60_000 });
    await refused(`/api/files/${a._id}?access_token=${forged}`);
    // the bearer header still works for API clients
    expect(
      (await get(`/api/files/${a._id}`, { authorization: `Bearer ${await token('buyer')}` })).statusCode,
    ).toBe(200);
  });

  it('is minted only for a file the caller may read (404 otherwise, 401 without a session)', async () => {
    const { _id } = (await upload('buyer', files(1, 3))).body.files[0]!;
    expect((await mint('supplier', _id)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/files/${_id}/download-token`)).status).toBe(401);
  });

  it('the order PDF reads no token from its query string', async () => {
    const orders = await call<{ items: Array<{ _id: string }> }>(t.app, 'GET', '/api/purchasing/order?l=1', {
      token: await token('buyer'),
    });
    const id = orders.body.items[0]!._id;
    expect(
      (await get(`/api/purchasing/order-pdf/${id}?access_token=${await token('buyer')}`)).statusCode,
    ).toBe(401);
  });

  it('moves bytes stored in the database by earlier versions to the directory on first read', async () => {
    const { user } = await session('buyer');
    const bytes = randomBytes(1000);
    const { id } = await filesDb(t.conn.db)
      .insertInto('files')
      .values({
        domain_id: user.domain,
        name: 'old.bin',
        content_type: 'application/octet-stream',
        size: bytes.length,
        data: bytes,
        created_by: user._id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await get(`/api/files/${id}`, { authorization: `Bearer ${await token('buyer')}` });
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    expect((await rows().select('data').where('id', '=', id).executeTakeFirstOrThrow()).data).toBeNull();
    expect((await stat(join(fileDir, id))).size).toBe(1000);
  });
});

describe('the log', () => {
  it('carries no bearer token, download token, link token or password', async () => {
    const bearer = await token('buyer');
    const { _id } = (await upload('buyer', files(1, 4))).body.files[0]!;
    const link = (await mint('buyer', _id)).body.url;
    const dlToken = new URL(link, 'http://x').searchParams.get('access_token')!;
    await t.app.inject({ method: 'GET', url: link });
    await t.app.inject({ method: 'GET', url: `/api/files/${_id}?access_token=${bearer}&ts=1` });
    await t.app.inject({ method: 'POST', url: '/api/auth/set-password/LinkSecret123', payload: {} });
    await t.app.inject({ method: 'GET', url: `/api/purchasing/order?token=${bearer}&q=x` });
    // what a later log call could pass: headers and bodies are redacted by path
    t.app.log.info(
      { headers: { authorization: `Bearer ${bearer}` }, body: { password: 'Pw-1234567!' } },
      'x',
    );
    t.app.log.warn({ token: bearer, password: 'Top-Level-Pw1!' }, 'y');
    const text = log.join('');
    expect(text).toContain('incoming request');
    expect(text).toContain(`/api/files/${_id}?access_token=[redacted]`);
    expect(text).toContain('/api/auth/set-password/[redacted]');
    for (const secret of [bearer, dlToken, 'LinkSecret123', 'Pw-1234567!', 'Top-Level-Pw1!'])
      expect(text).not.toContain(secret);
  });

  async function mint(user: string, id: string) {
    return call<DownloadLink>(t.app, 'POST', `/api/files/${id}/download-token`, { token: await token(user) });
  }
});
