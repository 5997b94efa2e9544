import { ACTIVITY_KINDS, type ActivityGroup, type DocumentList, type DocumentResponse } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpHand } from './erp-hand.ts';
import { orderFlow } from './order-flow.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Recent activity (seed 001 sections 2.2 and 7): every kind answers the caller's newest documents
 * of the kind inside the caller's document scope. The oracle is the document list of the same
 * model, filtered by the kind's states and sorted like the activity (last change first).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { rateLimitMax: 100_000 } });
  for (const u of ['buyer', 'manager', 'requester', 'director', 'supplier', 'supplier2', 'ihub-operator']) {
    const s = await signIn(t.app, u);
    tokens[u] = s.token;
    ids[u] = s.user._id;
  }
  const g = await signIn(t.app, 'buyer', 'globex');
  tokens['globex-buyer'] = g.token;
  ids['globex-buyer'] = g.user._id;
}, 60_000);
afterAll(() => t?.close());

const activity = (user: string, query = '', userId = ids[user]!) =>
  call<ActivityGroup[]>(t.app, 'GET', `/api/profile/activity/${userId}${query}`, { token: tokens[user]! });
const itemsOf = async (user: string, query: string) => {
  const res = await activity(user, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.flatMap((g) => g.items);
};
/** The document list of a model in the given states, last change first, as the caller sees it. */
const listed = async (user: string, model: string, states: ReadonlyArray<string> | null, l = 50) => {
  const filter = states ? `&state=${states.join(',')}` : '';
  const res = await call<DocumentList>(
    t.app,
    'GET',
    `/api/purchasing/${model}?s=-updatedAt&l=${l}${filter}`,
    {
      token: tokens[user]!,
    },
  );
  // a model the caller cannot list has no activity either
  if (res.status === 403) return [];
  expect(res.status).toBe(200);
  return res.body.items.map((d) => d._id);
};

const flow = orderFlow(
  () => t.app,
  (user) => tokens[user]!,
);

describe('the activity route', () => {
  it('answers the caller only, and refuses kinds and counts outside the contract', async () => {
    expect((await activity('buyer', '?k=0', ids.manager)).status).toBe(403);
    expect((await activity('buyer', '?k=0', ids['globex-buyer'])).status).toBe(403);
    for (const query of ['?k=12', '?k=-1', '?k=x', '?l=0', '?l=51']) {
      const res = await activity('buyer', query);
      expect(res.status, query).toBe(400);
      errorOf(res.body);
    }
    expect((await call(t.app, 'GET', `/api/profile/activity/${ids.buyer}`)).status).toBe(401);
  });

  it('defaults to kind 0 (Pending requisitions) and 5 items, labelled in the reader language', async () => {
    const res = await activity('buyer');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]!.label).toBe('Pending requisitions');
    const expected = await listed('buyer', 'requisition', ACTIVITY_KINDS[0]!.states, 5);
    expect(expected.length).toBe(5);
    expect(res.body[0]!.items.map((i) => i._id)).toEqual(expected);
    for (const item of res.body[0]!.items) {
      expect(item.url).toBe(`/requisition/${item._id}`);
      expect(item.name).toMatch(/^PR-\d+ - \S/);
    }
    // the requester reads Portuguese
    const pt = await activity('requester', '?k=0');
    expect(pt.body[0]!.label).toBe('Requisições pendentes');
  });

  it('lists every kind inside the scope, as the document list of its states does', async () => {
    for (const kind of ACTIVITY_KINDS) {
      if (kind.mine !== 'any' || kind.approvalStep || kind.notFullyReceived) continue;
      for (const user of ['buyer', 'requester', 'director']) {
        const got = (await itemsOf(user, `?k=${kind.id}&l=50`)).map((i) => i._id);
        const expected = await listed(user, kind.model, kind.states);
        expect(got, `${kind.label.en} for ${user}`).toEqual(expected);
      }
    }
  });
});

describe('kinds with conditions', () => {
  it('Receiving orders: confirmed orders until every line is received', async () => {
    let order = await flow.newOrder('Activity receiving order');
    order = await flow.move('buyer', order, 'submit-approval');
    order = await flow.move('manager', order, 'approve');
    order = await flow.move('buyer', order, 'workflow');
    // the ERP's confirmation is the integration's step (erp -> erp-done), not a person's
    order = await erpHand(t.app, t.conn.db, 'order', order);
    const receiving = async () => (await itemsOf('buyer', '?k=2&l=50')).map((i) => i._id);
    expect(await receiving()).not.toContain(order._id);
    order = await flow.move('supplier', order, 'confirm');
    expect(order._state.current).toBe('completed');
    expect(await receiving()).toContain(order._id);
    // half received: still receiving; all received: done
    await sql`update document_lines set data = jsonb_set(data, '{_cq}', '"4"') where document_id = ${order._id}::bigint`.execute(
      t.conn.db,
    );
    expect(await receiving()).toContain(order._id);
    await sql`update document_lines set data = jsonb_set(data, '{_cq}', to_jsonb(quantity::text)) where document_id = ${order._id}::bigint`.execute(
      t.conn.db,
    );
    expect(await receiving()).not.toContain(order._id);
    await sql`update document_lines set data = jsonb_set(data, '{_cq}', 'true') where document_id = ${order._id}::bigint`.execute(
      t.conn.db,
    );
    expect(await receiving()).not.toContain(order._id);
    // a consumed quantity that is no number is not a receipt (and breaks nothing)
    await sql`update document_lines set data = jsonb_set(data, '{_cq}', '"n/a"') where document_id = ${order._id}::bigint`.execute(
      t.conn.db,
    );
    expect(await receiving()).toContain(order._id);
    // the demo's completed orders are fully received
    const completed = await listed('buyer', 'order', ['completed']);
    expect((await receiving()).filter((id) => completed.includes(id))).toEqual([order._id]);
  });

  it('orders waiting for approval, for manager approval and for my approval', async () => {
    let consulting = await flow.newOrder('Activity consulting approval');
    consulting = await flow.move('buyer', consulting, 'submit-approval');
    let managerStep = await flow.newOrder('Activity manager approval');
    managerStep = await flow.move('buyer', managerStep, 'submit-approval');
    // the approvals feature's shape: current approvers in data.assignees, the step in data.approval
    const setApproval = (doc: DocumentResponse, step: string, approver: string) =>
      sql`update documents set data = data || ${JSON.stringify({
        assignees: [{ _id: approver, name: 'Approver' }],
        approval: { _id: `apr-${doc._id}`, state: step },
      })}::jsonb where id = ${doc._id}::bigint`.execute(t.conn.db);
    await setApproval(consulting, 'consulting-approval', ids.director!);
    await setApproval(managerStep, 'manager-approval', ids.manager!);

    const of = async (user: string, k: number) => (await itemsOf(user, `?k=${k}&l=50`)).map((i) => i._id);
    const waiting = await of('buyer', 4);
    expect(waiting).toEqual(expect.arrayContaining([consulting._id, managerStep._id]));
    expect(waiting).toEqual(await listed('buyer', 'order', ['approval']));
    const forManagers = await of('buyer', 3);
    expect(forManagers).toContain(managerStep._id);
    expect(forManagers).not.toContain(consulting._id);
    expect(await of('manager', 5)).toEqual([managerStep._id]);
    expect(await of('director', 5)).toEqual([consulting._id]);
    expect(await of('buyer', 5)).toEqual([]);
  });

  it("Requisitions and orders I'm working on: created, changed or requested by me, still in my hands", async () => {
    const mine = (await itemsOf('requester', '?k=9&l=50')).map((i) => i._id);
    const rows = await sql<{ id: string; state: string; created_by: string; requester_id: string | null }>`
      select id::text as id, state, created_by, requester_id from documents
      where domain_id = 'acme' and model = 'requisition' and not deleted`.execute(t.conn.db);
    const expected = rows.rows
      .filter((r) => ['created', 'updated', 'rejected', 'rfq-rejected'].includes(r.state))
      .filter((r) => r.created_by === ids.requester || r.requester_id === ids.requester)
      .map((r) => r.id);
    expect(mine.length).toBeGreaterThan(0);
    expect([...mine].sort()).toEqual([...expected].sort());

    const order = await flow.newOrder('Activity order I work on');
    const working = (await itemsOf('buyer', '?k=10&l=50')).map((i) => i._id);
    expect(working[0]).toBe(order._id);
    expect((await itemsOf('director', '?k=10&l=50')).map((i) => i._id)).not.toContain(order._id);
  });
});

describe('isolation', () => {
  it('a supplier gets only its own orders in the states it sees, and no requisition at all', async () => {
    for (const user of ['supplier', 'supplier2']) {
      const recent = (await itemsOf(user, '?k=11&l=50')).map((i) => i._id);
      expect(recent.length).toBeGreaterThan(0);
      expect(recent).toEqual(await listed(user, 'order', null));
      const rows = await sql<{ state: string; supplier_id: string }>`
        select d.state, d.supplier_id from documents d
        where d.id in (${sql.join(recent.map((id) => sql`${id}::bigint`))})`.execute(t.conn.db);
      const own = await sql<{
        supplier_id: string;
      }>`select supplier_id from users where id = ${ids[user]!}`.execute(t.conn.db);
      for (const r of rows.rows) {
        expect(r.supplier_id).toBe(own.rows[0]!.supplier_id);
        expect(['erp-done', 'negotiation', 'completed', 'closed', 'archived']).toContain(r.state);
      }
      expect(await itemsOf(user, '?k=0')).toEqual([]);
      expect(await itemsOf(user, '?k=1&l=50')).toEqual([]);
      expect(await itemsOf(user, '?k=4&l=50')).toEqual([]);
    }
    const alfa = (await itemsOf('supplier', '?k=11&l=50')).map((i) => i._id);
    const beta = (await itemsOf('supplier2', '?k=11&l=50')).map((i) => i._id);
    expect(alfa.filter((id) => beta.includes(id))).toEqual([]);
  });

  it("another tenant's documents never show, and deleted ones leave the lists", async () => {
    const delta = await call<{ items: Array<{ _id: string }> }>(
      t.app,
      'GET',
      '/api/reference/supplier?q=Delta',
      {
        token: tokens['globex-buyer']!,
      },
    );
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: tokens['globex-buyer']!,
      body: {
        doc: { subtype: 'P001' },
        description: 'Activity globex order',
        supplier: { _id: delta.body.items[0]!._id },
        deliveryDate: '2026-12-15',
        lines: [
          { item: 'GX-M9001', description: 'Pads', quantity: '5', price: '12.4', tax: { key: 'IVA23' } },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const acme = (await itemsOf('buyer', '?k=11&l=50')).map((i) => i._id);
    const globex = (await itemsOf('globex-buyer', '?k=11&l=50')).map((i) => i._id);
    expect(globex).toContain(created.body._id);
    expect(acme).not.toContain(created.body._id);
    expect(globex.filter((id) => acme.includes(id))).toEqual([]);
    const domains = await sql<{ domain_id: string }>`select distinct domain_id from documents
      where id in (${sql.join(globex.map((id) => sql`${id}::bigint`))})`.execute(t.conn.db);
    expect(domains.rows.map((r) => r.domain_id)).toEqual(['globex']);

    const order = await flow.newOrder('Activity deleted order');
    expect((await itemsOf('buyer', '?k=1&l=50')).map((i) => i._id)).toContain(order._id);
    const removed = await call(t.app, 'DELETE', `/api/purchasing/order/${order._id}`, {
      token: tokens.buyer!,
    });
    expect(removed.status).toBe(200);
    expect((await itemsOf('buyer', '?k=1&l=50')).map((i) => i._id)).not.toContain(order._id);
  });
});
