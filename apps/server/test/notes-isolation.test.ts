import type { DownloadLink, Note, SearchResponse, TimelineResponse, UserNote } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import { multipart, notesWorld } from './notes-flow.ts';

/**
 * The server never sends an Internal note, or its files, to a supplier: on every call that answers
 * notes, files or the timeline (the document's notes, the timeline, the caller's notes, a file and
 * its download link, search), nor another supplier anything of the document.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const w = notesWorld(() => t);
const SECRET = 'Kzqinternal margin is 40 percent';
const SECRET_FILE = 'Kzq internal cost sheet';

let orderId: string;
let internal: Note;
let external: Note;
let buyerName: string;

beforeAll(async () => {
  buyerName = (await signIn(t.app, 'buyer')).user.name;
  const order = await w.sentOrder('Notes isolation order');
  orderId = order._id;
  internal = (
    await w.post(
      'buyer',
      orderId,
      { text: SECRET, to: 'requester' },
      {
        files: [{ name: 'internal-costs.txt', data: SECRET_FILE }],
      },
    )
  ).body;
  external = (
    await w.post(
      'buyer',
      orderId,
      { text: 'Please confirm the delivery date', to: 'supplier' },
      {
        files: [{ name: 'drawing.txt', data: 'external drawing' }],
      },
    )
  ).body;
  expect(internal.files).toHaveLength(1);
  expect(external.files).toHaveLength(1);
});

const leaks = (body: unknown) => {
  const raw = JSON.stringify(body);
  // note ids are small numbers: looked for as ids, not as digits anywhere
  return [
    SECRET,
    'Kzq',
    `"_id":"${internal._id}"`,
    internal.files[0]!._id,
    'internal-costs',
    buyerName,
  ].filter((s) => raw.includes(s));
};

const downloadLink = (user: string, fileId: string) =>
  w.api<DownloadLink>(user, 'POST', `/api/files/${fileId}/download-token`);

describe('a supplier and the notes of its own document', () => {
  it('reads only what is addressed to it, without the internal author, on the notes and the timeline', async () => {
    for (const user of ['supplier', 'supplier-user']) {
      const notes = await w.notes(user, orderId);
      expect(notes.status).toBe(200);
      expect(notes.body).toEqual([{ ...external, user: null }]);
      expect(leaks(notes.body), user).toEqual([]);

      const timeline = await w.api<TimelineResponse>(
        user,
        'GET',
        `/api/communication/messages/order/${orderId}`,
      );
      expect(timeline.status).toBe(200);
      expect(leaks(timeline.body), user).toEqual([]);
      const note = timeline.body.items.find((m) => m._id === external._id);
      expect(note).toMatchObject({ user: null, to: 'supplier', files: external.files, text: external.text });
    }
    // the buying side reads both, with the author
    const inside = await w.notes('manager', orderId);
    expect(inside.body.map((n) => [n._id, n.user?.name])).toEqual([
      [internal._id, buyerName],
      [external._id, buyerName],
    ]);
  });

  it('gets 404 for an Internal note file and its download link; the External file it reads', async () => {
    const secretFile = internal.files[0]!._id;
    for (const user of ['supplier', 'supplier-user']) {
      expect(await w.download(user, secretFile)).toEqual({
        status: 404,
        body: expect.not.stringContaining('Kzq'),
      });
      expect((await downloadLink(user, secretFile)).status).toBe(404);
      expect(await w.download(user, external.files[0]!._id)).toEqual({
        status: 200,
        body: 'external drawing',
      });
      expect((await downloadLink(user, external.files[0]!._id)).status).toBe(200);
    }
    expect((await w.download('buyer', secretFile)).body).toBe(SECRET_FILE);
  });

  it('cannot name an Internal note file, address the buying side only, or delete what is not its own', async () => {
    const before = (await w.notes('manager', orderId)).body.length;
    const linked = await w.post(
      'supplier',
      orderId,
      { text: 'mine now?', to: 'supplier' },
      {
        linkedFiles: [internal.files[0]!._id],
      },
    );
    expect(linked.status).toBe(400);
    expect(leaks(linked.body)).toEqual([]);
    for (const to of ['requester', '_all'] as const) {
      const res = await w.post('supplier', orderId, { text: 'to the buyer only', to });
      expect(res.status, to).toBe(403);
      expect(errorOf(res.body).key).toBe('notes.to-forbidden');
    }
    expect((await w.notes('manager', orderId)).body.length).toBe(before);
    // an Internal note does not exist for it; an External one is not its own
    expect((await w.remove('supplier', internal._id)).status).toBe(404);
    expect((await w.remove('supplier', external._id)).status).toBe(403);
  });

  it("writes External notes with files that the buying side reads with the supplier's name", async () => {
    const res = await w.post(
      'supplier',
      orderId,
      { text: 'Delivery on the 20th' },
      {
        files: [{ name: 'delivery.txt', data: 'delivery plan' }],
      },
    );
    // a missing addressee is refused: the composer always sends one
    expect(res.status).toBe(400);
    const ok = await w.post(
      'supplier',
      orderId,
      { text: 'Delivery on the 20th', to: 'supplier' },
      {
        files: [{ name: 'delivery.txt', data: 'delivery plan' }],
      },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const supplierName = (await signIn(t.app, 'supplier')).user.name;
    expect(ok.body.user?.name).toBe(supplierName);
    const inside = (await w.notes('buyer', orderId)).body.find((n) => n._id === ok.body._id);
    expect(inside?.user?.name).toBe(supplierName);
    expect((await w.download('buyer', ok.body.files[0]!._id)).body).toBe('delivery plan');
    // its colleague reads it too, with the name (its own company's words)
    const colleague = (await w.notes('supplier-user', orderId)).body.find((n) => n._id === ok.body._id);
    expect(colleague?.user?.name).toBe(supplierName);
    expect((await w.remove('supplier', ok.body._id)).status).toBe(200);
  });

  it("lists in its own notes only its own words, and finds no note's text in search", async () => {
    await w.post('supplier', orderId, { text: 'Own supplier words', to: 'supplier' });
    const own = await w.api<UserNote[]>('supplier', 'GET', '/api/profile/user/notes');
    expect(own.status).toBe(200);
    expect(own.body.map((n) => n.text)).toEqual(['Own supplier words']);
    expect(leaks(own.body)).toEqual([]);
    expect((await w.api('supplier', 'GET', `/api/profile/user/notes/${internal.user!._id}`)).status).toBe(
      403,
    );
    // notes are not in the search index, for anybody
    for (const user of ['supplier', 'buyer']) {
      const hits = await w.api<SearchResponse>(user, 'GET', '/api/search?q=Kzqinternal&c=1');
      expect(hits.body.items, user).toEqual([]);
      expect(leaks(hits.body), user).toEqual([]);
    }
  });
});

describe('files the buying side shares or keeps', () => {
  it('an Internal file linked into an External note is shared, until that note goes', async () => {
    const order = await w.sentOrder('Notes sharing order');
    const secret = await w.post(
      'buyer',
      order._id,
      { text: 'internal', to: 'requester' },
      {
        files: [{ name: 'shared-later.txt', data: 'now shared' }],
      },
    );
    const fileId = secret.body.files[0]!._id;
    expect((await w.download('supplier', fileId)).status).toBe(404);
    const share = await w.post(
      'buyer',
      order._id,
      { text: 'for you', to: 'supplier' },
      { linkedFiles: [fileId] },
    );
    expect(await w.download('supplier', fileId)).toEqual({ status: 200, body: 'now shared' });
    expect((await w.remove('buyer', share.body._id)).status).toBe(200);
    expect((await w.download('supplier', fileId)).status).toBe(404);
  });

  it('a file of the document named in an Internal note stays the document file the supplier reads', async () => {
    const order = await w.sentOrder('Notes document file order');
    const { payload, contentType } = multipart([
      { name: 'documentId', data: order._id },
      { name: 'model', data: 'order' },
      { name: 'files[0]', filename: 'terms.txt', type: 'text/plain', data: 'general terms' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${await w.token('buyer')}` },
    });
    const fileId = (upload.json() as { files: Array<{ _id: string }> }).files[0]!._id;
    const res = await w.post(
      'buyer',
      order._id,
      { text: 'see terms', to: 'requester' },
      { linkedFiles: [fileId] },
    );
    expect(res.status).toBe(200);
    expect(await w.download('supplier', fileId)).toEqual({ status: 200, body: 'general terms' });
    expect((await w.notes('supplier', order._id)).body).toEqual([]);
  });
});

describe('another supplier', () => {
  it('reads nothing of the document: notes, timeline, files, links, posting, deleting', async () => {
    expect((await w.notes('supplier2', orderId)).status).toBe(404);
    expect((await w.api('supplier2', 'GET', `/api/communication/messages/order/${orderId}`)).status).toBe(
      404,
    );
    for (const file of [internal.files[0]!._id, external.files[0]!._id]) {
      expect((await w.download('supplier2', file)).status).toBe(404);
      expect((await downloadLink('supplier2', file)).status).toBe(404);
    }
    expect((await w.post('supplier2', orderId, { text: 'hello', to: 'supplier' })).status).toBe(404);
    expect((await w.remove('supplier2', external._id)).status).toBe(404);
    const own = await w.api<UserNote[]>('supplier2', 'GET', '/api/profile/user/notes');
    expect(leaks(own.body)).toEqual([]);
  });
});
