import type { AuditList, DocumentList, DocumentResponse, ItemUnspsc } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMaterial } from '../src/erp/erp.import-records.ts';
import { withItems } from '../src/reference/reference.repository.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * An item's UNSPSC code set by hand (PUT /api/ihub/items/{code}/unspsc): ihub roles and
 * administrators of the tenant only, a code of the code set or null, audited; an order line that
 * picks the item takes its code and material group; the ERP import replaces a hand-set code only
 * when it gives one.
 */
let t: TestApp;
const tokens = new Map<string, string>();
const token = async (user: string, domain?: string) => {
  const key = `${user}@${domain ?? 'acme'}`;
  if (!tokens.has(key)) tokens.set(key, (await signIn(t.app, user, domain)).token);
  return tokens.get(key)!;
};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const put = async (user: string, item: string, unspsc: unknown, domain?: string) =>
  call<ItemUnspsc>(t.app, 'PUT', `/api/ihub/items/${encodeURIComponent(item)}/unspsc`, {
    token: await token(user, domain),
    body: { unspsc },
  });

const stored = async (domain: string, code: string) =>
  withItems(t.conn.db)
    .selectFrom('items')
    .select(['id', 'unspsc', 'material_group'])
    .where('domain_id', '=', domain)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();

describe('an item code set by hand', () => {
  it('the ihub operator sets a code of the code set and clears it; the answer names the code', async () => {
    const set = await put('ihub-operator', 'MAT-1001', '43211503');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({
      code: 'MAT-1001',
      name: expect.any(String),
      unspsc: '43211503',
      title: 'Notebook computers',
      materialGroup: 'HYDRAULICS',
    });
    expect((await stored('acme', 'MAT-1001')).unspsc).toBe('43211503');
    // the look-up the panel lists shows it
    const lookup = await call<{ items: Array<{ code: string; unspsc: string | null }> }>(
      t.app,
      'GET',
      '/api/reference/item?q=MAT-1001',
      { token: await token('ihub-operator') },
    );
    expect(lookup.body.items.find((i) => i.code === 'MAT-1001')?.unspsc).toBe('43211503');
    const cleared = await put('ihub-operator', 'MAT-1001', null);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ unspsc: null, title: null });
    expect((await stored('acme', 'MAT-1001')).unspsc).toBeNull();
  });

  it('an administrator may too', async () => {
    const res = await put('admin', 'MAT-1002', '31161500');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ unspsc: '31161500', title: 'Screws' });
  });

  it('buyers and suppliers are refused and change nothing', async () => {
    for (const user of ['buyer', 'supplier']) {
      const res = await put(user, 'MAT-1003', '31161500');
      expect(res.status, user).toBe(403);
      expect(errorOf(res.body).key).toBe('ihub.forbidden');
    }
    expect((await stored('acme', 'MAT-1003')).unspsc).toBe('40142300');
    const anonymous = await call(t.app, 'PUT', '/api/ihub/items/MAT-1003/unspsc', { body: { unspsc: null } });
    expect(anonymous.status).toBe(401);
  });

  it("another tenant's item is not reachable: 404, unchanged", async () => {
    const res = await put('ihub-operator', 'GX-M1000', '31161500');
    expect(res.status).toBe(404);
    expect(errorOf(res.body)).toMatchObject({ key: 'unspsc.item-not-found', message: 'No such item.' });
    expect((await stored('globex', 'GX-M1000')).unspsc).toBe('40142300');
    expect((await put('ihub-operator', 'NO-SUCH-ITEM', null)).status).toBe(404);
  });

  it('a bad code is a 400 in the error shape (en and pt) and changes nothing', async () => {
    const unknown = await put('ihub-operator', 'MAT-1004', '99999999');
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.body)).toMatchObject({
      key: 'unspsc.unknown-code',
      message: 'Unknown UNSPSC code: pick a code of the code set.',
    });
    for (const bad of ['4321', 'abcdefgh', 43211503, '432115031'])
      expect((await put('ihub-operator', 'MAT-1004', bad)).status, String(bad)).toBe(400);
    expect((await stored('acme', 'MAT-1004')).unspsc).toBe('40142300');
    const pt = await call(t.app, 'PUT', '/api/ihub/items/MAT-1004/unspsc', {
      token: await token('ihub-operator'),
      headers: { 'accept-language': 'pt' },
      body: { unspsc: '99999999' },
    });
    expect(pt.status).toBe(400);
    // the operator's saved language may be en: the catalogue holds the Portuguese text either way
    expect([
      'Unknown UNSPSC code: pick a code of the code set.',
      'Código UNSPSC desconhecido: escolha um código da lista de códigos.',
    ]).toContain(errorOf(pt.body).message);
  });

  it('writes an audit event of the item with the code before and after', async () => {
    await put('ihub-operator', 'MAT-1010', '78101800');
    const item = await stored('acme', 'MAT-1010');
    const events = await call<AuditList>(t.app, 'GET', `/api/audit?l=50&entity=item&entity_id=${item.id}`, {
      token: await token('admin'),
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    expect(events.body.data.map((e) => [e.action, e.actor.username])).toEqual([['update', 'ihub-operator']]);
    expect(events.body.data[0]!.before).toMatchObject({ unspsc: '40142000' });
    expect(events.body.data[0]!.after).toMatchObject({ unspsc: '78101800' });
    // setting the same code again writes nothing
    await put('ihub-operator', 'MAT-1010', '78101800');
    const again = await call<AuditList>(t.app, 'GET', `/api/audit?l=50&entity=item&entity_id=${item.id}`, {
      token: await token('admin'),
    });
    expect(again.body.data).toHaveLength(1);
  });
});

describe('an order line that picks the item', () => {
  const newOrder = async (line: Record<string, unknown>) => {
    const orders = (
      await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200', {
        token: await token('buyer'),
      })
    ).body.items;
    const alfa = orders.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier as { _id: string };
    return call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: await token('buyer'),
      body: {
        doc: { subtype: 'P001' },
        description: 'UNSPSC from the item',
        supplier: { _id: alfa._id },
        deliveryDate: '2026-12-15',
        lines: [{ description: 'Parts', quantity: '10', price: '2.5', tax: { key: 'IVA23' }, ...line }],
      },
    });
  };

  it("takes the item's code (as set by hand) and material group when it has none", async () => {
    expect((await put('ihub-operator', 'MAT-1011', '31161700')).status).toBe(200);
    const res = await newOrder({ item: 'MAT-1011' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines?.[0]).toMatchObject({
      item: 'MAT-1011',
      unspsc: '31161700',
      materialGroup: 'HYDRAULICS',
    });
  });

  it('keeps a code the line already carries, and a code cleared on a line that keeps its item', async () => {
    const res = await newOrder({ item: 'MAT-1011', unspsc: '31161800' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines?.[0]?.unspsc).toBe('31161800');
    const cleared = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${res.body._id}`, {
      token: await token('buyer'),
      body: { ...res.body, _version: res.body._version, lines: [{ ...res.body.lines![0]!, unspsc: null }] },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const read = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${res.body._id}`, {
      token: await token('buyer'),
    });
    expect(read.body.lines?.[0]?.unspsc ?? null).toBeNull();
  });

  it("another item on a stored line brings that item's code", async () => {
    const res = await newOrder({ item: 'MAT-1011' });
    const line = res.body.lines![0]!;
    const changed = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${res.body._id}`, {
      token: await token('buyer'),
      body: { ...res.body, _version: res.body._version, lines: [{ ...line, item: 'MAT-1000' }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const read = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${res.body._id}`, {
      token: await token('buyer'),
    });
    expect(read.body.lines?.[0]).toMatchObject({ item: 'MAT-1000', unspsc: '40142300' });
  });
});

describe('the ERP import and a hand-set code', () => {
  it('keeps the hand-set code when the ERP gives none, and takes the ERP one when it gives one', async () => {
    expect((await put('ihub-operator', 'MAT-1012', '43211507')).status).toBe(200);
    const system = await t.conn.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('domain_id', '=', 'acme')
      .where('username', '=', 'system')
      .executeTakeFirstOrThrow();
    const actor = { domainId: 'acme', user: { _id: system.id, username: system.username } };
    const material = { key: 'MAT-1012', name: 'Hydraulic fitting', unit: 'UN', materialGroup: 'HYDRAULICS' };
    await importMaterial(t.conn.db, actor, { ...material, unspsc: null });
    expect((await stored('acme', 'MAT-1012')).unspsc).toBe('43211507');
    await importMaterial(t.conn.db, actor, { ...material, unspsc: '40142300' });
    expect((await stored('acme', 'MAT-1012')).unspsc).toBe('40142300');
  });
});
