import type { DocumentResponse, Notification } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRepository } from '../src/notifications/notification.repository.ts';
import { orderFlow } from './order-flow.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';

/**
 * Notifications of real events: a workflow move tells the document's owners (creator, requester)
 * and followers (favorites) who may read it in its new state, never the actor; a supplier's
 * confirm or negotiate tells the buyer side. Each reader gets the text in its own language, and
 * every text is sanitised.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const USERS = ['buyer', 'manager', 'requester', 'director', 'exc', 'supplier', 'supplier2', 'ihub-operator'];

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 100_000 } });
  for (const u of USERS) {
    const s = await signIn(t.app, u);
    tokens[u] = s.token;
    ids[u] = s.user._id;
  }
}, 60_000);
afterAll(() => t?.close());

const as = <T = unknown>(user: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  call<T>(t.app, method, url, { token: tokens[user]!, ...(body !== undefined ? { body } : {}) });
const about = async (user: string, doc: DocumentResponse) =>
  (await as<Notification[]>(user, 'GET', '/api/communication/notifications')).body.filter(
    (n) => n.link === `/order/${doc._id}`,
  );
const texts = async (user: string, doc: DocumentResponse) => (await about(user, doc)).map((n) => n.text);
const flow = orderFlow(
  () => t.app,
  (user) => tokens[user]!,
);
const follow = async (user: string, doc: DocumentResponse) => {
  const res = await as<{ favorite: boolean }>(user, 'POST', `/api/purchasing/order/${doc._id}/favorite`);
  expect(res.body).toEqual({ favorite: true });
};
/** An order of the buyer requested by the requester (the requester reads Portuguese). */
async function requestedOrder(description: string) {
  const order = await flow.newOrder(description);
  await sql`update documents set requester_id = ${ids.requester!} where id = ${order._id}::bigint`.execute(
    t.conn.db,
  );
  return order;
}

describe('a workflow move notifies', () => {
  it('the creator, the requester and the followers, each in its language, never the actor', async () => {
    let order = await requestedOrder('Events order');
    await follow('director', order);
    // submitting for approval is the approvals feature's to announce (to the approvers)
    order = await flow.move('buyer', order, 'submit-approval');
    const title = `Order ${order.key}`;
    order = await flow.move('manager', order, 'approve', { comment: 'Internal: budget line 7' });
    expect(order._state.current).toBe('approved');
    expect((await texts('buyer', order))[0]).toBe(`<b>${title}</b> was approved.`);
    expect((await texts('requester', order))[0]).toBe(`<b>Encomenda ${order.key}</b> foi aprovada.`);
    expect((await texts('director', order))[0]).toBe(`<b>${title}</b> was approved.`);
    // the actor hears nothing of its own move, and no comment travels
    expect(await texts('manager', order)).not.toContain(`<b>${title}</b> was approved.`);
    expect(JSON.stringify(await about('director', order))).not.toContain('budget');

    const before = {
      manager: (await about('manager', order)).length,
      buyer: (await about('buyer', order)).length,
    };
    order = await flow.move('buyer', order, 'workflow');
    expect((await texts('director', order))[0]).toBe(
      `<b>${title}</b> moved from Approved to Sent to the ERP.`,
    );
    expect((await texts('requester', order))[0]).toBe(
      `<b>Encomenda ${order.key}</b> passou de Aprovado para Enviado para o ERP.`,
    );
    // neither the actor nor a user who neither owns nor follows the order
    expect((await about('buyer', order)).length).toBe(before.buyer);
    expect((await about('manager', order)).length).toBe(before.manager);
  });

  it('only followers who still read the document', async () => {
    let order = await requestedOrder('Events order followed by exc');
    const porto = await sql<{
      id: string;
    }>`select id from groups where domain_id = 'acme' and key = 'maintenance-porto'`.execute(t.conn.db);
    const lisboa = await sql<{
      group_id: string;
    }>`select group_id from documents where id = ${order._id}::bigint`.execute(t.conn.db);
    await sql`update documents set group_id = ${porto.rows[0]!.id} where id = ${order._id}::bigint`.execute(
      t.conn.db,
    );
    await follow('exc', order);
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'reject', { comment: 'No' });
    expect(await texts('exc', order)).toEqual([`<b>Order ${order.key}</b> was rejected.`]);
    // the order leaves the group exc works in: its favorite no longer tells it anything
    await sql`update documents set group_id = ${lisboa.rows[0]!.group_id} where id = ${order._id}::bigint`.execute(
      t.conn.db,
    );
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'approve');
    expect(await texts('exc', order)).toHaveLength(1);
    expect((await texts('buyer', order))[0]).toBe(`<b>Order ${order.key}</b> was approved.`);
  });

  it("a supplier's confirm tells the buyer side; a supplier follower hears only of states it sees", async () => {
    let order = await requestedOrder('Events order confirmed');
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'approve');
    order = await flow.move('buyer', order, 'workflow');
    order = await erpHand(t.app, t.conn.db, 'order', order);
    await follow('director', order);
    await follow('supplier', order);
    const seen = (await about('supplier', order)).length;
    order = await flow.move('supplier', order, 'confirm');
    const confirmed = `<b>Order ${order.key}</b> was confirmed by the supplier.`;
    expect((await texts('buyer', order))[0]).toBe(confirmed);
    expect((await texts('director', order))[0]).toBe(confirmed);
    expect((await texts('requester', order))[0]).toBe(
      `<b>Encomenda ${order.key}</b> foi confirmada pelo fornecedor.`,
    );
    expect(await about('supplier', order)).toHaveLength(seen);
    expect(await about('supplier2', order)).toEqual([]);

    order = await flow.move('buyer', order, 'close');
    expect((await texts('supplier', order))[0]).toBe(`<b>Order ${order.key}</b> was closed.`);
    const reopened = await as<DocumentResponse>(
      'buyer',
      'POST',
      `/api/purchasing/order/${order._id}/reopen`,
      {
        _version: order._version,
      },
    );
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect((await texts('requester', order))[0]).toBe(`<b>Encomenda ${order.key}</b> foi reaberta.`);
    // updated is not a state its suppliers see
    expect((await texts('supplier', order))[0]).toBe(`<b>Order ${order.key}</b> was closed.`);
  });

  it("a supplier's negotiate tells the creator, the requester and the followers", async () => {
    let order = await requestedOrder('Events order negotiated');
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'approve');
    order = await flow.move('buyer', order, 'workflow');
    order = await erpHand(t.app, t.conn.db, 'order', order);
    await follow('director', order);
    order = await flow.move('supplier', order, 'negotiate', { comment: 'A week later?' });
    const text = `<b>Order ${order.key}</b> was sent back for negotiation by the supplier.`;
    expect((await texts('buyer', order))[0]).toBe(text);
    expect((await texts('director', order))[0]).toBe(text);
    expect((await texts('requester', order))[0]).toBe(
      `<b>Encomenda ${order.key}</b> foi devolvida para negociação pelo fornecedor.`,
    );
  });
});

describe('notification texts', () => {
  it("follow the reader's language when it changes", async () => {
    let order = await requestedOrder('Events order language');
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'approve');
    expect(await texts('requester', order)).toEqual([`<b>Encomenda ${order.key}</b> foi aprovada.`]);
    expect((await as('requester', 'POST', '/api/profile/user/config', { lang: 'en' })).status).toBe(200);
    expect(await texts('requester', order)).toEqual([`<b>Order ${order.key}</b> was approved.`]);
    // the live stream reads it in the user's language too
    const [n] = await about('requester', order);
    expect((await t.app.services.notifications.one('acme', ids.requester!, n!._id))?.text).toBe(
      `<b>Order ${order.key}</b> was approved.`,
    );
    expect((await as('requester', 'POST', '/api/profile/user/config', { lang: 'pt' })).status).toBe(200);
    expect((await t.app.services.notifications.one('acme', ids.requester!, n!._id))?.text).toBe(
      `<b>Encomenda ${order.key}</b> foi aprovada.`,
    );
  });

  it('are sanitised whether keyed or not, stored and served', async () => {
    const repo = notificationRepository(t.conn.db);
    const evil = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await repo.create({
      domainId: 'acme',
      userId: ids.buyer!,
      text: `Stored ${evil}`,
      link: '/chat/x',
      textKey: 'chat.message',
      params: { author: evil, title: { en: `Order ${evil}`, pt: 'Encomenda' } },
    });
    await repo.create({
      domainId: 'acme',
      userId: ids.buyer!,
      text: `Plain ${evil}`,
      link: 'javascript:alert(3)',
    });
    const stored = await sql<{ text: string; link: string | null }>`select text, link from notifications
      where user_id = ${ids.buyer!} and (text like 'Stored%' or text like 'Plain%')`.execute(t.conn.db);
    expect(stored.rows.map((r) => r.text).sort()).toEqual(['Plain ', 'Stored ']);
    expect(stored.rows.map((r) => r.link)).toContain(null);
    const list = (await as<Notification[]>('buyer', 'GET', '/api/communication/notifications')).body;
    const keyed = list.find((n) => n.link === '/chat/x')!;
    expect(keyed.text).toBe(
      '&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt; wrote in the chat about ' +
        '<b>Order &lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;</b>.',
    );
    expect(JSON.stringify(list)).not.toMatch(/<script|<img|javascript:/);
  });

  it('are listed, marked read, counted unread and removed one by one or all at once', async () => {
    let order = await requestedOrder('Events order inbox');
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'approve');
    order = await flow.move('buyer', order, 'workflow');
    const mine = await about('requester', order);
    expect(mine.map((n) => n.read)).toEqual([false, false]);
    const unread = async () =>
      (await as<Notification[]>('requester', 'GET', '/api/communication/notifications')).body.filter(
        (n) => !n.read,
      ).length;
    const before = await unread();
    expect(
      (await as('requester', 'POST', `/api/communication/notifications/read/${mine[0]!._id}`)).status,
    ).toBe(200);
    expect(await unread()).toBe(before - 1);
    expect((await as('requester', 'DELETE', `/api/communication/notifications/${mine[1]!._id}`)).status).toBe(
      200,
    );
    expect((await about('requester', order)).map((n) => n._id)).toEqual([mine[0]!._id]);
    expect((await as('buyer', 'DELETE', `/api/communication/notifications/${mine[0]!._id}`)).status).toBe(
      404,
    );
    expect((await as('requester', 'DELETE', '/api/communication/notifications/all')).status).toBe(200);
    expect(await about('requester', order)).toEqual([]);
    expect((await about('buyer', order)).length).toBeGreaterThan(0);
  });
});
