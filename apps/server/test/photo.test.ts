import { readdir } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { PhotoRemoved, PhotoSaved } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The user's photo (seed 001 sections 3, 4.2 and 5): a square PNG, checked before it is kept,
 * replacing the previous one, served to those who may see its user (a supplier sees no staff
 * photo and no other company's).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 100_000 } });
  for (const u of ['buyer', 'requester', 'supplier', 'supplier-user', 'supplier2']) {
    const s = await signIn(t.app, u);
    tokens[u] = s.token;
    ids[u] = s.user._id;
  }
  const g = await signIn(t.app, 'buyer', 'globex');
  tokens['globex-buyer'] = g.token;
  ids['globex-buyer'] = g.user._id;
}, 60_000);
afterAll(() => t?.close());

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A real PNG (8-bit RGB), its pixels one colour; `noise` makes it large (it hardly compresses). */
function png(width: number, height: number, noise = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i++)
    rows[i] = noise ? (i * 2654435761) >>> 24 : i % (width * 3 + 1) === 0 ? 0 : 90;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: noise ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const boundary = '----p2pPhotoTest';
function upload(user: string, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${tokens[user]}`,
    },
  });
}
const photoOf = (viewer: string, userId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/profile/photo/${userId}`,
    headers: { authorization: `Bearer ${tokens[viewer]}` },
  });
const storedFiles = async () =>
  (await readdir(t.app.services.files.storage.root)).filter((f) => !f.startsWith('.'));
const photoRows = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from user_photos`.execute(t.conn.db)).rows[0]!.n;

describe('the photo', () => {
  it('is a square PNG the owner uploads and every staff member of the domain sees', async () => {
    expect((await photoOf('buyer', ids.buyer!)).statusCode).toBe(404);
    const bytes = png(64, 64);
    const res = await upload('buyer', bytes, 'cropped.blob', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<PhotoSaved>();
    expect(saved).toMatchObject({ ok: true, photo: { size: bytes.length, side: 64 } });
    for (const viewer of ['buyer', 'requester']) {
      const got = await photoOf(viewer, ids.buyer!);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('of staff is never served to a supplier, nor to another tenant', async () => {
    expect((await photoOf('supplier', ids.buyer!)).statusCode).toBe(404);
    expect((await photoOf('supplier2', ids.buyer!)).statusCode).toBe(404);
    expect((await photoOf('globex-buyer', ids.buyer!)).statusCode).toBe(404);
    // nor through the file route
    const file = await sql<{
      file_id: string;
    }>`select file_id from user_photos where user_id = ${ids.buyer!}`.execute(t.conn.db);
    const direct = await call(t.app, 'GET', `/api/files/${file.rows[0]!.file_id}`, {
      token: tokens.supplier!,
    });
    expect(direct.status).toBe(404);
  });

  it("of a supplier's user is seen by its colleagues and by staff, not by another supplier", async () => {
    const bytes = png(32, 32);
    expect((await upload('supplier', bytes)).statusCode).toBe(200);
    expect((await photoOf('supplier-user', ids.supplier!)).statusCode).toBe(200);
    expect((await photoOf('buyer', ids.supplier!)).statusCode).toBe(200);
    expect((await photoOf('supplier2', ids.supplier!)).statusCode).toBe(404);
    expect((await photoOf('globex-buyer', ids.supplier!)).statusCode).toBe(404);
  });

  it('is refused unless a square PNG of an accepted size, and nothing is kept', async () => {
    const before = { files: (await storedFiles()).length, rows: await photoRows() };
    const refused = async (bytes: Buffer, message: string) => {
      const res = await upload('requester', bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.json()).data.errors).toEqual([{ field: 'files', message }]);
    };
    await refused(png(64, 48), 'The photo must be square.');
    await refused(png(8, 8), 'The photo must be between 16 and 2048 pixels wide.');
    await refused(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(40).fill(0)]),
      'The photo must be a PNG image.',
    );
    await refused(png(900, 900, true), 'The photo may not exceed 2000000 bytes.');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${boundary}--\r\n`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.requester}`,
      },
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none.json()).message).toBe('No photo was sent (multipart field files[0]).');
    expect({ files: (await storedFiles()).length, rows: await photoRows() }).toEqual(before);
    expect((await photoOf('requester', ids.requester!)).statusCode).toBe(404);
  });

  it('replaces the previous photo, whose file is deleted, and can be removed', async () => {
    const first = (await upload('requester', png(48, 48))).json<PhotoSaved>();
    const second = (await upload('requester', png(96, 96))).json<PhotoSaved>();
    expect(second.photo.side).toBe(96);
    const files = await storedFiles();
    expect(files).toContain(second.photo._id);
    expect(files).not.toContain(first.photo._id);
    const rows = await sql<{ id: string }>`select id from files where id = ${first.photo._id}`.execute(
      t.conn.db,
    );
    expect(rows.rows).toEqual([]);

    const removed = await call<PhotoRemoved>(t.app, 'DELETE', '/api/profile/photo', {
      token: tokens.requester!,
    });
    expect(removed.body).toEqual({ ok: true, removed: true });
    expect(await storedFiles()).not.toContain(second.photo._id);
    expect((await photoOf('buyer', ids.requester!)).statusCode).toBe(404);
    const again = await call<PhotoRemoved>(t.app, 'DELETE', '/api/profile/photo', {
      token: tokens.requester!,
    });
    expect(again.body).toEqual({ ok: true, removed: false });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/profile/photo/${ids.buyer}` })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'DELETE', '/api/profile/photo')).status).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/photo', payload: {} })).statusCode).toBe(
      401,
    );
  });
});
