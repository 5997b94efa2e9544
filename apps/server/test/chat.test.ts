import type { ChatDetail, ChatMessage, ChatSummary, ChatWidgetSettings, Notification } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlow } from './order-flow.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Internal chats about a document (seed 000 sections 2, 3 and 6): created about a document the
 * creator reads with internal users who read it too; listed, read and written by the participants
 * only, and only while they read the document; never edited or deleted; suppliers have none. The
 * external widget's settings are per domain, saved by administrators.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const USERS = [
  'buyer',
  'manager',
  'requester',
  'director',
  'exc',
  'supplier',
  'ihub-operator',
  'admin',
] as const;

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 100_000 } });
  for (const u of USERS) {
    const s = await signIn(t.app, u);
    tokens[u] = s.token;
    ids[u] = s.user._id;
  }
  const g = await signIn(t.app, 'buyer', 'globex');
  tokens['globex-buyer'] = g.token;
  ids['globex-buyer'] = g.user._id;
}, 60_000);
afterAll(() => t?.close());

const as = <T = unknown>(
  user: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => call<T>(t.app, method, url, { token: tokens[user]!, ...(body !== undefined ? { body } : {}) });
const flow = orderFlow(
  () => t.app,
  (user) => tokens[user]!,
);
const inbox = async (user: string) =>
  (await as<Notification[]>(user, 'GET', '/api/communication/notifications')).body;

async function newChat(
  by: string,
  documentId: string,
  participants: string[],
  text = 'Can we speed this up?',
) {
  const res = await as<ChatDetail>(by, 'POST', '/api/chat', {
    model: 'order',
    documentId,
    participants,
    text,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('a chat about a document', () => {
  it('is created, notified, listed with its unread count, read and answered', async () => {
    const order = await flow.newOrder('Chat order');
    const chat = await newChat('buyer', order._id, [ids.manager!, ids.requester!]);
    expect(chat.subject).toBe(`Order ${order.key}`);
    expect(chat.document).toEqual({
      model: 'order',
      _id: order._id,
      key: order.key,
      title: `Order ${order.key}`,
      url: `/order/${order._id}`,
    });
    expect(chat.participants.map((p) => p.name).sort()).toEqual([
      'Beatriz Barros',
      'Miguel Moreira',
      'Rui Ribeiro',
    ]);
    expect(chat.messages.map((m) => [m.user.name, m.text])).toEqual([
      ['Beatriz Barros', 'Can we speed this up?'],
    ]);

    // each participant hears of it in its own language; the creator does not
    const forManager = (await inbox('manager')).filter((n) => n.link === `/chat/${chat._id}`);
    expect(forManager.map((n) => n.text)).toEqual([
      `Beatriz Barros started a chat about <b>Order ${order.key}</b>: Order ${order.key}`,
    ]);
    const forRequester = (await inbox('requester')).filter((n) => n.link === `/chat/${chat._id}`);
    expect(forRequester.map((n) => n.text)).toEqual([
      `Beatriz Barros iniciou uma conversa sobre <b>Encomenda ${order.key}</b>: Order ${order.key}`,
    ]);
    expect((await inbox('buyer')).filter((n) => n.link === `/chat/${chat._id}`)).toEqual([]);

    const listed = async (user: string) =>
      (await as<ChatSummary[]>(user, 'GET', '/api/chat')).body.find((c) => c._id === chat._id);
    expect((await listed('manager'))?.unread).toBe(1);
    expect((await listed('buyer'))?.unread).toBe(0);
    const read = await as<ChatDetail>('manager', 'GET', `/api/chat/${chat._id}`);
    expect(read.status).toBe(200);
    expect(read.body.messages).toHaveLength(1);
    expect((await listed('manager'))?.unread).toBe(0);
    // the requester reads the document title in Portuguese
    expect((await listed('requester'))?.document.title).toBe(`Encomenda ${order.key}`);

    const reply = await as<ChatMessage>('manager', 'POST', `/api/chat/${chat._id}/messages`, {
      text: '  Yes, today.  ',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      user: { _id: ids.manager, name: 'Miguel Moreira' },
      text: 'Yes, today.',
    });
    expect((await listed('buyer'))?.unread).toBe(1);
    expect((await listed('buyer'))?.lastMessage?.text).toBe('Yes, today.');
    expect((await listed('manager'))?.unread).toBe(0);
    const buyerNews = (await inbox('buyer')).filter((n) => n.link === `/chat/${chat._id}`);
    expect(buyerNews.map((n) => n.text)).toEqual([
      `Miguel Moreira wrote in the chat about <b>Order ${order.key}</b>.`,
    ]);
    const thread = await as<ChatDetail>('buyer', 'GET', `/api/chat/${chat._id}`);
    expect(thread.body.messages.map((m) => m.text)).toEqual(['Can we speed this up?', 'Yes, today.']);
  });

  it('is read only by its participants, and only while they read the document', async () => {
    const order = await flow.newOrder('Chat order for two');
    const chat = await newChat('buyer', order._id, [ids.requester!], 'Please check the quantities');
    for (const outsider of ['director', 'admin', 'globex-buyer']) {
      expect((await as(outsider, 'GET', `/api/chat/${chat._id}`)).status, outsider).toBe(404);
      expect((await as(outsider, 'POST', `/api/chat/${chat._id}/messages`, { text: 'x' })).status).toBe(404);
      const list = await as<ChatSummary[]>(outsider, 'GET', '/api/chat');
      expect(list.body.map((c) => c._id)).not.toContain(chat._id);
    }
    expect((await as('requester', 'GET', `/api/chat/${chat._id}`)).status).toBe(200);
    // the order leaves the requester's scope: another group, another requester
    const spain = await sql<{
      id: string;
    }>`select id from groups where domain_id = 'acme' and key = 'acme-spain'`.execute(t.conn.db);
    await sql`update documents set group_id = ${spain.rows[0]!.id}, requester_id = ${ids.buyer!}
      where id = ${order._id}::bigint`.execute(t.conn.db);
    expect((await as('requester', 'GET', `/api/chat/${chat._id}`)).status).toBe(404);
    expect((await as<ChatSummary[]>('requester', 'GET', '/api/chat')).body.map((c) => c._id)).not.toContain(
      chat._id,
    );
    // nor does a message notify it any more
    const before = (await inbox('requester')).length;
    expect(
      (await as('buyer', 'POST', `/api/chat/${chat._id}/messages`, { text: 'Still there?' })).status,
    ).toBe(200);
    expect((await inbox('requester')).length).toBe(before);
  });

  it('is refused for documents outside the scope and for participants who may not take part', async () => {
    const order = await flow.newOrder('Chat order refusals');
    const refused = async (body: Record<string, unknown>, status: number, who = 'buyer') => {
      const res = await as(who, 'POST', '/api/chat', {
        model: 'order',
        documentId: order._id,
        participants: [ids.manager],
        text: 'Hello',
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return errorOf(res.body);
    };
    expect((await refused({ participants: [ids.supplier] }, 400)).data.errors).toEqual([
      { field: 'participants', message: 'Carlos Costa cannot take part in chats.' },
    ]);
    expect((await refused({ participants: [ids['ihub-operator']] }, 400)).message).toBe(
      'Hugo Henriques cannot take part in chats.',
    );
    expect((await refused({ participants: [ids.exc] }, 400)).message).toBe(
      'Eduardo Esteves cannot see this document.',
    );
    expect((await refused({ participants: [ids['globex-buyer']] }, 400)).message).toBe('Unknown user.');
    expect((await refused({ participants: ['no-such-user'] }, 400)).message).toBe('Unknown user.');
    expect((await refused({ participants: [ids.buyer] }, 400)).message).toBe(
      'Choose at least one participant.',
    );
    expect((await refused({ text: '   ' }, 400)).data.errors).toEqual([
      { field: 'text', message: 'A message is required.' },
    ]);
    await refused({ participants: [] }, 400);
    await refused({ documentId: '999999999' }, 404);
    await refused({ model: 'no-such-model' }, 404);
    // the globex order is another tenant's
    await refused({}, 404, 'globex-buyer');
    expect((await refused({}, 403, 'supplier')).message).toBe('Suppliers have no chat.');
    // nothing was written by any refusal
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from chats where document_id = ${order._id}::bigint`.execute(t.conn.db);
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('has no edit, no delete and no create-multiple', async () => {
    const order = await flow.newOrder('Chat order no edit');
    const chat = await newChat('buyer', order._id, [ids.manager!]);
    expect((await as('buyer', 'PUT', `/api/chat/${chat._id}`, { subject: 'x' })).status).toBe(404);
    expect((await as('buyer', 'DELETE', `/api/chat/${chat._id}`)).status).toBe(404);
    const many = await as('buyer', 'POST', '/api/chat', [
      { model: 'order', documentId: order._id, participants: [ids.manager], text: 'a' },
    ]);
    expect(many.status).toBe(400);
  });

  it('a supplier has no chat: an empty list, and no chat opens', async () => {
    const order = await flow.newOrder('Chat order supplier');
    const chat = await newChat('buyer', order._id, [ids.manager!]);
    expect((await as<ChatSummary[]>('supplier', 'GET', '/api/chat')).body).toEqual([]);
    expect((await as('supplier', 'GET', `/api/chat/${chat._id}`)).status).toBe(404);
    expect((await as('supplier', 'POST', `/api/chat/${chat._id}/messages`, { text: 'x' })).status).toBe(404);
  });
});

describe('the chat widget settings', () => {
  it('are per domain, saved by administrators, validated, audited with the token redacted', async () => {
    expect((await as<ChatWidgetSettings>('buyer', 'GET', '/api/chat/widget')).body).toEqual({
      enabled: false,
    });
    expect((await as('buyer', 'PUT', '/api/chat/widget', { enabled: false })).status).toBe(403);
    const invalid = await as('admin', 'PUT', '/api/chat/widget', {
      enabled: true,
      host: 'javascript:alert(1)',
    });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid.body).data.errors.map((e) => e.field)).toEqual(['token', 'host', 'widget']);

    const settings = {
      enabled: true,
      token: 'site-token-123',
      host: 'https://wchat.example.com',
      widget: ' https://wchat.example.com/js/widget.js ',
    };
    const saved = await as<ChatWidgetSettings>('admin', 'PUT', '/api/chat/widget', settings);
    expect(saved.status).toBe(200);
    expect(saved.body.widget).toBe('https://wchat.example.com/js/widget.js');
    expect((await as<ChatWidgetSettings>('buyer', 'GET', '/api/chat/widget')).body).toEqual(saved.body);
    // suppliers have no chat; another tenant keeps its own settings
    expect((await as<ChatWidgetSettings>('supplier', 'GET', '/api/chat/widget')).body).toEqual({
      enabled: false,
    });
    expect((await as<ChatWidgetSettings>('globex-buyer', 'GET', '/api/chat/widget')).body).toEqual({
      enabled: false,
    });

    const trail = await sql<{ after: Record<string, unknown> }>`select after from audit_events
      where entity = 'settings' and entity_id = 'chat' order by id desc limit 1`.execute(t.conn.db);
    expect(trail.rows[0]!.after.token).toBe('[redacted]');
    expect(JSON.stringify(trail.rows)).not.toContain('site-token-123');
  });
});
