import type { DocumentList, DocumentListRow, DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/** Field rules on save and read, workflow transitions, timeline, duplicate and favorites. */

let t: TestApp;
const sessions: Record<string, { token: string; user: { _id: string } }> = {};
const session = async (u: string) => (sessions[u] ??= await signIn(t.app, u));
const token = async (u: string) => (await session(u)).token;
let all: DocumentListRow[] = [];
const sup = (name: string) => all.find((o) => o.supplier?.name === name)!.supplier!._id;

beforeAll(async () => {
  t = await createTestApp();
  all = (
    await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200', { token: await token('admin') })
  ).body.items;
});
afterAll(() => t.close());

const api = async <T = DocumentResponse>(
  user: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => call<T>(t.app, method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });

const order = (extra: Record<string, unknown> = {}) => ({
  doc: { subtype: 'P001' },
  description: 'Rules order',
  supplier: { _id: sup('Alfa Components Lda') },
  deliveryDate: '2026-10-01',
  lines: [{ item: 'MAT-1', quantity: 1, price: '100', tax: { key: 'IVA23' } }],
  ...extra,
});
const serviceLine = { item: 'SRV-1', type: 'service', quantity: 1, price: '500', tax: { key: 'IVA23' } };

describe('field rules on save', () => {
  it('never changes a field the user may not edit (editRoles), silently', async () => {
    const complaints = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/complaint')).body.items;
    const c = complaints.find((d) => d._state.current === 'created')!;
    const saved = await api('buyer', 'PUT', `/api/purchasing/complaint/${c._id}`, {
      ...c,
      response: 'Buyer wrote this',
      text: 'Three boxes arrived crushed (buyer).',
      _version: c._version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response).toBeUndefined();
    expect(saved.body.text).toBe('Three boxes arrived crushed (buyer).');
    const bySupplier = await api('supplier', 'PUT', `/api/purchasing/complaint/${c._id}`, {
      ...saved.body,
      response: 'Replacement shipped',
      _version: saved.body._version,
    });
    expect(bySupplier.status).toBe(200);
    expect(bySupplier.body.response).toBe('Replacement shipped');
  });

  it('answers 400 document.invalid listing the fields required in the state it goes to', async () => {
    const reqs = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/requisition')).body.items;
    // a requisition in approval is read-only (the model's readonly states): no save at all
    const waiting = reqs.find((d) => d._state.current === 'approval')!;
    const locked = await api('buyer', 'PUT', `/api/purchasing/requisition/${waiting._id}`, {
      ...waiting,
      description: 'changed while in approval',
      _version: waiting._version,
    });
    expect([locked.status, errorOf(locked.body).key]).toEqual([409, 'document.read-only']);

    const draft = reqs.find((d) => d._state.current === 'created' || d._state.current === 'updated')!;
    const full = (await api('buyer', 'GET', `/api/purchasing/requisition/${draft._id}`)).body;
    // description is required in every state, deliveryDate (requiredStates) from approval on
    const res = await api('buyer', 'PUT', `/api/purchasing/requisition/${draft._id}`, {
      ...full,
      deliveryDate: '',
      description: '',
      _version: full._version,
    });
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect([err.key, err._status]).toEqual(['document.invalid', 400]);
    expect(err.data.errors.map((e) => e.field)).toEqual(['description']);
    const saved = await api('buyer', 'PUT', `/api/purchasing/requisition/${draft._id}`, {
      ...full,
      deliveryDate: '',
      _version: full._version,
    });
    expect(saved.status).toBe(200);
    const submit = await api('buyer', 'POST', `/api/purchasing/requisition/${draft._id}/workflow`, {
      action: 'submit-approval',
      _version: saved.body._version,
    });
    expect(submit.status).toBe(400);
    expect(errorOf(submit.body).data.errors.map((e) => e.field)).toContain('deliveryDate');
  });

  it('keeps the data only the workflow writes: a save cannot name approvers or attach an approval', async () => {
    const me = (await session('buyer')).user;
    const created = await api('buyer', 'POST', '/api/purchasing/order', {
      ...order(),
      assignees: [{ _id: me._id, name: 'me' }],
      approval: { _id: '1', state: 'completed' },
    });
    expect(created.status).toBe(200);
    expect([created.body.assignees, created.body.approval]).toEqual([undefined, undefined]);
    const again = await api('buyer', 'PUT', `/api/purchasing/order/${created.body._id}`, {
      ...created.body,
      assignees: [{ _id: me._id, name: 'me' }],
      _version: created.body._version,
    });
    expect(again.status).toBe(200);
    expect(again.body.assignees).toBeUndefined();
  });

  it('requires the risk fields on a service-line order; GDPR 1 exempts evaluationId', async () => {
    const res = await api('buyer', 'POST', '/api/purchasing/order', order({ lines: [serviceLine] }));
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors.map((e) => e.field)).toEqual(
      expect.arrayContaining([
        'risk.contract',
        'risk.E',
        'risk.HS',
        'risk.gdpr',
        'risk.cyber',
        'businessPlan',
      ]),
    );
    const risk = { contract: 1, E: 1, HS: 2, cyber: 3 };
    const gdpr2 = await api('buyer', 'POST', '/api/purchasing/order', {
      ...order({ lines: [serviceLine] }),
      risk: { ...risk, gdpr: '2' },
      businessPlan: 'Plan',
    });
    expect(gdpr2.status).toBe(400);
    expect(errorOf(gdpr2.body).data.errors.map((e) => e.field)).toEqual(['evaluationId']);
    const gdpr1 = await api('buyer', 'POST', '/api/purchasing/order', {
      ...order({ lines: [serviceLine] }),
      risk: { ...risk, gdpr: '1' },
      businessPlan: 'Plan',
    });
    expect(gdpr1.status).toBe(200);
    const line = await api(
      'buyer',
      'POST',
      '/api/purchasing/order',
      order({ lines: [{ item: 'X', quantity: 1 }] }),
    );
    expect(line.status).toBe(400);
    expect(errorOf(line.body).data.errors[0]).toMatchObject({
      field: 'price',
      line: { pos: 10, subpos: 0, key: 'X' },
    });
  });

  it('keeps the address country of a P999 order and the locked header of a reference-contract order', async () => {
    const p999 = await api('buyer', 'POST', '/api/purchasing/order', {
      ...order({ doc: { subtype: 'P999' } }),
      address: { city: 'Porto', country: 'PT' },
    });
    expect(p999.status).toBe(200);
    expect(p999.body.address).toEqual({ city: 'Porto' });
    const again = await api('buyer', 'PUT', `/api/purchasing/order/${p999.body._id}`, {
      ...p999.body,
      address: { city: 'Braga', country: 'ES' },
      _version: 1,
    });
    expect(again.body.address).toEqual({ city: 'Braga' });

    const ref = await api('buyer', 'POST', '/api/purchasing/order', {
      ...order({ doc: { subtype: 'P011' } }),
      reference: { contract: 'CT-2026-001' },
      currency: 'EUR',
    });
    expect(ref.status).toBe(200);
    expect(ref.body).toMatchObject({ currency: 'EUR', paymentTerms: '60D', deliveryLock: true });
    const changed = await api('buyer', 'PUT', `/api/purchasing/order/${ref.body._id}`, {
      ...ref.body,
      currency: 'USD',
      paymentTerms: '30D',
      supplier: { _id: sup('Beta Logistics SA') },
      reference: { contract: 'OTHER' },
      description: 'Call-off changed',
      _version: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      currency: 'EUR',
      paymentTerms: '60D',
      reference: { contract: 'CT-2026-001' },
      description: 'Call-off changed',
    });
    expect(changed.body.supplier?.name).toBe('Alfa Components Lda');
  });

  it('removes fields the user may not view (viewRoles) from reads and lists', async () => {
    const requester = (await session('requester')).user._id;
    const created = await api('buyer', 'POST', '/api/purchasing/order', {
      ...order(),
      supplierNotes: 'Internal notes for the supplier',
      requester: { _id: requester },
    });
    expect(created.body.supplierNotes).toBe('Internal notes for the supplier');
    const asRequester = await api('requester', 'GET', `/api/purchasing/order/${created.body._id}`);
    expect(asRequester.status).toBe(200);
    expect(asRequester.body).not.toHaveProperty('supplierNotes');
    const listed = await api<DocumentList>('requester', 'GET', '/api/purchasing/order?l=200');
    expect(listed.body.items.find((d) => d._id === created.body._id)).not.toHaveProperty('supplierNotes');
  });
});

describe('workflow', () => {
  it('offers, applies and records transitions; comments where required', async () => {
    const created = await api('buyer', 'POST', '/api/purchasing/order', order());
    const id = created.body._id;
    expect(created.body._actions.transitions.map((x) => x.name)).toEqual(['submit-approval']);
    expect(created.body._actions.actions.map((x) => x.name)).toEqual(
      expect.arrayContaining(['edit', 'delete', 'duplicate', 'favorite']),
    );
    expect(created.body._permissions).toEqual({ edit: true, delete: true, duplicate: true });
    const url = `/api/purchasing/order/${id}/workflow`;
    const notOffered = await api('buyer', 'POST', url, { action: 'approve' });
    expect(notOffered.status).toBe(409);
    expect(errorOf(notOffered.body).key).toBe('workflow.not-available');
    const stale = await api('buyer', 'POST', url, { action: 'submit-approval', _version: 9 });
    expect(stale.status).toBe(409);
    const submitted = await api('buyer', 'POST', url, { action: 'submit-approval', _version: 1 });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ _state: { current: 'approval' }, _version: 2 });
    const noComment = await api('manager', 'POST', url, { action: 'reject', comment: '  ' });
    expect(noComment.status).toBe(400);
    expect(errorOf(noComment.body).data.errors).toEqual([
      { field: 'comment', message: 'A comment is required.' },
    ]);
    const rejected = await api('manager', 'POST', url, { action: 'reject', comment: 'Price too high' });
    expect(rejected.body).toMatchObject({ _state: { current: 'rejected' }, _version: 3 });
    const timeline = await api<{
      steps: Array<{ name: string; status: string }>;
      items: Array<{ state: string; text: string | null; user: { name: string }; count: number }>;
    }>('buyer', 'GET', `/api/communication/messages/order/${id}`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.items.map((m) => m.state)).toEqual(['created', 'approval', 'rejected']);
    expect(timeline.body.items[2]).toMatchObject({
      text: 'Price too high',
      user: { name: 'Miguel Moreira' },
    });
    expect(timeline.body.steps[0]).toMatchObject({ name: 'created', status: 'active' });
    const resubmit = await api('buyer', 'POST', url, { action: 'submit-approval' });
    const approved = await api('manager', 'POST', url, { action: 'approve' });
    expect([resubmit.status, approved.body._state.current]).toEqual([200, 'approved']);
    expect(approved.body._permissions.edit).toBe(false);
  });

  it('is scoped (404), refuses disabled actions with the reason, and never moves a deleted document', async () => {
    const beta = all.find((o) => o.supplier?.name === 'Beta Logistics SA')!;
    const out = await api('supplier', 'POST', `/api/purchasing/order/${beta._id}/workflow`, {
      action: 'confirm',
    });
    expect(out.status).toBe(404);
    expect((await api('supplier', 'GET', `/api/communication/messages/order/${beta._id}`)).status).toBe(404);
    const negotiation = all.find((o) => o._state.current === 'negotiation')!;
    const confirm = await api('supplier', 'POST', `/api/purchasing/order/${negotiation._id}/workflow`, {
      action: 'confirm',
    });
    expect(confirm.status).toBe(409);
    expect(errorOf(confirm.body).message).toBe('Only a buyer can confirm a document in negotiation.');
    const byBuyer = await api('buyer', 'POST', `/api/purchasing/order/${negotiation._id}/workflow`, {
      action: 'confirm',
    });
    expect(byBuyer.body._state.current).toBe('completed');
    const created = await api('buyer', 'POST', '/api/purchasing/order', order());
    await api('buyer', 'DELETE', `/api/purchasing/order/${created.body._id}`);
    const moved = await api('buyer', 'POST', `/api/purchasing/order/${created.body._id}/workflow`, {
      action: 'submit-approval',
    });
    expect(moved.status).toBe(409);
  });

  it('lets a supplier submit information on its own complaint with a comment', async () => {
    const complaints = (await api<DocumentList>('supplier', 'GET', '/api/purchasing/complaint')).body.items;
    const own = complaints[0]!;
    const res = await api('supplier', 'POST', `/api/purchasing/complaint/${own._id}/workflow`, {
      action: 'submit-info',
      comment: 'Replacement shipped on Monday',
    });
    expect(res.status).toBe(200);
    expect(res.body._state.current).toBe('approval');
  });
});

describe('duplicate and favorites', () => {
  it('duplicates into a new created document with a new number of the server, values recomputed', async () => {
    const p001 = all.find((o) => o.doc.subtype === 'P001')!;
    const source = await api('buyer', 'GET', `/api/purchasing/order/${p001._id}`);
    const copy = await api('buyer', 'POST', `/api/purchasing/order/${p001._id}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.body._id).not.toBe(p001._id);
    expect(copy.body.key).toMatch(/^PO-\d{6}$/);
    expect(copy.body.key).not.toBe(source.body.key);
    expect(copy.body).toMatchObject({
      _state: { current: 'created' },
      _version: 1,
      value: source.body.value,
    });
    expect(copy.body.lines).toHaveLength(source.body.lines!.length);
    const p005 = all.find((o) => o.doc.subtype === 'P005')!;
    expect((await api('buyer', 'POST', `/api/purchasing/order/${p005._id}/duplicate`)).status).toBe(403);
    // a draft is not the supplier's to see, let alone copy
    expect((await api('supplier', 'POST', `/api/purchasing/order/${p001._id}/duplicate`)).status).toBe(404);
  });

  it('toggles favorites and lists them grouped by model for their owner only', async () => {
    const me = (await session('buyer')).user._id;
    const target = all.find((o) => o.doc.subtype === 'P002')!;
    const on = await api<{ favorite: boolean }>(
      'buyer',
      'POST',
      `/api/purchasing/order/${target._id}/favorite`,
    );
    expect(on.body).toEqual({ favorite: true });
    const groups = await api<
      Array<{
        label: string;
        model: string;
        route: string;
        items: Array<{ _id: string; url: string; name: string }>;
      }>
    >('buyer', 'GET', `/api/profile/favorites/${me}`);
    expect(groups.body).toEqual([
      {
        label: 'Orders',
        model: 'order',
        route: '/order',
        items: [
          {
            _id: target._id,
            name: `${target.key} - Warehouse transport services, March`,
            url: `/order/${target._id}`,
          },
        ],
      },
    ]);
    expect((await api('manager', 'GET', `/api/profile/favorites/${me}`)).status).toBe(403);
    const off = await api<{ favorite: boolean }>(
      'buyer',
      'POST',
      `/api/purchasing/order/${target._id}/favorite`,
    );
    expect(off.body).toEqual({ favorite: false });
    expect((await api('buyer', 'GET', `/api/profile/favorites/${me}`)).body).toEqual([]);
    const beta = all.find((o) => o.supplier?.name === 'Beta Logistics SA')!;
    expect((await api('supplier', 'POST', `/api/purchasing/order/${beta._id}/favorite`)).status).toBe(404);
  });
});
