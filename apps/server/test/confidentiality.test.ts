import type { DocumentList, DocumentResponse, EditInfo, SearchResponse, TimelineResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFlow } from './order-flow.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';

/**
 * What suppliers and restricted roles must never learn from documents: orders before they are sent,
 * internal comments and staff names, fields hidden by role (through search too), and who chose a
 * document's number.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (u: string) => (tokens[u] ??= (await signIn(t.app, u)).token);
const names: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer', 'manager', 'ihub-operator']) names[u] = (await signIn(t.app, u)).user.name;
});
afterAll(() => t.close());

const api = async <T = DocumentResponse>(user: string, method: string, url: string, body?: unknown) =>
  call<T>(t.app, method as 'GET', url, { token: await token(user), ...(body !== undefined ? { body } : {}) });

const SENT = ['erp-done', 'negotiation', 'completed', 'closed', 'archived'];

async function alfaId(): Promise<string> {
  const orders = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=200')).body.items;
  return (orders.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier as { _id: string })._id;
}

const { newOrder, move } = orderFlow(() => t.app, token);

describe('suppliers see an order from the state in which it is sent to them', () => {
  it('never a draft, an approval or a rejection: lists, reads, search and a fresh duplicate', async () => {
    const all = (await api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200')).body.items;
    for (const user of ['supplier', 'supplier-user', 'supplier2']) {
      const own = (await api<DocumentList>(user, 'GET', '/api/purchasing/order?l=200&c=1')).body;
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((o) => SENT.includes(o._state.current))).toBe(true);
    }
    const alfaDrafts = all.filter(
      (o) => o.supplier?.name === 'Alfa Components Lda' && !SENT.includes(o._state.current),
    );
    expect(alfaDrafts.map((o) => o._state.current)).toEqual(
      expect.arrayContaining(['created', 'approval', 'rejected']),
    );
    for (const d of alfaDrafts) {
      expect((await api('supplier', 'GET', `/api/purchasing/order/${d._id}`)).status).toBe(404);
      expect((await api('supplier', 'GET', `/api/communication/messages/order/${d._id}`)).status).toBe(404);
    }
    // a Beta order duplicated by the buyer: the copy is a draft Beta does not see
    const betaOrder = all.find((o) => o.supplier?.name === 'Beta Logistics SA' && o.doc.subtype === 'P002');
    expect(betaOrder).toBeDefined();
    const copy = await api('buyer', 'POST', `/api/purchasing/order/${betaOrder!._id}/duplicate`);
    expect(copy.status).toBe(200);
    expect((await api('supplier2', 'GET', `/api/purchasing/order/${copy.body._id}`)).status).toBe(404);
    const betaList = (await api<DocumentList>('supplier2', 'GET', '/api/purchasing/order?l=200')).body.items;
    expect(betaList.map((o) => o._id)).not.toContain(copy.body._id);
    const hits = (await api<SearchResponse>('supplier2', 'GET', `/api/search?q=${copy.body.key}`)).body.items;
    expect(hits).toEqual([]);
  });
});

describe('the timeline has an audience', () => {
  it('a supplier reads no internal comment, approval or staff name; what is addressed to it, it reads', async () => {
    let order = await newOrder('Confidential margins order');
    order = await move('buyer', order, 'submit-approval', { comment: 'Margin is 40%, keep it quiet' });
    order = await move('manager', order, 'approve', { comment: 'Approved, internal budget line 7' });
    order = await move('buyer', order, 'workflow');
    order = await erpHand(t.app, t.conn.db, 'order', order);
    expect(order._state.current).toBe('erp-done');
    order = await move('supplier', order, 'negotiate', { comment: 'Can we deliver a week later?' });
    order = await move('buyer', order, 'confirm', {
      comment: 'Yes, a week later is fine.',
      audience: 'supplier',
    });

    const internal = await api<TimelineResponse>(
      'buyer',
      'GET',
      `/api/communication/messages/order/${order._id}`,
    );
    const texts = internal.body.items.map((m) => m.text);
    expect(texts).toEqual(
      expect.arrayContaining(['Margin is 40%, keep it quiet', 'Approved, internal budget line 7']),
    );

    const outside = await api<TimelineResponse>(
      'supplier',
      'GET',
      `/api/communication/messages/order/${order._id}`,
    );
    expect(outside.status).toBe(200);
    const raw = JSON.stringify(outside.body.items);
    for (const secret of [
      'Margin is 40%',
      'internal budget',
      names.buyer,
      names.manager,
      names['ihub-operator'],
    ])
      expect(raw).not.toContain(secret);
    const seen = outside.body.items.map((m) => ({
      to: m.tracking?.to,
      text: m.text,
      user: m.user?.name ?? null,
    }));
    expect(seen).toEqual([
      { to: 'erp-done', text: null, user: null },
      { to: 'negotiation', text: 'Can we deliver a week later?', user: expect.any(String) },
      { to: 'completed', text: 'Yes, a week later is fine.', user: null },
    ]);
    // the buyer sees the supplier's words with its name
    const negotiation = internal.body.items.find((m) => m.tracking?.to === 'negotiation')!;
    expect(negotiation.user?.name).toBe(seen[1]!.user);
  });

  it('refuses an audience that is not one of internal or supplier', async () => {
    const order = await newOrder('Audience check');
    const res = await api('buyer', 'POST', `/api/purchasing/order/${order._id}/workflow`, {
      action: 'submit-approval',
      audience: 'everyone',
    });
    expect(res.status).toBe(400);
  });
});

describe('edit-check names no internal editor to a supplier', () => {
  it('tells the supplier that someone edits, not who', async () => {
    const all = (await api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200')).body.items;
    const sent = all.find(
      (o) => o.supplier?.name === 'Alfa Components Lda' && o._state.current === 'erp-done',
    )!;
    expect((await api('buyer', 'GET', `/api/purchasing/order/${sent._id}/edit-start`)).status).toBe(200);
    const outside = await api<EditInfo>('supplier', 'GET', `/api/purchasing/order/${sent._id}/edit-check`);
    expect(outside.status).toBe(200);
    expect(outside.body.editing).toMatchObject({ user: null });
    expect(JSON.stringify(outside.body)).not.toContain('buyer');
    const inside = await api<EditInfo>('manager', 'GET', `/api/purchasing/order/${sent._id}/edit-check`);
    expect(inside.body.editing?.user?.username).toBe('buyer');
  });
});

describe('fields hidden from a role are hidden from search too', () => {
  it('the supplier IBAN is neither matched, nor a list prefix oracle, nor in a snippet', async () => {
    const records = (await api<DocumentList>('manager-supplier', 'GET', '/api/purchasing/supplier?l=50')).body
      .items;
    const record = records.find((r) => r._state.current === 'approved') ?? records[0]!;
    const full = await api('manager-supplier', 'GET', `/api/purchasing/supplier/${record._id}`);
    const iban = 'PT50000201231234567890154';
    const saved = await api('manager-supplier', 'PUT', `/api/purchasing/supplier/${record._id}`, {
      ...full.body,
      iban,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.iban).toBe(iban);
    const name = String(saved.body.name ?? saved.body.description ?? '').split(' ')[0]!;
    for (const user of ['buyer', 'auditor', 'director', 'manager-purchasing']) {
      expect((await api('buyer', 'GET', `/api/purchasing/supplier/${record._id}`)).body.iban).toBeUndefined();
      const byIban = await api<SearchResponse>(user, 'GET', `/api/search?q=${iban}`);
      expect(byIban.body.items, user).toEqual([]);
      const prefix = await api<DocumentList>(user, 'GET', `/api/purchasing/supplier?q=PT5000020&c=1`);
      expect(prefix.body.options.count, user).toBe(0);
      const byName = await api<SearchResponse>(user, 'GET', `/api/search?q=${encodeURIComponent(name)}`);
      expect(JSON.stringify(byName.body)).not.toContain('PT5000');
    }
  });

  it('order notes for the supplier are out of the index for everyone (one index serves every role)', async () => {
    const order = await newOrder('Notes check');
    const saved = await api('buyer', 'PUT', `/api/purchasing/order/${order._id}`, {
      ...order,
      supplierNotes: 'Zanzibarquartz discount agreed by phone',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const user of ['auditor', 'director', 'buyer']) {
      expect(
        (await api<SearchResponse>(user, 'GET', '/api/search?q=Zanzibarquartz')).body.items,
        user,
      ).toEqual([]);
      const list = await api<DocumentList>(user, 'GET', '/api/purchasing/order?q=Zanzibar&c=1');
      expect(list.body.options.count, user).toBe(0);
    }
    // the document's own text still matches
    const own = await api<SearchResponse>('auditor', 'GET', '/api/search?q=Notes%20check');
    expect(own.body.items.map((h) => h._id)).toContain(order._id);
  });
});

describe("document numbers are the server's", () => {
  it('refuses a number chosen by the client and numbers every new document uniquely', async () => {
    const refused = await api('buyer', 'POST', '/api/purchasing/order', {
      doc: { subtype: 'P001' },
      key: '4500012305',
      description: 'Copy of an ERP number',
      supplier: { _id: await alfaId() },
    });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).message).toBe('Document numbers are assigned by the server.');

    const order = await newOrder('Renumber attempt');
    const renumber = await api('buyer', 'PUT', `/api/purchasing/order/${order._id}`, {
      ...order,
      key: '4500099999',
    });
    expect(renumber.status).toBe(403);
    expect((await api('buyer', 'GET', `/api/purchasing/order/${order._id}`)).body.key).toBe(order.key);
  });

  it('50 concurrent creates get 50 distinct numbers', async () => {
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => newOrder(`Concurrent ${i}`)));
    const keys = created.map((d) => d.key);
    expect(new Set(keys).size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^PO-\d{6}$/);
  });

  it('50 concurrent saves of one version: one wins, 49 get 409, nothing lost', async () => {
    const order = await newOrder('Concurrent saves');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('buyer', 'PUT', `/api/purchasing/order/${order._id}`, { ...order, description: `Writer ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = answers.find((a) => a.status === 200)!.body;
    const stored = (await api('buyer', 'GET', `/api/purchasing/order/${order._id}`)).body;
    expect(stored.description).toBe(winner.description);
    expect(stored._version).toBe(order._version + 1);
  });
});

describe('documents are filed into the groups of their author', () => {
  it("refuses a requester's requisition into another department's group; staff file anywhere", async () => {
    const requester = (await signIn(t.app, 'requester')).user;
    const buyer = (await signIn(t.app, 'buyer')).user;
    const foreign = buyer.groups.find((g) => !requester.groups.some((r) => r._id === g._id))!;
    expect(foreign).toBeDefined();
    const body = (group: string) => ({
      doc: { subtype: 'R001' },
      description: 'Chairs',
      deliveryDate: '2026-12-15',
      group: { _id: group },
      lines: [{ item: 'MAT-1000', description: 'Chair', quantity: '2', price: '50', tax: { key: 'IVA23' } }],
    });
    const refused = await api('requester', 'POST', '/api/purchasing/requisition', body(foreign._id));
    expect(refused.status).toBe(400);
    // the demo requester reads Portuguese (the server answers in the caller's language)
    expect(errorOf(refused.body).data.errors).toEqual([
      { field: 'group', message: 'Só pode arquivar documentos nos seus próprios grupos.' },
    ]);
    const own = await api('requester', 'POST', '/api/purchasing/requisition', body(requester.groups[0]!._id));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const staff = await api('buyer', 'POST', '/api/purchasing/requisition', body(foreign._id));
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
  });
});
