import type { Notification } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (token: string) =>
  (await call<Notification[]>(t.app, 'GET', `/api/communication/notifications?ts=${Date.now()}`, { token }))
    .body;

describe('notifications', () => {
  it("lists the caller's notifications newest first, read and unread", async () => {
    const { token } = await signIn(t.app, 'buyer');
    const items = await list(token);
    expect(items.length).toBe(5);
    const times = items.map((n) => new Date(n.ts).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items.filter((n) => !n.read)).toHaveLength(3);
    expect(items[0]?.text).toContain('<b>REQ-2026-0142</b>');
    expect(items[0]?.link).toBe('/requisition/REQ-2026-0142');
  });

  it('marks read and removes, scoped to the caller', async () => {
    const buyer = await signIn(t.app, 'buyer');
    const other = await signIn(t.app, 'manager-supplier');
    const [first, second] = await list(buyer.token);

    const foreignRead = await call(t.app, 'POST', `/api/communication/notifications/read/${first!._id}`, {
      token: other.token,
    });
    expect(foreignRead.status).toBe(404);
    expect(errorOf(foreignRead.body).message).toBe('Notification not found.');
    const foreignDelete = await call(t.app, 'DELETE', `/api/communication/notifications/${first!._id}`, {
      token: other.token,
    });
    expect(foreignDelete.status).toBe(404);

    const read = await call(t.app, 'POST', `/api/communication/notifications/read/${first!._id}`, {
      token: buyer.token,
    });
    expect(read.status).toBe(200);
    expect((await list(buyer.token)).find((n) => n._id === first!._id)?.read).toBe(true);

    const removed = await call(t.app, 'DELETE', `/api/communication/notifications/${second!._id}`, {
      token: buyer.token,
    });
    expect(removed.status).toBe(200);
    expect((await list(buyer.token)).map((n) => n._id)).not.toContain(second!._id);
    expect(
      (await call(t.app, 'DELETE', `/api/communication/notifications/${second!._id}`, { token: buyer.token }))
        .status,
    ).toBe(404);
  });

  it("removing all leaves other users' notifications alone", async () => {
    const buyer = await signIn(t.app, 'buyer');
    const other = await signIn(t.app, 'manager-supplier');
    const res = await call(t.app, 'DELETE', '/api/communication/notifications/all', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(await list(buyer.token)).toEqual([]);
    expect((await list(other.token)).length).toBe(1);
  });
});
