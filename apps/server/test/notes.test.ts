import { NOTE_ATTACHMENT_RULES, NOTE_MESSAGES, type TimelineResponse, type UserNote } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import { notesWorld } from './notes-flow.ts';

/**
 * Notes on documents, the message box (seed 001 sections 2.3, 3, 5, 6 and 7): posting with new and
 * linked files, the timeline, deletion rules, notifications of the addressed side, the caller's
 * own notes. Supplier isolation is notes-isolation.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const w = notesWorld(() => t);
const names: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  for (const u of ['buyer', 'manager', 'director', 'supplier', 'admin']) {
    const s = await signIn(t.app, u);
    names[u] = s.user.name;
    ids[u] = s.user._id;
  }
});

describe('posting a note', () => {
  it('keeps the text as written, the addressee, the line and the files, and shows it on the timeline', async () => {
    const order = await w.newOrder('Notes posting order');
    const text = 'First line\n  second line, indented\n\nthird after a blank line';
    const res = await w.post(
      'buyer',
      order._id,
      { text, to: 'requester', line: { _id: '10/0', label: 'ignored by the server' }, assignees: [] },
      { files: [{ name: 'quote.pdf', data: 'pdf bytes', type: 'application/pdf' }] },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      user: { _id: ids.buyer, name: names.buyer },
      to: 'requester',
      text,
      line: { _id: '10/0', label: 'Item 10' },
      rejected: false,
      readonly: false,
    });
    expect(res.body.files).toEqual([
      { _id: expect.any(String), name: 'quote.pdf', contentType: 'application/pdf', size: 9 },
    ]);
    expect(res.body.ts).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // the file is stored through the files feature and readable by the note's readers
    const file = await w.download('manager', res.body.files[0]!._id);
    expect(file).toEqual({ status: 200, body: 'pdf bytes' });

    const list = await w.notes('manager', order._id);
    expect(list.body).toEqual([res.body]);
    const timeline = await w.api<TimelineResponse>(
      'manager',
      'GET',
      `/api/communication/messages/order/${order._id}`,
    );
    const entry = timeline.body.items.find((m) => m._id === res.body._id);
    expect(entry).toMatchObject({
      text,
      to: 'requester',
      line: { _id: '10/0', label: 'Item 10' },
      files: res.body.files,
      count: 1,
      state: 'created',
    });
  });

  it('never merges notes on the timeline, and a note of files only has an empty text', async () => {
    const order = await w.newOrder('Notes merge order');
    const a = await w.post('buyer', order._id, { text: 'one', to: 'requester' });
    const b = await w.post(
      'buyer',
      order._id,
      { to: 'requester' },
      { files: [{ name: 'b.txt', data: 'b' }] },
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.text).toBe('');
    expect(b.body.line).toBeNull();
    const timeline = await w.api<TimelineResponse>(
      'buyer',
      'GET',
      `/api/communication/messages/order/${order._id}`,
    );
    expect(timeline.body.items.filter((m) => m.to).map((m) => [m._id, m.count])).toEqual([
      [a.body._id, 1],
      [b.body._id, 1],
    ]);
  });

  it('links stored files of the document, and no other file', async () => {
    const order = await w.newOrder('Notes linked files order');
    const first = await w.post(
      'buyer',
      order._id,
      { text: 'with a file', to: 'requester' },
      {
        files: [{ name: 'spec.txt', data: 'spec' }],
      },
    );
    const fileId = first.body.files[0]!._id;
    const linked = await w.post(
      'manager',
      order._id,
      { text: 'see the spec', to: 'requester' },
      { linkedFiles: [fileId] },
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.files.map((f) => f._id)).toEqual([fileId]);

    const other = await w.newOrder('Notes other order');
    const before = (await w.notes('buyer', other._id)).body.length;
    for (const bad of [[fileId], ['no-such-file'], '{"not":"an array"}', 'not json']) {
      const res = await w.post(
        'buyer',
        other._id,
        { text: 'foreign file', to: 'requester' },
        { linkedFiles: bad },
      );
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res.body).data.errors[0]!.field).toBe('linkedFiles');
    }
    expect((await w.notes('buyer', other._id)).body.length).toBe(before);
  });

  it('refuses bad input and keeps nothing: no text nor file, a bad line, a bad log, a refused file', async () => {
    const order = await w.newOrder('Notes refusals order');
    const empty = await w.post('buyer', order._id, { text: '  \n ', to: 'requester' });
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body).message).toBe(NOTE_MESSAGES.empty);
    expect(
      (await w.post('buyer', order._id, { text: 'x', to: 'requester', line: { _id: '99/0' } })).status,
    ).toBe(400);
    expect((await w.post('buyer', order._id, { text: 'x', to: 'everyone' as never })).status).toBe(400);
    expect((await w.post('buyer', order._id, '{"text": "x"')).status).toBe(400);
    expect((await w.post('buyer', order._id, { text: 'nul \u0000 inside', to: 'requester' })).status).toBe(
      400,
    );

    const refused = await w.post(
      'buyer',
      order._id,
      { text: 'with a program', to: 'requester' },
      {
        files: [
          { name: 'ok.txt', data: 'fine' },
          { name: 'tool.exe', data: 'MZ' },
          { name: 'other.exe', data: 'MZ' },
        ],
      },
    );
    expect(refused.status).toBe(400);
    // one message per distinct violation, the seed's text
    expect(errorOf(refused.body).data.errors.map((e) => e.message)).toEqual([
      `The file extension 'exe' is not allowed. Allowed extensions: ${NOTE_ATTACHMENT_RULES.extensions}.`,
    ]);
    expect((await w.notes('buyer', order._id)).body).toEqual([]);

    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/communication/messages/order/${order._id}`,
      payload: { log: '{}' },
      headers: { authorization: `Bearer ${await w.token('buyer')}` },
    });
    expect(plain.statusCode).toBe(400);
  });
});

describe('deleting a note', () => {
  it('by its author or admin level; another user 403; a read-only note never (409)', async () => {
    let order = await w.newOrder('Notes delete order');
    const mine = await w.post(
      'buyer',
      order._id,
      { text: 'mine', to: 'requester' },
      { files: [{ name: 'm.txt', data: 'm' }] },
    );
    const second = await w.post('buyer', order._id, { text: 'second', to: 'requester' });
    const other = await w.remove('director', mine.body._id);
    expect(other.status).toBe(403);
    expect(errorOf(other.body).key).toBe('notes.delete-forbidden');

    expect(await w.remove('buyer', mine.body._id)).toMatchObject({ status: 200, body: { ok: true } });
    // its file went with it
    expect((await w.download('buyer', mine.body.files[0]!._id)).status).toBe(404);
    expect((await w.remove('buyer', mine.body._id)).status).toBe(404);
    expect((await w.remove('manager', second.body._id)).status).toBe(200);

    // a rejection's comment is a read-only note, flagged rejected, with its author
    order = await w.move('buyer', order, 'submit-approval', { comment: 'Please approve' });
    order = await w.move('manager', order, 'reject', { comment: 'Price too high' });
    const notes = (await w.notes('buyer', order._id)).body;
    const rejection = notes.find((n) => n.text === 'Price too high')!;
    expect(rejection).toMatchObject({
      readonly: true,
      rejected: true,
      user: { name: names.manager },
      to: 'requester',
    });
    expect(notes.find((n) => n.text === 'Please approve')).toMatchObject({ readonly: true, rejected: false });
    for (const user of ['manager', 'admin']) {
      const res = await w.remove(user, rejection._id);
      expect(res.status, user).toBe(409);
      expect(errorOf(res.body).key).toBe('notes.readonly');
    }
    expect((await w.remove('buyer', '999999999')).status).toBe(404);
  });

  it('a file linked by another note passes to that note instead of going', async () => {
    const order = await w.newOrder('Notes heir order');
    const origin = await w.post(
      'buyer',
      order._id,
      { text: 'origin', to: 'requester' },
      { files: [{ name: 'h.txt', data: 'heir' }] },
    );
    const fileId = origin.body.files[0]!._id;
    const heir = await w.post(
      'buyer',
      order._id,
      { text: 'heir', to: 'requester' },
      { linkedFiles: [fileId] },
    );
    expect((await w.remove('buyer', origin.body._id)).status).toBe(200);
    expect(await w.download('buyer', fileId)).toEqual({ status: 200, body: 'heir' });
    expect((await w.notes('buyer', order._id)).body).toEqual([heir.body]);
  });
});

describe('notifications of a note', () => {
  it('reach the people of the addressed side who work on the document, naming only the document', async () => {
    const order = await w.sentOrder('Notes notify order');
    const count = async (user: string) =>
      (await w.notifications(user)).filter(
        (n) => n.link === `/order/${order._id}` && n.icon === 'pi pi-comment',
      );
    const before = { buyer: (await count('buyer')).length, supplier: (await count('supplier')).length };

    await w.post('manager', order._id, { text: 'Zqxinternal budget remark', to: 'requester' });
    expect((await count('buyer')).length).toBe(before.buyer + 1); // the creator
    expect((await count('supplier')).length).toBe(before.supplier);

    await w.post('buyer', order._id, { text: 'Zqxexternal delivery remark', to: 'supplier' });
    const supplierNews = await count('supplier');
    expect(supplierNews.length).toBe(before.supplier + 1);
    expect((await count('supplier-user')).length).toBeGreaterThan(0);
    expect((await count('buyer')).length).toBe(before.buyer + 1); // never the author
    for (const n of [...supplierNews, ...(await count('buyer'))]) {
      expect(n.text).toContain('new note');
      expect(n.text).toContain(order.key!);
      expect(n.text).not.toContain('Zqx');
    }

    // a supplier's note is its word to the buying side
    await w.post('supplier', order._id, { text: 'Zqxsupplier answer', to: 'supplier' });
    expect((await count('buyer')).length).toBe(before.buyer + 2);

    // assignees narrow the announcement; naming an outsider is refused
    const narrowed = await w.post('manager', order._id, {
      text: 'only you',
      to: '_all',
      assignees: [ids.supplier!],
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect((await count('buyer')).length).toBe(before.buyer + 2);
    expect((await count('supplier')).length).toBe(before.supplier + 2);
    const outsider = await w.post('manager', order._id, {
      text: 'x',
      to: 'requester',
      assignees: [ids.supplier!],
    });
    expect(outsider.status).toBe(400);
  });
});

describe("the caller's own notes", () => {
  it('lists them newest first with their document; another user only for admin level', async () => {
    const order = await w.newOrder('Notes profile order');
    await w.post('director', order._id, { text: 'director first', to: 'requester' });
    await w.post('director', order._id, { text: 'director second', to: '_all' });
    const own = await w.api<UserNote[]>('director', 'GET', '/api/profile/user/notes');
    expect(own.status).toBe(200);
    expect(own.body.slice(0, 2).map((n) => [n.text, n.document])).toEqual([
      ['director second', { _id: order._id, model: 'order', key: order.key }],
      ['director first', { _id: order._id, model: 'order', key: order.key }],
    ]);
    expect((await w.api('director', 'GET', `/api/profile/user/notes/${ids.director}`)).body).toEqual(
      own.body,
    );
    expect((await w.api('director', 'GET', `/api/profile/user/notes/${ids.buyer}`)).status).toBe(403);
    const byAdmin = await w.api<UserNote[]>('admin', 'GET', `/api/profile/user/notes/${ids.director}`);
    expect(byAdmin.body.map((n) => n._id)).toEqual(own.body.map((n) => n._id));
    expect((await w.api('admin', 'GET', '/api/profile/user/notes/no-such-user')).status).toBe(404);
  });
});
