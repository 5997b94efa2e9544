import type { DocumentResponse, Notification } from '@p2p/domain';
import { NOTIFICATION_EVENT, type NotificationStreamToken } from '@p2p/domain/api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { connectPostgres } from '../src/db/connect.ts';
import { orderFlow } from './order-flow.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';

/**
 * Live notifications: workflow moves notify the right people in the move's transaction, and the
 * per-user event stream delivers them (across two server instances on PostgreSQL).
 */

const url = process.env.DATABASE_URL;
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  // the address lets the app LISTEN on PostgreSQL; PGlite delivers in-process
  t = await createTestApp({ env: { rateLimitMax: 100_000, ...(url ? { databaseUrl: url } : {}) } });
  for (const u of ['buyer', 'manager', 'supplier', 'ihub-operator']) {
    const s = await signIn(t.app, u);
    tokens[u] = s.token;
    ids[u] = s.user._id;
  }
}, 60_000);
afterAll(() => t?.close());

const inbox = async (user: string, app: App = t.app) =>
  (await call<Notification[]>(app, 'GET', '/api/communication/notifications', { token: tokens[user]! })).body;
const about = async (user: string, doc: DocumentResponse) =>
  (await inbox(user)).filter((n) => n.link === `/order/${doc._id}`);

const flow = orderFlow(
  () => t.app,
  (user) => tokens[user]!,
);
const newOrder = () => flow.newOrder('Live notifications order');
const move = flow.move;

describe('workflow moves notify', () => {
  it('the managers on submit-approval and the creator on approve, never the actor', async () => {
    let order = await newOrder();
    order = await move('buyer', order, 'submit-approval', { comment: 'Internal: margin is 40%' });
    const forManager = await about('manager', order);
    expect(forManager).toHaveLength(1);
    expect(forManager[0]!.text).toContain(order.key!);
    expect(forManager[0]!.text).toContain('submitted for approval');
    expect(forManager[0]!.text).not.toContain('margin');
    expect(forManager[0]!.read).toBe(false);
    expect(await about('buyer', order)).toEqual([]);

    order = await move('manager', order, 'approve', { comment: 'Budget line 7' });
    const forBuyer = await about('buyer', order);
    expect(forBuyer.map((n) => n.text)).toEqual([expect.stringContaining('was approved')]);
    expect((await about('manager', order)).map((n) => n.text)).toEqual([
      expect.stringContaining('submitted for approval'),
    ]);
  });

  it("a supplier's negotiate notifies the creator; the buyer confirming its own order notifies nobody", async () => {
    let order = await newOrder();
    order = await move('buyer', order, 'submit-approval');
    order = await move('manager', order, 'approve');
    order = await move('buyer', order, 'workflow');
    order = await erpHand(t.app, t.conn.db, 'order', order);
    const before = (await about('buyer', order)).length;
    order = await move('supplier', order, 'negotiate', { comment: 'A week later?' });
    const after = await about('buyer', order);
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.text).toContain('sent back for negotiation by the supplier');
    expect(await about('supplier', order)).toEqual([]);

    order = await move('buyer', order, 'confirm', { comment: 'Fine' });
    expect(await about('buyer', order)).toHaveLength(before + 1);
  });

  it('a supplier creator hears nothing while the order is in states its suppliers cannot see', async () => {
    let order = await newOrder();
    await t.conn.db
      .updateTable('documents')
      .set({ created_by: ids.supplier! })
      .where('id', '=', order._id)
      .execute();
    order = await move('buyer', order, 'submit-approval');
    order = await move('manager', order, 'approve');
    order = await move('buyer', order, 'workflow');
    expect(await about('supplier', order)).toEqual([]);
    order = await erpHand(t.app, t.conn.db, 'order', order);
    expect(order._state.current).toBe('erp-done');
    const seen = await about('supplier', order);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.text).not.toMatch(/approv/);
  });
});

/** Reads an event stream until `done` holds for its text, or `ms` pass. */
async function readStream(res: Response, done: (text: string) => boolean, ms: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const timer = setTimeout(() => void reader.cancel(), ms);
  try {
    while (!done(text)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return text;
}

const eventsIn = (text: string): Notification[] =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith(`event: ${NOTIFICATION_EVENT}\n`))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as Notification);

/** A second server on the same database: PostgreSQL its own pool on the same schema. */
async function secondInstance(): Promise<{ app: App; close: () => Promise<void> }> {
  if (!url) return { app: t.app, close: async () => {} };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.conn.db);
  const conn = connectPostgres(url, rows[0]!.schema);
  const app = await buildApp({
    db: conn.db,
    dialect: conn.kind,
    env: { logLevel: 'silent', webDist: '/nonexistent-web-dist', databaseUrl: url, rateLimitMax: 100_000 },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await conn.db.destroy();
    },
  };
}

describe('the notification stream', () => {
  it(`delivers an event created on ${url ? 'another instance' : 'this server'} within a second`, async () => {
    const b = await secondInstance();
    try {
      const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const link = (
        await call<NotificationStreamToken>(b.app, 'POST', '/api/notifications/stream-token', {
          token: tokens.manager!,
        })
      ).body;
      expect(link.url).toMatch(/^\/api\/notifications\/stream\?access_token=/);
      const res = await fetch(`${address}${link.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');

      const order = await newOrder();
      const reading = readStream(res, (text) => eventsIn(text).length > 0, 1_000);
      const started = Date.now();
      await move('buyer', order, 'submit-approval');
      const events = eventsIn(await reading);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(events).toHaveLength(1);
      expect(events[0]!.link).toBe(`/order/${order._id}`);
      expect(events[0]!.text).toContain(order.key!);
      expect((await inbox('manager', b.app)).map((n) => n._id)).toContain(events[0]!._id);
    } finally {
      await b.close();
    }
  }, 20_000);

  it('takes the bearer header, refuses a bearer token or a file token in the query', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => null);
    const base = address ?? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const bearer = await fetch(`${base}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${tokens.buyer!}` },
    });
    expect(bearer.status).toBe(200);
    expect(await readStream(bearer, (text) => text.includes(': connected'), 1_000)).toContain(': connected');
    for (const q of [`?access_token=${tokens.buyer!}`, '?access_token=x.y', '']) {
      const res = await fetch(`${base}/api/notifications/stream${q}`);
      expect(res.status, q).toBe(401);
      await res.body?.cancel();
    }
  });
});
