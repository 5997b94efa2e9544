import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_SIZE_LIMIT, type DownloadLink } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

interface Stored {
  _id: string;
  name: string;
  contentType: string;
  size: number;
}

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string, domain?: string) =>
  (tokens[`${user}@${domain ?? ''}`] ??= (await signIn(t.app, user, domain)).token);

let fileDir: string;
beforeAll(async () => {
  // the bytes go to a directory (DATA_DIR/files by default): a throwaway one here
  fileDir = await mkdtemp(join(tmpdir(), 'p2p-files-'));
  t = await createTestApp({ env: { fileDir } });
});
afterAll(async () => {
  await t.close();
  await rm(fileDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand (the wire format a browser sends). */
function multipart(parts: Part[]) {
  const boundary = `----p2p${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''
    }\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(user: string | null, parts: Part[], domain?: string) {
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: {
      'content-type': contentType,
      ...(user ? { authorization: `Bearer ${await token(user, domain)}` } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as { files: Stored[]; info: null } };
}

async function download(id: string, opts: { user?: string; domain?: string; query?: string } = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/files/${id}${opts.query ?? ''}`,
    headers: opts.user ? { authorization: `Bearer ${await token(opts.user, opts.domain)}` } : {},
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: res.body };
}

const file = (name: string, data: Buffer | string, type = 'application/pdf'): Part => ({
  name: 'files[0]',
  filename: name,
  type,
  data,
});

describe('files', () => {
  it('round-trips the bytes of an upload', async () => {
    const bytes = randomBytes(70_000);
    const res = await upload('buyer', [
      file('Offer é.pdf', bytes),
      { ...file('b.txt', 'hello', 'text/plain'), name: 'files[1]' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.info).toBeNull();
    expect(res.body.files).toHaveLength(2);
    const [pdf, txt] = res.body.files as [Stored, Stored];
    expect(pdf).toMatchObject({ name: 'Offer é.pdf', contentType: 'application/pdf', size: 70_000 });
    expect(txt).toMatchObject({ name: 'b.txt', contentType: 'text/plain', size: 5 });

    const got = await download(pdf._id, { user: 'buyer' });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(String(got.headers['content-disposition'])).toContain('inline; filename=');
    expect(String(got.headers['content-disposition'])).toContain("filename*=UTF-8''Offer%20%C3%A9.pdf");
    expect(Buffer.compare(got.raw, bytes)).toBe(0);
    expect((await download(txt._id, { user: 'buyer' })).body).toBe('hello');
  });

  it('answers a check request on a file that is no PDF with what it could not read (file-checks.test.ts reads real PDFs)', async () => {
    const res = await upload('buyer', [
      file('company.pdf', 'x'),
      { name: 'check', data: JSON.stringify({ type: 'summarize', obj: { vat: '' } }) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.info).toMatch(/^Only PDF files can be read/);
    const bad = await upload('buyer', [file('company.pdf', 'x'), { name: 'check', data: '{nope' }]);
    expect(bad.status).toBe(400);
  });

  it('rejects an oversized file with the exact message and stores nothing', async () => {
    const res = await upload('buyer', [
      { name: 'maxSize', data: '10' },
      file('ok.pdf', 'tiny'),
      { ...file('big.pdf', 'x'.repeat(25)), name: 'files[1]' },
    ]);
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.message).toBe('File size of 25 bytes exceeds the limit of 10 bytes allowed.');
    expect(err.key).toBe('files.rejected');
    expect(err.data.errors).toEqual([{ field: 'files', message: err.message }]);
    const count = await t.conn.db
      .withTables<{ files: { name: string } }>()
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'ok.pdf')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('does not let maxSize raise the server cap', async () => {
    const res = await upload('buyer', [
      { name: 'maxSize', data: String(FILE_SIZE_LIMIT * 10) },
      file('a.pdf', 'abc'),
    ]);
    expect(res.status).toBe(200);
  });

  it('rejects a disallowed extension with the exact message (case-insensitive match)', async () => {
    const ok = await upload('buyer', [
      { name: 'extensions', data: 'pdf, png' },
      file('SCAN.PNG', 'p', 'image/png'),
    ]);
    expect(ok.status).toBe(200);
    const res = await upload('buyer', [
      file('a.exe', 'x'),
      { ...file('b.exe', 'y'), name: 'files[1]' },
      { name: 'extensions', data: 'pdf, png' },
    ]);
    expect(res.status).toBe(400);
    expect(errorOf(res.body).message).toBe(
      "The file extension 'exe' is not allowed. Allowed extensions: pdf, png.",
    );
  });

  it('needs a token (401); a link carries a download token, never the bearer token', async () => {
    expect((await upload(null, [file('a.pdf', 'x')])).status).toBe(401);
    const { body } = await upload('buyer', [file('link.pdf', 'linked')]);
    const id = body.files[0]!._id;
    expect((await download(id)).status).toBe(401);
    // the bearer token in the query string is refused (it would end up in logs and histories)
    expect((await download(id, { query: `?access_token=${await token('buyer')}` })).status).toBe(401);
    const link = await call<DownloadLink>(t.app, 'POST', `/api/files/${id}/download-token`, {
      token: await token('buyer'),
    });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^/api/files/${id}\\?access_token=`));
    const viaLink = await t.app.inject({ method: 'GET', url: link.body.url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.body).toBe('linked');
    expect((await download(id, { query: '?access_token=wrong' })).status).toBe(401);
    // other routes do not read the query token
    const other = await call(t.app, 'GET', `/api/purchasing/order?access_token=${await token('buyer')}`);
    expect(other.status).toBe(401);
  });

  it("hides another domain's file (404)", async () => {
    const { body } = await upload('buyer', [file('acme.pdf', 'acme')]);
    const id = body.files[0]!._id;
    expect((await download(id, { user: 'buyer', domain: 'globex' })).status).toBe(404);
    expect((await download('no-such-file', { user: 'buyer' })).status).toBe(404);
  });

  it("does not let a supplier read another supplier's file (404)", async () => {
    const { body } = await upload('supplier', [file('alfa.pdf', 'alfa')]);
    const id = body.files[0]!._id;
    expect((await download(id, { user: 'supplier' })).status).toBe(200);
    expect((await download(id, { user: 'supplier2' })).status).toBe(404);
    // an internal user of the domain reads a file without a document
    expect((await download(id, { user: 'buyer' })).status).toBe(200);
    // a file of a buyer without a document is not for suppliers
    const internal = (await upload('buyer', [file('internal.pdf', 'i')])).body.files[0]!._id;
    expect((await download(internal, { user: 'supplier' })).status).toBe(404);
  });

  it("follows the document's scope for attached files", async () => {
    const orders = await call<{ items: Array<{ _id: string }> }>(t.app, 'GET', '/api/purchasing/order?l=1', {
      token: await token('supplier'),
    });
    const orderId = orders.body.items[0]!._id;
    const res = await upload('buyer', [
      file('order.pdf', 'order'),
      { name: 'documentId', data: orderId },
      { name: 'model', data: 'order' },
    ]);
    expect(res.status).toBe(200);
    const id = res.body.files[0]!._id;
    expect((await download(id, { user: 'supplier' })).status).toBe(200);
    expect((await download(id, { user: 'supplier2' })).status).toBe(404);
    // attaching to a document outside the caller's scope is refused
    const foreign = await upload('supplier2', [
      file('x.pdf', 'x'),
      { name: 'documentId', data: orderId },
      { name: 'model', data: 'order' },
    ]);
    expect(foreign.status).toBe(404);
  });
});
