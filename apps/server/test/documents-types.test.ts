import type { DocumentList, DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/** CRUD smoke for every model type: create as an allowed role, read, update, list, delete or refuse. */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);
let alfaId = '';

beforeAll(async () => {
  t = await createTestApp();
  const orders = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200', {
    token: await token('admin'),
  });
  alfaId = (
    orders.body.items.find((o) => (o.supplier as { name?: string })?.name === 'Alfa Components Lda')!
      .supplier as { _id: string }
  )._id;
});
afterAll(() => t.close());

const line = { item: 'MAT-1', quantity: 2, price: '10', tax: { key: 'IVA23' } };

interface Case {
  model: string;
  creator: string;
  body: () => Record<string, unknown>;
  /** who deletes, and the expected status; a refused delete is retried by `deleter` */
  refuse?: { user: string; status: number };
  deleter: string;
}

const CASES: Case[] = [
  {
    model: 'requisition',
    creator: 'requester',
    body: () => ({ doc: { subtype: 'R001' }, description: 'Smoke requisition', lines: [line] }),
    deleter: 'requester',
  },
  {
    model: 'contract',
    creator: 'buyer',
    body: () => ({
      doc: { subtype: 'C003' },
      description: 'Smoke contract',
      supplier: { _id: alfaId },
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      lines: [line],
    }),
    refuse: { user: 'requester', status: 403 },
    deleter: 'buyer',
  },
  {
    model: 'order',
    creator: 'buyer',
    body: () => ({
      doc: { subtype: 'P001' },
      description: 'Smoke order',
      supplier: { _id: alfaId },
      deliveryDate: '2026-10-01',
      lines: [line],
    }),
    // a draft order does not exist for its supplier: it is sent to it from erp-done on
    refuse: { user: 'supplier', status: 404 },
    deleter: 'buyer',
  },
  {
    model: 'reception',
    creator: 'requester',
    body: () => ({
      description: 'Smoke reception',
      reference: { order: '4500012304' },
      receivedAt: '2026-04-01',
      lines: [line],
    }),
    refuse: { user: 'requester', status: 403 },
    deleter: 'buyer',
  },
  {
    model: 'contract-evaluation',
    creator: 'buyer',
    body: () => ({ description: 'Smoke contract evaluation', parent: 'CT-2026-001' }),
    deleter: 'buyer',
  },
  {
    model: 'order-evaluation',
    creator: 'requester',
    body: () => ({ description: 'Smoke order evaluation', parent: '4500012304' }),
    refuse: { user: 'requester', status: 403 },
    deleter: 'buyer',
  },
  {
    model: 'complaint',
    creator: 'supplier',
    body: () => ({ description: 'Smoke complaint', category: 'delivery', text: 'Late again.' }),
    deleter: 'supplier',
  },
  {
    model: 'purchase-rfx',
    creator: 'rfx-manager',
    body: () => ({
      description: 'Smoke RFx',
      rfxType: 'RFQ',
      closingDate: '2026-07-31',
      lines: [{ ...line, type: 'service' }],
    }),
    deleter: 'rfx-manager',
  },
  {
    model: 'supplier',
    creator: 'manager-supplier',
    body: () => ({ name: 'Smoke Supplies Lda', vat: 'PT500000000', email: 'smoke@example.com' }),
    refuse: { user: 'buyer', status: 403 },
    deleter: 'manager-supplier',
  },
];

describe('CRUD of every model type', () => {
  for (const c of CASES) {
    it(`${c.model}: create, read, update, list, delete`, async () => {
      const tk = await token(c.creator);
      const base = `/api/purchasing/${c.model}`;
      const created = await call<DocumentResponse>(t.app, 'POST', base, { token: tk, body: c.body() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({ _state: { current: 'created' }, _version: 1 });
      expect(created.body.key).toMatch(/^[A-Z]{2,3}-\d{6}$/);
      const id = created.body._id;

      const read = await call<DocumentResponse>(t.app, 'GET', `${base}/${id}`, { token: tk });
      expect(read.status).toBe(200);
      expect(read.body._permissions.edit).toBe(true);

      const saved = await call<DocumentResponse>(t.app, 'PUT', `${base}/${id}`, {
        token: tk,
        body: { ...read.body, description: `${c.model} changed`, _version: 1 },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ _version: 2, _state: { current: 'updated' } });
      if (c.model !== 'supplier') expect(saved.body.description).toBe(`${c.model} changed`);

      const list = await call<DocumentList>(t.app, 'GET', `${base}?l=200`, { token: tk });
      expect(list.body.items.map((d) => d._id)).toContain(id);

      if (c.refuse) {
        const refused = await call(t.app, 'DELETE', `${base}/${id}`, { token: await token(c.refuse.user) });
        expect(refused.status).toBe(c.refuse.status);
        errorOf(refused.body);
      }
      const del = await call(t.app, 'DELETE', `${base}/${id}`, { token: await token(c.deleter) });
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      const gone = await call<DocumentResponse>(t.app, 'GET', `${base}/${id}`, {
        token: await token(c.deleter),
      });
      expect(gone.body._state.current).toBe('deleted');
      expect(gone.body._permissions).toEqual({ edit: false, delete: false, duplicate: false });
    });
  }

  it('a requester prices requisition lines with an estimated price (issue 11); a buyer may reprice', async () => {
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/requisition', {
      token: await token('requester'),
      body: { doc: { subtype: 'R001' }, description: 'Estimated', lines: [line] },
    });
    expect(created.status).toBe(200);
    expect(Number(created.body.lines?.[0]?.price)).toBe(10);
    expect(created.body.lines?.[0]).toMatchObject({ item: 'MAT-1', type: 'material', unit: 'UN' });
    expect(created.body.value).toBe('24.60');
    const priced = await call<DocumentResponse>(
      t.app,
      'PUT',
      `/api/purchasing/requisition/${created.body._id}`,
      {
        token: await token('buyer'),
        body: { ...created.body, lines: [{ ...line, pos: 10, price: '12' }], _version: 1 },
      },
    );
    expect(priced.status).toBe(200);
    expect(priced.body.value).toBe('29.52');
  });
});
