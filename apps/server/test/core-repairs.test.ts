import {
  encodeContext,
  HEADERS,
  type DocumentList,
  type DocumentResponse,
  type UserContext,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/** The repairs of the core-repairs issue, each through the real API on a seeded database. */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (u: string) => (tokens[u] ??= (await signIn(t.app, u)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = async <T = DocumentResponse>(
  user: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; context?: UserContext; headers?: Record<string, string> } = {},
) =>
  call<T>(t.app, method, url, {
    token: await token(user),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    headers: { ...(opts.context ? { [HEADERS.context]: encodeContext(opts.context) } : {}), ...opts.headers },
  });

const listIds = async (user: string, url: string, context?: UserContext) => {
  const res = await api<DocumentList>(user, 'GET', url, context ? { context } : {});
  expect(res.status).toBe(200);
  return res.body.items.map((d) => d._id).sort();
};

describe('the working context filters lists, counts and search', () => {
  it("'All' and 'Created by me' hold different orders; a group, a plant, a location and a workgroup narrow", async () => {
    const all = await listIds('buyer', '/api/purchasing/order?l=200', { active: 'group', group: 'all' });
    const mine = await listIds('buyer', '/api/purchasing/order?l=200', { active: 'group', group: null });
    const none = await listIds('buyer', '/api/purchasing/order?l=200');
    expect(all.length).toBeGreaterThan(mine.length);
    expect(none).toEqual(all);
    const every = (await api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200')).body.items;
    const buyerId = (await signIn(t.app, 'buyer')).user._id;
    expect(mine).toEqual(
      every
        .filter((d) => d._state.created?.user?._id === buyerId)
        .map((d) => d._id)
        .sort(),
    );

    const group = every.find((d) => d.group)!.group!;
    const inGroup = await listIds('buyer', '/api/purchasing/order?l=200', {
      active: 'group',
      group: group._id,
    });
    expect(inGroup).toEqual(
      every
        .filter((d) => d.group?._id === group._id)
        .map((d) => d._id)
        .sort(),
    );

    const plant = await listIds('buyer', '/api/purchasing/order?l=200', {
      active: 'organization',
      plant: 'es-madrid',
    });
    expect(plant).toEqual(
      every
        .filter((d) => d.plant === 'es-madrid')
        .map((d) => d._id)
        .sort(),
    );
    expect(plant.length).toBeGreaterThan(0);
    expect(plant.length).toBeLessThan(all.length);

    const me = (await signIn(t.app, 'buyer')).user;
    expect(me.locations.map((l) => l.key)).toEqual(['lisboa-wh', 'porto-wh']);
    expect(me.workgroups.map((w) => w.key)).toEqual(['electrical', 'packaging']);
    const lisboa = me.locations.find((l) => l.key === 'lisboa-wh')!;
    const atLisboa = await listIds('buyer', '/api/purchasing/order?l=200', { location: lisboa._id });
    expect(atLisboa.length).toBeGreaterThan(0);
    expect(atLisboa).toEqual(
      every
        .filter((d) => d.plant === 'pt-lisboa')
        .map((d) => d._id)
        .sort(),
    );

    // the packaging workgroup: the buyer and the requester are its members
    const packaging = me.workgroups.find((w) => w.key === 'packaging')!;
    const ofWorkgroup = await listIds('buyer', '/api/purchasing/requisition?l=200', {
      workgroup: packaging._id,
    });
    const requisitions = (await api<DocumentList>('admin', 'GET', '/api/purchasing/requisition?l=200')).body
      .items;
    expect(ofWorkgroup.length).toBeGreaterThan(0);
    expect(ofWorkgroup.length).toBeLessThanOrEqual(requisitions.length);
  });

  it('counts and search follow the context, and a context never widens the scope', async () => {
    const count = async (context: UserContext) =>
      (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?c=1', { context })).body.options.count;
    expect(await count({ active: 'group', group: 'all' })).toBeGreaterThan(
      (await count({ active: 'group', group: null }))!,
    );

    const search = async (user: string, context?: UserContext) =>
      (
        await api<{ items: Array<{ _id: string }> }>(
          user,
          'GET',
          '/api/search?q=order&l=50',
          context ? { context } : {},
        )
      ).body.items.length;
    expect(await search('buyer', { active: 'group', group: 'all' })).toBeGreaterThan(
      await search('buyer', { active: 'group', group: null }),
    );
    // a supplier's made-up context changes nothing: suppliers have no working context
    const own = await listIds('supplier', '/api/purchasing/order?l=200');
    expect(
      await listIds('supplier', '/api/purchasing/order?l=200', { active: 'group', group: 'all' }),
    ).toEqual(own);
    // a requester asking for 'All' still sees only their own scope
    const requesterAll = await listIds('requester', '/api/purchasing/requisition?l=200', {
      active: 'group',
      group: 'all',
    });
    const requesterOwn = await listIds('requester', '/api/purchasing/requisition?l=200');
    expect(requesterAll).toEqual(requesterOwn);
  });

  it("offers a reference field's choices from the whole scope (context=none), never wider", async () => {
    const mine = { active: 'group', group: null } as const;
    const all = await listIds('buyer', '/api/purchasing/order?l=200', { active: 'group', group: 'all' });
    expect(await listIds('buyer', '/api/purchasing/order?l=200&context=none', mine)).toEqual(all);
    expect((await listIds('buyer', '/api/purchasing/order?l=200', mine)).length).toBeLessThan(all.length);
    // the scope still holds: a requester's choices are its own documents
    const requesterOwn = await listIds('requester', '/api/purchasing/requisition?l=200');
    expect(await listIds('requester', '/api/purchasing/requisition?l=200&context=none', mine)).toEqual(
      requesterOwn,
    );
    expect((await api('buyer', 'GET', '/api/purchasing/order?context=all')).status).toBe(400);
  });
});

describe('profile config', () => {
  it('removes a favorite through POST /profile/user/config {favorites}', async () => {
    const order = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=1')).body.items[0]!;
    expect((await api('buyer', 'POST', `/api/purchasing/order/${order._id}/favorite`)).body).toEqual({
      favorite: true,
    });
    const me = (await signIn(t.app, 'buyer')).user._id;
    const listed = async () =>
      (
        await api<Array<{ items: Array<{ _id: string }> }>>('buyer', 'GET', `/api/profile/favorites/${me}`)
      ).body.flatMap((g) => g.items.map((i) => i._id));
    expect(await listed()).toContain(order._id);
    const removed = await api<{ user: { _id: string } }>('buyer', 'POST', '/api/profile/user/config', {
      body: { favorites: { model: 'order', id: order._id } },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.user._id).toBe(me);
    expect(await listed()).not.toContain(order._id);
  });

  it('switches the buyer to the other domain with a new session there; others stay', async () => {
    const switched = await api<{
      token: string;
      user: { domain: string };
      domain: { id: string; theme: string; logo: string };
    }>('buyer', 'POST', '/api/profile/user/config', { body: { domain: 'globex' } });
    expect(switched.status).toBe(200);
    expect(switched.body.domain).toMatchObject({ id: 'globex', logo: expect.stringContaining('globex') });
    expect(switched.body.user.domain).toBe('globex');
    const there = await call(t.app, 'GET', '/api/profile/user/me', {
      token: switched.body.token,
      headers: { [HEADERS.domain]: 'globex' },
    });
    expect(there.status).toBe(200);

    const refused = await api('requester', 'POST', '/api/profile/user/config', {
      body: { domain: 'globex' },
    });
    expect(refused.status).toBe(403);
    // the demo requester reads Portuguese (the server answers in the caller's language)
    expect(errorOf(refused.body).message).toBe('Não tem conta no domínio Globex Corporation.');
    expect(
      (await api('requester', 'POST', '/api/profile/user/config', { body: { domain: 'nowhere' } })).status,
    ).toBe(404);
  });
});

describe('documents', () => {
  it('saves a contract with service lines through its form fields and submits it for approval', async () => {
    const evaluation = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/contract-evaluation?l=1'))
      .body.items[0]!;
    const supplier = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=1')).body.items[0]!
      .supplier!;
    const created = await api('buyer', 'POST', '/api/purchasing/contract', {
      body: {
        doc: { subtype: 'C002' },
        description: 'Facility cleaning 2027',
        supplier: { _id: supplier._id },
        currency: 'EUR',
        validFrom: '2027-01-01',
        validTo: '2027-12-31',
        risk: { contract: 2, E: 1, HS: 2, gdpr: 2, cyber: 3 },
        businessPlan: 'Cleaning of the Lisboa plant, 5 days a week.',
        evaluationId: { _id: evaluation._id },
        lines: [
          {
            item: 'SRV-0300',
            description: 'Cleaning (monthly)',
            type: 'service',
            quantity: 12,
            price: '3200',
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.businessPlan).toBe('Cleaning of the Lisboa plant, 5 days a week.');
    const submitted = await api('buyer', 'POST', `/api/purchasing/contract/${created.body._id}/workflow`, {
      body: { action: 'submit-approval', _version: created.body._version },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body._state.current).toBe('approval');
  });

  it("lists 'Receptions waiting evaluation' and takes the filters a route names", async () => {
    const due = await api<DocumentList>('buyer', 'GET', '/api/purchasing/reception?evaluation=due');
    expect(due.status).toBe(200);
    expect(due.body.items.map((r) => r._state.current)).toEqual(['erp-done']);
    const created = await api<DocumentList>('buyer', 'GET', '/api/purchasing/reception?state=created');
    expect(created.body.items.every((r) => r._state.current === 'created')).toBe(true);
    expect(created.body.items.length).toBeGreaterThan(0);
    const bad = await api('buyer', 'GET', '/api/purchasing/reception?evaluation=whenever');
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).key).toBe('document.filter-not-allowed');
    expect((await api('buyer', 'GET', '/api/purchasing/order?evaluation=due')).status).toBe(400);
    const nav = await api<Array<{ children?: Array<{ next?: Array<{ to?: string }> }> }>>(
      'buyer',
      'GET',
      '/api/config/navigation/en',
    );
    expect(JSON.stringify(nav.body)).toContain('/reception?evaluation=due');
  });

  it('sends row flags as flag.status', async () => {
    const orders = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=200')).body.items;
    const failed = orders.find((o) => o._state.current === 'erp-fail');
    expect(failed?.flag).toEqual({ status: 'fail' });
    const fresh = await api('buyer', 'POST', '/api/purchasing/order', {
      body: {
        doc: { subtype: 'P001' },
        description: 'Fresh order',
        supplier: orders[0]!.supplier,
        currency: 'EUR',
        deliveryDate: '2027-03-01',
      },
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const listed = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=200')).body.items.find(
      (o) => o._id === fresh.body._id,
    );
    expect(listed?.flag).toEqual({ status: 'new' });
  });

  it('refuses the P009 delivery lock at 500 or more on create, as on update', async () => {
    const supplier = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=1')).body.items[0]!
      .supplier;
    const p009 = (price: string) => ({
      doc: { subtype: 'P009' },
      description: 'Spot purchase',
      supplier,
      currency: 'EUR',
      deliveryLock: true,
      deliveryDate: '2027-03-01',
      // the lock threshold reads the list value (list price x quantity)
      lines: [{ item: 'MAT-1001', description: 'Fitting', quantity: 1, price, listPrice: price }],
    });
    const big = await api('buyer', 'POST', '/api/purchasing/order', { body: p009('600') });
    expect(big.status).toBe(200);
    expect(big.body.deliveryLock).toBeUndefined();
    const small = await api('buyer', 'POST', '/api/purchasing/order', { body: p009('120') });
    expect(small.body.deliveryLock).toBe(true);
    const grown = await api('buyer', 'PUT', `/api/purchasing/order/${small.body._id}`, {
      body: {
        ...small.body,
        deliveryLock: false,
        lines: [{ ...small.body.lines![0], price: '900', listPrice: '900' }],
      },
    });
    expect(grown.status).toBe(200);
    expect(grown.body.deliveryLock).toBe(true);
  });

  it("reads typed amounts as numbers ('10 un' is 10)", async () => {
    const supplier = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=1')).body.items[0]!
      .supplier;
    const res = await api('buyer', 'POST', '/api/purchasing/order', {
      body: {
        doc: { subtype: 'P001' },
        description: 'Typed amounts',
        supplier,
        currency: 'EUR',
        deliveryDate: '2027-03-01',
        lines: [{ item: 'MAT-1001', description: 'Fitting', quantity: '10 un', price: '2,50 €' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.body.lines![0]!.quantity)).toBe(10);
    expect(res.body.lines![0]!.value).toBe('25.00');
  });

  it('ihub-operator sees the monitor and no document; the erp steps belong to the integration', async () => {
    const orders = (await api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200')).body.items;
    const approved = orders.find((o) => o._state.current === 'approved')!;
    const inErp = (
      await api('admin', 'POST', `/api/purchasing/order/${approved._id}/workflow`, {
        body: { action: 'workflow', _version: approved._version },
      })
    ).body;
    expect(inErp._state.current).toBe('erp');
    // no person is offered erp -> erp-done, not even an administrator
    expect(inErp._actions.transitions).toEqual([]);
    // the document engine does not exist for ihub roles: lists, reads and moves are not found
    expect((await api('ihub-operator', 'GET', '/api/purchasing/order?l=200')).status).toBe(404);
    expect((await api('ihub-operator', 'GET', `/api/purchasing/order/${inErp._id}`)).status).toBe(404);
    const moved = await api('ihub-operator', 'POST', `/api/purchasing/order/${inErp._id}/workflow`, {
      body: { action: 'workflow', _version: inErp._version },
    });
    expect(moved.status).toBe(404);
    // their monitor answers
    expect((await api('ihub-operator', 'GET', '/api/ihub/log/order')).status).toBe(200);
  });
});

describe('offline notice', () => {
  it('is set and cleared by an administrator and served in the app configuration', async () => {
    expect((await api('buyer', 'PUT', '/api/config/offline', { body: { message: 'x' } })).status).toBe(403);
    const set = await api<{ offline: { message: string } }>('admin', 'PUT', '/api/config/offline', {
      body: { message: 'Upgrade to the new ERP link until 14:00.' },
    });
    expect(set.status).toBe(200);
    const app = await call<{ offline: { ts: string; message: string } | null }>(
      t.app,
      'GET',
      '/api/config/app/en',
    );
    expect(app.body.offline?.message).toBe('Upgrade to the new ERP link until 14:00.');
    await api('admin', 'PUT', '/api/config/offline', { body: { message: null } });
    expect((await call<{ offline: unknown }>(t.app, 'GET', '/api/config/app/en')).body.offline).toBeNull();
  });
});

describe('a company group in the working context', () => {
  it("covers the groups of the company's plants", async () => {
    const every = (await api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200')).body.items;
    const manager = await signIn(t.app, 'manager');
    const portugal = manager.user.groups.find((g) => g.key === 'acme-portugal')!;
    const ids = await listIds('manager', '/api/purchasing/order?l=200', {
      active: 'group',
      group: portugal._id,
    });
    const lisboaOrPorto = every.filter((d) =>
      ['purchasing-lisboa', 'maintenance-porto'].includes(d.group?.key ?? ''),
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(lisboaOrPorto.map((d) => d._id).sort());
  });

  it('files a new document in a real group while the user works in All', async () => {
    const orders = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=1')).body.items;
    await api('buyer', 'POST', '/api/profile/user/config', {
      body: { context: { active: 'group', group: 'all' } },
    });
    const buyer = await signIn(t.app, 'buyer');
    tokens.buyer = buyer.token;
    const created = await api('buyer', 'POST', '/api/purchasing/order', {
      body: {
        doc: { subtype: 'P001' },
        description: 'Filed while working in All',
        supplier: orders[0]!.supplier,
        currency: 'EUR',
        deliveryDate: '2027-03-01',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(buyer.user.groups.map((g) => g._id)).toContain(created.body.group?._id);
  });
});
