import type { DocumentList, DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (user: string, url: string) => {
  const res = await call<DocumentList>(t.app, 'GET', url, { token: await token(user) });
  return res;
};

const NEW_ORDER = (supplierId: string) => ({
  doc: { subtype: 'P001' },
  description: 'Test order with conditions',
  deliveryDate: '2026-09-30',
  supplier: { _id: supplierId },
  currency: 'EUR',
  value: '1.00',
  grossValue: '1.00',
  lines: [
    {
      item: 'MAT-1',
      quantity: 10,
      price: '12.345',
      priceInfo: [{ condition: 'RA01', value: 10 }],
      tax: { key: 'IVA23', value: 0 },
      value: '999',
      netValue: '999',
    },
    {
      item: 'MAT-2',
      quantity: '3',
      price: 99.99,
      priceInfo: [{ condition: 'ZFB1', value: 5 }],
      tax: { key: 'ND23' },
    },
  ],
});

async function alfaBeta() {
  const orders = (await list('admin', '/api/purchasing/order?l=200')).body.items;
  const alfa = orders.find((o) => o.supplier?.name === 'Alfa Components Lda')!;
  const beta = orders.find((o) => o.supplier?.name === 'Beta Logistics SA')!;
  return { orders, alfa, beta };
}

describe('model configuration', () => {
  it('serves the latest model config with its version, subtypes and purchasing config', async () => {
    const res = await call<Record<string, unknown>>(t.app, 'GET', '/api/config/model/pt/order?_v=1', {
      token: await token('buyer'),
    });
    expect(res.status).toBe(200);
    expect(res.body._v).toBe(1);
    expect(res.body.name).toBe('order');
    expect(res.body.label).toBe('Encomendas');
    for (const k of [
      'list',
      'form',
      'search',
      'sort',
      'actions',
      'permissions',
      'workflow',
      'readonly',
      'submodels',
    ])
      expect(res.body).toHaveProperty(k);
    const subtypes = await call<Record<string, Array<{ key: string; label: string }>>>(
      t.app,
      'GET',
      '/api/config/subtype',
      { token: await token('buyer') },
    );
    expect(subtypes.body.order?.map((s) => s.key)).toContain('P999');
    expect(subtypes.body.order?.find((s) => s.key === 'P009')?.label).toBe('Low-value spot purchase');
    expect(subtypes.body.requisition).toHaveLength(7);
    expect(subtypes.body.contract).toHaveLength(4);
    const purchasing = await call<{ taxCodes: Array<{ key: string; value: number; group: string }> }>(
      t.app,
      'GET',
      '/api/config/purchasing',
      { token: await token('buyer') },
    );
    expect(purchasing.body.taxCodes).toContainEqual(
      expect.objectContaining({ key: 'INTRA', group: 'deductible-intra' }),
    );
    const unknown = await call(t.app, 'GET', '/api/config/model/en/invoice', { token: await token('buyer') });
    expect(unknown.status).toBe(404);
    errorOf(unknown.body);
  });

  it('lists the document routes in the OpenAPI description', async () => {
    const res = await call<{ paths: Record<string, unknown> }>(t.app, 'GET', '/api/docs/json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/purchasing/{model}', '/api/purchasing/{model}/{id}/restore']),
    );
  });
});

describe('lists', () => {
  it('pages with the defaults: page 1, 30 per page, newest id first', async () => {
    const res = await list('admin', '/api/purchasing/order?c=1');
    expect(res.status).toBe(200);
    expect(res.body.options).toEqual({ count: 14, page: 1, pagesize: 30 });
    const ids = res.body.items.map((d) => Number(d._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await list('admin', '/api/purchasing/order?p=2&l=5');
    expect(page2.body.items.map((d) => d._id)).toEqual(res.body.items.slice(5, 10).map((d) => d._id));
    expect(page2.body.options.count).toBeNull();
    expect((await list('admin', '/api/purchasing/order?l=201')).status).toBe(400);
  });

  it('counts exactly under the cap and answers a flagged estimate above it', async () => {
    process.env.COUNT_EXACT_LIMIT = '5';
    try {
      const big = await list('admin', '/api/purchasing/order?c=1&l=3');
      expect(big.status).toBe(200);
      expect(big.body.options).toMatchObject({ estimated: true, page: 1, pagesize: 3 });
      expect(big.body.options.count!).toBeGreaterThan(5);
      expect(big.body.items).toHaveLength(3);
      const small = await list('admin', '/api/purchasing/order?doc.subtype=P009,P011&c=1');
      expect(small.body.options).toEqual({ count: 2, page: 1, pagesize: 30 });
    } finally {
      delete process.env.COUNT_EXACT_LIMIT;
    }
    expect((await list('admin', '/api/purchasing/order?c=1')).body.options).toEqual({
      count: 14,
      page: 1,
      pagesize: 30,
    });
  });

  it('sorts ascending and descending on allowed fields and filters by declared fields', async () => {
    const asc = await list('admin', '/api/purchasing/order?s=value&l=100');
    const values = asc.body.items.map((d) => Number(d.value));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const desc = await list('admin', '/api/purchasing/order?s=-doc.subtype&l=100');
    expect(desc.body.items[0]?.doc.subtype).toBe('P999');
    const bySubtype = await list('admin', '/api/purchasing/order?doc.subtype=P009,P011&c=1');
    expect(bySubtype.body.options.count).toBe(2);
    const byJson = await list('admin', '/api/purchasing/order?s=deliveryDate');
    expect(byJson.status).toBe(200);
    const search = await list('admin', '/api/purchasing/order?q=forklift&c=1');
    expect(search.body.items.map((d) => d.doc.subtype)).toEqual(['P010']);
    // a number with hyphens: PostgreSQL reads '-2026' as a signed number, the search still finds it
    const byNumber = await list(
      'admin',
      `/api/purchasing/order?q=${encodeURIComponent('CT-2026-001 call-off')}`,
    );
    expect(byNumber.body.items.map((d) => d.doc.subtype)).toEqual(['P011']);
    // a joined column: sort and filter by the supplier's name, paged past the first page
    const bySupplier = await list('admin', '/api/purchasing/order?s=-supplier.name&l=5&p=2&c=1');
    expect(bySupplier.body.options.count).toBe(14);
    const names = (await list('admin', '/api/purchasing/order?s=-supplier.name&l=100')).body.items.map(
      (d) => (d.supplier as { name: string }).name,
    );
    expect(names).toEqual([...names].sort().reverse());
    expect(bySupplier.body.items.map((d) => d._id)).toEqual(
      (await list('admin', '/api/purchasing/order?s=-supplier.name&l=100')).body.items
        .slice(5, 10)
        .map((d) => d._id),
    );
    const beta = await list(
      'admin',
      `/api/purchasing/order?supplier.name=${encodeURIComponent('Beta Logistics SA')}&c=1`,
    );
    expect(beta.body.options.count).toBe(6);
    expect(beta.body.items.every((d) => (d.supplier as { name: string }).name === 'Beta Logistics SA')).toBe(
      true,
    );
  });

  it('answers list rows with what the list shows, and the whole document by id', async () => {
    const rows = (await list('admin', '/api/purchasing/order?l=100')).body.items;
    const dropShip = rows.find((d) => d.doc.subtype === 'P008')!;
    expect(dropShip).toMatchObject({ description: 'Drop-ship spare parts to customer', currency: 'EUR' });
    expect(dropShip.deliveryDate).toBeTruthy();
    expect(dropShip.supplier).toMatchObject({ name: 'Alfa Components Lda' });
    expect(dropShip.value).toMatch(/^\d+\.\d{2}$/);
    expect(dropShip).not.toHaveProperty('ships');
    const whole = await call<Record<string, unknown>>(t.app, 'GET', `/api/purchasing/order/${dropShip._id}`, {
      token: await token('admin'),
    });
    expect(Array.isArray(whole.body.ships)).toBe(true);
  });

  it('rejects unknown sort and filter fields with the error shape', async () => {
    const res = await list('admin', '/api/purchasing/order?s=-password_hash');
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.message).toContain('password_hash');
    expect(err.data.errors[0]?.field).toBe('s');
    const injection = await list(
      'admin',
      `/api/purchasing/order?s=${encodeURIComponent('id;drop table documents')}`,
    );
    expect(injection.status).toBe(400);
    const filter = await list('admin', '/api/purchasing/order?supplierNotes=x');
    expect(filter.status).toBe(400);
    expect(errorOf(filter.body).data.errors[0]?.field).toBe('supplierNotes');
  });
});

describe('order CRUD', () => {
  it('computes values on the server, ignores client values, and answers 409 on a stale save', async () => {
    const { alfa } = await alfaBeta();
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: await token('buyer'),
      body: NEW_ORDER(alfa.supplier!._id),
    });
    expect(created.status).toBe(200);
    const doc = created.body;
    expect(doc._state.current).toBe('created');
    expect(doc._version).toBe(1);
    expect(doc.lines?.[0]).toMatchObject({
      pos: 10,
      grossValue: '123.45',
      discountValue: '12.35',
      netValue: '111.10',
      taxValue: '25.55',
      value: '136.65',
    });
    expect(doc.lines?.[1]).toMatchObject({
      pos: 20,
      grossValue: '299.97',
      costValue: '5.00',
      netValue: '304.97',
      taxValue: '70.14',
      value: '375.11',
    });
    expect(doc).toMatchObject({
      grossValue: '423.42',
      discountValue: '12.35',
      costValue: '5.00',
      netValue: '416.07',
      taxValue: '95.69',
      value: '511.76',
    });
    expect(doc.description).toBe('Test order with conditions');

    const read = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
    });
    expect(read.body.value).toBe('511.76');

    const saved = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
      body: {
        ...doc,
        description: 'Changed',
        _version: 1,
        lines: [{ item: 'MAT-1', quantity: 2, price: '10', value: '5' }],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      _version: 2,
      description: 'Changed',
      value: '20.00',
      _state: { current: 'updated' },
    });

    const stale = await call(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: await token('manager'),
      body: { ...doc, description: 'Stale', _version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).key).toBe('document.stale');
    const after = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
    });
    expect(after.body).toMatchObject({ _version: 2, description: 'Changed', value: '20.00' });
    expect(after.body.lines).toHaveLength(1);
  });

  it('deletes only deletable documents, then restores and purges from the trash', async () => {
    const { orders } = await alfaBeta();
    const keyed = orders.find((o) => o.key && /^\d{10}$/.test(o.key) && o._state.current === 'erp-fail')!;
    const refused = await call(t.app, 'DELETE', `/api/purchasing/order/${keyed._id}`, {
      token: await token('buyer'),
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).key).toBe('document.not-deletable');
    const closed = orders.find((o) => o._state.current === 'closed')!;
    expect(
      (await call(t.app, 'DELETE', `/api/purchasing/order/${closed._id}`, { token: await token('buyer') }))
        .status,
    ).toBe(409);

    const target = orders.find(
      (o) => o._state.current === 'created' && !/^\d{10}$/.test(o.key ?? '') && Number(o.value) > 0,
    )!;
    const del = await call(t.app, 'DELETE', `/api/purchasing/order/${target._id}`, {
      token: await token('buyer'),
    });
    expect(del.status).toBe(200);
    const trashed = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${target._id}`, {
      token: await token('buyer'),
    });
    expect(trashed.body).toMatchObject({ _state: { current: 'deleted' }, value: '0.00', grossValue: '0.00' });
    const trash = await list('buyer', '/api/purchasing/order/trash?c=1');
    expect(trash.body.items.map((d) => d._id)).toContain(target._id);
    expect((await list('buyer', '/api/purchasing/order?l=200')).body.items.map((d) => d._id)).not.toContain(
      target._id,
    );

    const restored = await call<DocumentResponse>(
      t.app,
      'POST',
      `/api/purchasing/order/${target._id}/restore`,
      {
        token: await token('buyer'),
      },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ _state: { current: 'created' }, value: target.value });

    await call(t.app, 'DELETE', `/api/purchasing/order/${target._id}`, { token: await token('buyer') });
    const buyerPurge = await call(t.app, 'DELETE', `/api/purchasing/order/${target._id}/purge`, {
      token: await token('buyer'),
    });
    expect(buyerPurge.status).toBe(403);
    const purge = await call(t.app, 'DELETE', `/api/purchasing/order/${target._id}/purge`, {
      token: await token('admin'),
    });
    expect(purge.status).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/purchasing/order/${target._id}`, { token: await token('admin') }))
        .status,
    ).toBe(404);
  });
});

describe('permissions', () => {
  it("shows a supplier only its own company's orders, and 404 for the others", async () => {
    const { orders, beta } = await alfaBeta();
    // from the state in which an order is sent to the supplier: never a draft, approval or rejection
    const sent = ['erp-done', 'negotiation', 'completed', 'closed', 'archived'];
    const alfaCount = orders.filter(
      (o) => o.supplier?.name === 'Alfa Components Lda' && sent.includes(o._state.current),
    ).length;
    expect(alfaCount).toBeGreaterThan(0);
    expect(
      orders.some((o) => o.supplier?.name === 'Alfa Components Lda' && !sent.includes(o._state.current)),
    ).toBe(true);
    const mine = await list('supplier', '/api/purchasing/order?c=1&l=200');
    expect(mine.status).toBe(200);
    expect(mine.body.options.count).toBe(alfaCount);
    expect(mine.body.items.every((o) => sent.includes(o._state.current))).toBe(true);
    expect(mine.body.items.every((o) => o.supplier?.name === 'Alfa Components Lda')).toBe(true);
    const own = await call<DocumentResponse>(
      t.app,
      'GET',
      `/api/purchasing/order/${mine.body.items.find((o) => o.doc.subtype === 'P005')!._id}`,
      {
        token: await token('supplier'),
      },
    );
    expect(own.status).toBe(200);
    expect(own.body.lines?.map((l) => (l.tax as { group: string }).group)).toEqual([
      'deductible',
      'deductible',
      'non-deductible',
      'deductible',
      'deductible-intra',
    ]);
    for (const l of own.body.lines ?? []) {
      const group = (l.tax as { group?: string } | undefined)?.group;
      const view = l.supplierView as { displayValue: string; taxWarning?: string };
      expect(view.displayValue).toBe(group === 'non-deductible' ? l.value : l.netValue);
      if (group === 'deductible-intra') expect(view.taxWarning).toBe('Valor não presente na fatura');
    }
    const filtered = await list('supplier', `/api/purchasing/order?c=1&supplier._id=${beta.supplier!._id}`);
    expect(filtered.body.options.count).toBe(0);
    const other = await list('supplier2', '/api/purchasing/order?c=1&l=200');
    expect(other.body.items.every((o) => o.supplier?.name === 'Beta Logistics SA')).toBe(true);

    const tk = await token('supplier');
    for (const [method, url] of [
      ['GET', `/api/purchasing/order/${beta._id}`],
      ['PUT', `/api/purchasing/order/${beta._id}`],
      ['DELETE', `/api/purchasing/order/${beta._id}`],
      ['GET', `/api/purchasing/order/${beta._id}/edit-start`],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: tk,
        ...(method === 'PUT' ? { body: { _version: 1 } } : {}),
      });
      expect(res.status, `${method} ${url}`).toBe(404);
      errorOf(res.body);
    }
    // a list the supplier may not see is not found, as a document outside its scope (issue 11)
    expect((await list('supplier', '/api/purchasing/requisition')).status).toBe(404);
  });

  it('refuses order creation to suppliers but lets them file complaints for their own company', async () => {
    const { beta } = await alfaBeta();
    const order = await call(t.app, 'POST', '/api/purchasing/order', {
      token: await token('supplier'),
      body: NEW_ORDER(beta.supplier!._id),
    });
    expect(order.status).toBe(403);
    const complaint = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/complaint', {
      token: await token('supplier'),
      body: {
        description: 'Invoice mismatch',
        category: 'invoice',
        text: 'Wrong VAT',
        supplier: { _id: beta.supplier!._id },
      },
    });
    expect(complaint.status).toBe(200);
    expect(complaint.body.supplier?.name).toBe('Alfa Components Lda');
  });

  it('refuses a requester edits outside its orders (404) and on read-only models (403)', async () => {
    const { orders } = await alfaBeta();
    const spain = orders.find((o) => (o.group as { key?: string } | null)?.key === 'acme-spain')!;
    const tk = await token('requester');
    expect((await call(t.app, 'GET', `/api/purchasing/order/${spain._id}`, { token: tk })).status).toBe(404);
    const put = await call(t.app, 'PUT', `/api/purchasing/order/${spain._id}`, {
      token: tk,
      body: { _version: spain._version },
    });
    expect(put.status).toBe(404);
    const visible = await list('requester', '/api/purchasing/order?l=200');
    expect(visible.body.items.length).toBeGreaterThan(0);
    expect(visible.body.items.map((o) => o._id)).not.toContain(spain._id);
    const contracts = await list('requester', '/api/purchasing/contract');
    const contract = contracts.body.items[0]!;
    const refused = await call(t.app, 'PUT', `/api/purchasing/contract/${contract._id}`, {
      token: tk,
      body: { _version: contract._version },
    });
    expect(refused.status).toBe(403);
  });

  it("shows another user's edit in progress", async () => {
    const { alfa } = await alfaBeta();
    const start = await call<{ editing: unknown }>(
      t.app,
      'GET',
      `/api/purchasing/order/${alfa._id}/edit-start`,
      {
        token: await token('buyer'),
      },
    );
    expect(start.body).toEqual({ editing: null });
    const check = await call<{ editing: { user: { name: string }; ts: string } | null }>(
      t.app,
      'GET',
      `/api/purchasing/order/${alfa._id}/edit-check`,
      { token: await token('manager') },
    );
    expect(check.body.editing?.user.name).toBe('Beatriz Barros');
    expect(new Date(check.body.editing!.ts).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const own = await call<{ editing: unknown }>(
      t.app,
      'GET',
      `/api/purchasing/order/${alfa._id}/edit-check`,
      {
        token: await token('buyer'),
      },
    );
    expect(own.body).toEqual({ editing: null });
  });
});

describe('form group fields', () => {
  type Group = { model: string; key: string; label: string; fields: Array<{ src: string }> };
  it('answers the fields of one group and of several, 404 for an unknown group', async () => {
    const one = await call<Group>(t.app, 'GET', '/api/config/formGroupFields/order.delivery', {
      token: await token('buyer'),
    });
    expect(one.status).toBe(200);
    expect(one.body.label).toBe('Delivery');
    expect(one.body.fields.map((f) => f.src)).toContain('deliveryDate');
    const many = await call<Record<string, Group>>(t.app, 'POST', '/api/config/formGroupFields', {
      token: await token('buyer'),
      body: ['order.delivery', 'requisition.general'],
    });
    expect(Object.keys(many.body)).toEqual(['order.delivery', 'requisition.general']);
    const unknown = await call(t.app, 'GET', '/api/config/formGroupFields/order.nothing', {
      token: await token('buyer'),
    });
    expect(unknown.status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/config/formGroupFields/order', {
      token: await token('buyer'),
    });
    expect(errorOf(bad.body)._status).toBe(400);
  });
});

describe('enabled switch', () => {
  it('lets the supplier manager switch a supplier record off and on; others are refused', async () => {
    const manager = await token('manager-supplier');
    const created = await call<{ _id: string; enabled: boolean }>(t.app, 'POST', '/api/purchasing/supplier', {
      token: manager,
      body: { name: 'Omega Valves Lda', vat: 'PT509876543', address: { city: 'Braga', country: 'PT' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const url = `/api/purchasing/supplier/${created.body._id}/toggle-enabled`;
    const off = await call<{ enabled: boolean }>(t.app, 'PUT', url, {
      token: manager,
      body: { value: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.enabled).toBe(false);
    const on = await call<{ enabled: boolean }>(t.app, 'PUT', url, { token: manager, body: { value: true } });
    expect(on.body.enabled).toBe(true);
    const requester = await call(t.app, 'PUT', url, {
      token: await token('requester'),
      body: { value: false },
    });
    expect([403, 404]).toContain(requester.status);
    const bad = await call(t.app, 'PUT', url, { token: manager, body: { value: 'yes' } });
    expect(bad.status).toBe(400);
  });
});
