import { REASONS, type DocumentList, type DocumentResponse, type TimelineResponse } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (user: string, model: string, id: string) =>
  call<DocumentResponse>(t.app, 'GET', `/api/purchasing/${model}/${id}`, { token: await token(user) });
const reopen = async (user: string, model: string, id: string, body: object = {}) =>
  call<DocumentResponse>(t.app, 'POST', `/api/purchasing/${model}/${id}/reopen`, {
    token: await token(user),
    body,
  });

async function demo(model: string) {
  const res = await call<DocumentList>(t.app, 'GET', `/api/purchasing/${model}?l=200`, {
    token: await token('admin'),
  });
  return res.body.items;
}

/** Puts a document in `state` with a creation time `days` ago, as the database would hold it. */
async function setState(id: string, state: string, days = 0) {
  await sql`update documents set state = ${state}, created_at = now() - make_interval(days => ${days})
    where id = ${id}::bigint`.execute(t.conn.db);
}

/** A new order of the buyer for the supplier company `supplierName`, moved to `state`. */
async function order(supplierName: string, state: string, days = 0) {
  const supplier = (await demo('order')).find((o) => o.supplier?.name === supplierName)!.supplier!;
  const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
    token: await token('buyer'),
    body: {
      doc: { subtype: 'P001' },
      description: `Reopen test (${state}, ${days} days)`,
      supplier: { _id: supplier._id },
      currency: 'EUR',
      deliveryDate: '2026-09-30',
      lines: [{ item: 'MAT-1001', quantity: 5, price: '3.45' }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await setState(created.body._id, state, days);
  return created.body._id;
}

describe('reopen (POST /purchasing/{model}/{id}/reopen)', () => {
  it('lets the buyer reopen a closed order: state updated, version + 1, timeline entry, editable again', async () => {
    const closed = (await demo('order')).find((o) => o._state.current === 'closed')!;
    const before = await get('buyer', 'order', closed._id);
    expect(before.body._actions.actions.find((a) => a.name === 'reopen')).toMatchObject({ disabled: false });
    expect(before.body._permissions.edit).toBe(false);

    const res = await reopen('buyer', 'order', closed._id, {
      comment: '  Supplier sent a credit note ',
      _version: before.body._version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body._state.current).toBe('updated');
    expect(res.body._version).toBe(before.body._version + 1);
    expect(res.body._permissions.edit).toBe(true);
    expect(res.body._actions.actions.map((a) => a.name)).not.toContain('reopen');
    // key and values are untouched
    expect(res.body.key).toBe(before.body.key);
    expect(res.body.value).toBe(before.body.value);

    const timeline = await call<TimelineResponse>(
      t.app,
      'GET',
      `/api/communication/messages/order/${closed._id}`,
      {
        token: await token('buyer'),
      },
    );
    expect(timeline.body.items.at(-1)).toMatchObject({
      state: 'updated',
      text: 'Supplier sent a credit note',
      tracking: { action: 'reopen', from: 'closed', to: 'updated' },
    });

    // once open it is not reopened again
    const again = await reopen('buyer', 'order', closed._id);
    expect(again.status).toBe(409);
    expect(errorOf(again.body).key).toBe('document.reopen-state');
  });

  it('refuses a document created more than 365 days ago with the domain reason (409)', async () => {
    const id = await order('Alfa Components Lda', 'archived', 400);
    const read = await get('buyer', 'order', id);
    expect(read.body._actions.actions.find((a) => a.name === 'reopen')).toMatchObject({
      disabled: true,
      reason: REASONS.reopenLimit,
    });
    const res = await reopen('buyer', 'order', id);
    expect(res.status).toBe(409);
    const err = errorOf(res.body);
    expect(err.message).toBe(REASONS.reopenLimit);
    expect(err.key).toBe('document.reopen-expired');
    expect((await get('buyer', 'order', id)).body._state.current).toBe('archived');
    // 364 days is still within the limit
    const recent = await order('Alfa Components Lda', 'closed', 364);
    expect((await reopen('buyer', 'order', recent)).status).toBe(200);
  });

  it('refuses suppliers (403 on their own order, 404 on another company) and roles without edit rights', async () => {
    const id = await order('Alfa Components Lda', 'closed');
    const own = await reopen('supplier', 'order', id);
    expect(own.status).toBe(403);
    expect(errorOf(own.body)._status).toBe(403);
    expect((await get('supplier', 'order', id)).body._actions.actions.map((a) => a.name)).not.toContain(
      'reopen',
    );
    expect((await reopen('supplier2', 'order', id)).status).toBe(404);
    expect((await reopen('auditor', 'order', id)).status).toBe(403);
    expect((await get('buyer', 'order', id)).body._state.current).toBe('closed');
    const anonymous = await call(t.app, 'POST', `/api/purchasing/order/${id}/reopen`, { body: {} });
    expect(anonymous.status).toBe(401);
  });

  it('refuses documents that are not closed or archived, and a stale version', async () => {
    const open = (await demo('order')).find((o) => o._state.current === 'created')!;
    const res = await reopen('buyer', 'order', open._id);
    expect(res.status).toBe(409);
    expect(errorOf(res.body).message).toBe('Only closed or archived documents can be reopened.');
    const id = await order('Beta Logistics SA', 'closed');
    const stale = await reopen('buyer', 'order', id, { _version: 99 });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).key).toBe('document.stale');
    expect((await reopen('buyer', 'order', '999999999')).status).toBe(404);
  });

  it('reopens closed complaints, contracts and requisitions too', async () => {
    for (const model of ['complaint', 'contract', 'requisition']) {
      const doc = (await demo(model))[0]!;
      await setState(doc._id, 'closed');
      const res = await reopen('buyer', model, doc._id, { comment: 'Closed by mistake' });
      expect(res.status, `${model}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body._state.current).toBe('updated');
    }
  });
});

describe('approved supplier records', () => {
  it('stay editable by their own supplier (contacts, address); legal name, VAT and IBAN stay with the supplier manager', async () => {
    const mine = await call<DocumentList>(t.app, 'GET', '/api/purchasing/supplier', {
      token: await token('supplier'),
    });
    expect(mine.body.items).toHaveLength(1);
    const record = (await get('supplier', 'supplier', mine.body.items[0]!._id)).body;
    expect(record._state.current).toBe('approved');
    expect(record.name).toBe('Alfa Components Lda');
    expect(record._permissions.edit).toBe(true);
    expect(record._actions.actions.map((a) => a.name)).toContain('edit');

    const saved = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/supplier/${record._id}`, {
      token: await token('supplier'),
      body: {
        ...record,
        email: 'sales@alfa.example.com',
        phone: '+351 210 000 111',
        address: { ...(record.address as object), street: 'Rua Castilho 50' },
        name: 'Alfa Renamed SA',
        vat: 'PT999999990',
        iban: 'PT50000000000000000000001',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body._state.current).toBe('approved');
    expect(saved.body.email).toBe('sales@alfa.example.com');
    expect((saved.body.address as { street: string }).street).toBe('Rua Castilho 50');
    expect(saved.body.name).toBe('Alfa Components Lda');
    expect(saved.body.vat).toBe(record.vat);
    expect(saved.body.iban).toBe(record.iban);
    expect(saved.body._version).toBe(record._version + 1);
  });

  it("are not found for another company's supplier, and correctable by the supplier manager", async () => {
    const all = await demo('supplier');
    const beta = all.find((s) => s.name === 'Beta Logistics SA')!;
    const foreign = await call(t.app, 'PUT', `/api/purchasing/supplier/${beta._id}`, {
      token: await token('supplier'),
      body: { ...beta, email: 'x@example.com' },
    });
    expect(foreign.status).toBe(404);
    expect((await get('supplier', 'supplier', beta._id)).status).toBe(404);

    const full = (await get('manager-supplier', 'supplier', beta._id)).body;
    expect(full._permissions.edit).toBe(true);
    const corrected = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/supplier/${beta._id}`, {
      token: await token('manager-supplier'),
      body: { ...full, vat: 'ESA28123457', iban: 'ES9121000418450200051332' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.vat).toBe('ESA28123457');
    expect(corrected.body.iban).toBe('ES9121000418450200051332');
    expect(corrected.body._state.current).toBe('approved');

    // the supplier manager also switches an approved record off (the list's enabled column)
    const off = await call<DocumentResponse>(
      t.app,
      'PUT',
      `/api/purchasing/supplier/${beta._id}/toggle-enabled`,
      {
        token: await token('manager-supplier'),
        body: { value: false },
      },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.enabled).toBe(false);

    // the supplier edits its own record but not whether it is enabled: refused, not ignored
    const alfa = all.find((s) => s.name === 'Alfa Components Lda')!;
    const own = await call(t.app, 'PUT', `/api/purchasing/supplier/${alfa._id}/toggle-enabled`, {
      token: await token('supplier'),
      body: { value: false },
    });
    expect(own.status).toBe(403);
    expect(errorOf(own.body).message).toBe("You are not allowed to change 'Enabled'.");
    expect((await get('manager-supplier', 'supplier', alfa._id)).body.enabled).not.toBe(false);

    // buyers see supplier records but do not edit them
    const buyer = await call(t.app, 'PUT', `/api/purchasing/supplier/${beta._id}`, {
      token: await token('buyer'),
      body: { ...corrected.body, email: 'y@example.com' },
    });
    expect(buyer.status).toBe(403);
  });
});
