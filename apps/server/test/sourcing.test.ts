import type { DocumentList, DocumentResponse, Notification } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Sourcing end to end through the API (PGlite, or PostgreSQL with DATABASE_URL): a requisition
 * goes to sourcing, its RFx invites two suppliers, each reads and submits only its own proposal,
 * and the award makes the order draft and closes the requisition. Suppliers never see the RFx.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);
const api = async <T = DocumentResponse>(
  user: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => call<T>(t.app, method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });
const get = (user: string, model: string, id: string) => api(user, 'GET', `/api/purchasing/${model}/${id}`);
const move = async (user: string, model: string, doc: DocumentResponse, action: string, comment?: string) =>
  api(user, 'POST', `/api/purchasing/${model}/${doc._id}/workflow`, {
    action,
    _version: doc._version,
    ...(comment ? { comment } : {}),
  });
const moved = async (
  user: string,
  model: string,
  doc: DocumentResponse,
  action: string,
  comment?: string,
) => {
  const res = await move(user, model, doc, action, comment);
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const save = async (user: string, model: string, doc: DocumentResponse, changes: Record<string, unknown>) => {
  const res = await api(user, 'PUT', `/api/purchasing/${model}/${doc._id}`, { ...doc, ...changes });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const supplierRef = async (q: string) => {
  const res = await api<{ items: Array<{ _id: string; name: string }> }>(
    'buyer',
    'GET',
    `/api/reference/supplier?q=${q}`,
  );
  return { _id: res.body.items[0]!._id, name: res.body.items[0]!.name };
};
const refOf = (value: unknown) => (value as { _id?: string } | undefined)?._id;
const future = `${new Date().getUTCFullYear() + 1}-06-30`;

let alfa: { _id: string; name: string };
let beta: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  alfa = await supplierRef('alfa');
  beta = await supplierRef('beta');
});
afterAll(() => t.close());

/** A requester's requisition with two lines, sent to sourcing: the requisition and its RFx. */
async function requisitionInSourcing(description: string) {
  const created = await api('requester', 'POST', '/api/purchasing/requisition', {
    doc: { subtype: 'R002' },
    description,
    lines: [
      // the requester's estimated prices (requisition lines require one)
      {
        item: 'SRV-0300',
        description: 'Cleaning (monthly)',
        quantity: '12',
        price: '1400',
        type: 'material',
      },
      { item: 'MAT-9001', description: 'Consumables', quantity: '40', price: '2.1' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const requisition = await moved('requester', 'requisition', created.body, 'workflow');
  const rfx = await get(
    'rfx-manager',
    'purchase-rfx',
    refOf((requisition.reference as { rfx?: unknown }).rfx)!,
  );
  expect(rfx.status).toBe(200);
  return { requisition, rfx: rfx.body };
}

/** The RFx with invited suppliers and a closing date, opened for proposals. */
async function openRfx(rfx: DocumentResponse, suppliers: Array<{ _id: string; name: string }>) {
  const ready = await save('rfx-manager', 'purchase-rfx', rfx, { suppliers, closingDate: future });
  return moved('rfx-manager', 'purchase-rfx', ready, 'workflow');
}

const proposalsOf = async (user: string) =>
  (await api<DocumentList>(user, 'GET', '/api/purchasing/rfx-proposal?l=200')).body.items;

describe('a requisition goes to sourcing', () => {
  it('makes the RFx from the requisition: reference, lines, group; the requisition is in rfq', async () => {
    const { requisition, rfx } = await requisitionInSourcing('Cleaning services for the Porto plant');
    expect(requisition._state.current).toBe('rfq');
    expect(requisition._permissions.edit).toBe(false);
    expect(rfx).toMatchObject({
      _state: { current: 'created' },
      description: 'Cleaning services for the Porto plant',
      reference: { requisition: { _id: requisition._id, key: requisition.key } },
      group: { _id: (requisition.group as { _id: string })._id },
    });
    expect(rfx.key).toMatch(/^RFX-\d{6}$/);
    expect(rfx.lines?.map((l) => [l.item, l.quantity])).toEqual([
      ['SRV-0300', '12.000'],
      ['MAT-9001', '40.000'],
    ]);
    // the requester reads the link on the requisition, the RFx itself is the sourcing team's
    expect((requisition.reference as { rfx?: { key?: string } }).rfx?.key).toBe(rfx.key);
    expect((await get('requester', 'purchase-rfx', rfx._id)).status).toBe(404);
    const timeline = await api<{ items?: unknown[] }>(
      'rfx-manager',
      'GET',
      `/api/communication/messages/purchase-rfx/${rfx._id}`,
    );
    expect(JSON.stringify(timeline.body)).toContain(`Created from requisition ${requisition.key}.`);
  });

  it('reject-request brings the requisition back with its comment and withdraws the draft RFx', async () => {
    const { requisition, rfx } = await requisitionInSourcing('Scaffolding rental');
    const silent = await move('buyer', 'requisition', requisition, 'reject-request');
    expect(silent.status).toBe(400);
    expect(errorOf(silent.body).key).toBe('workflow.comment-required');
    const back = await moved(
      'buyer',
      'requisition',
      requisition,
      'reject-request',
      'Buy it from the catalogue.',
    );
    expect(back._state.current).toBe('rfq-rejected');
    expect((back.reference as { rfx?: unknown } | undefined)?.rfx).toBeUndefined();
    expect((await get('rfx-manager', 'purchase-rfx', rfx._id)).body._state.current).toBe('deleted');
    const trash = await api<DocumentList>('rfx-manager', 'GET', '/api/purchasing/purchase-rfx/trash?l=200');
    expect(trash.body.items.map((r) => r._id)).toContain(rfx._id);
    // the requester changes it and sends it again: a new RFx
    const edited = await save('requester', 'requisition', back, {
      description: 'Scaffolding rental (3 months)',
    });
    expect(edited._state.current).toBe('rfq-rejected');
    const again = await moved('requester', 'requisition', edited, 'workflow');
    expect(refOf((again.reference as { rfx?: unknown }).rfx)).not.toBe(rfx._id);
  });

  it('refuses reject-request once the RFx is open to suppliers', async () => {
    const { requisition, rfx } = await requisitionInSourcing('Forklift maintenance');
    await openRfx(rfx, [alfa]);
    const refused = await move('rfx-manager', 'requisition', requisition, 'reject-request', 'Too late.');
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).key).toBe('sourcing.rfx-under-way');
    expect((await get('buyer', 'requisition', requisition._id)).body._state.current).toBe('rfq');
  });
});

describe('the RFx invites suppliers, each reads only its own proposal, the award makes the order', () => {
  it('runs from the requisition to the order draft', async () => {
    const { requisition, rfx } = await requisitionInSourcing('Industrial cleaning 2027');
    // never visible to suppliers, not even once they are invited
    for (const s of ['supplier', 'supplier2'])
      expect((await get(s, 'purchase-rfx', rfx._id)).status).toBe(404);
    const noSuppliers = await move('rfx-manager', 'purchase-rfx', rfx, 'workflow');
    expect(noSuppliers.status).toBe(400);
    expect(errorOf(noSuppliers.body).key).toBe('sourcing.no-suppliers');

    const before = {
      supplier: (await proposalsOf('supplier')).length,
      supplier2: (await proposalsOf('supplier2')).length,
    };
    const open = await openRfx(rfx, [alfa, beta]);
    expect(open._state.current).toBe('proposal');
    for (const s of ['supplier', 'supplier2', 'supplier-user'])
      expect((await get(s, 'purchase-rfx', rfx._id)).status).toBe(404);

    // each invited supplier has its proposal (the invitation) and sees none of the other's
    const mine = async (user: string) =>
      (await proposalsOf(user)).filter((p) => (p as { rfxNumber?: string }).rfxNumber === rfx.key);
    const [alfaRow] = await mine('supplier');
    const [betaRow] = await mine('supplier2');
    expect((await proposalsOf('supplier')).length).toBe(before.supplier + 1);
    expect((await proposalsOf('supplier2')).length).toBe(before.supplier2 + 1);
    expect(refOf(alfaRow!.supplier)).toBe(alfa._id);
    expect(refOf(betaRow!.supplier)).toBe(beta._id);
    expect((await mine('supplier-user')).map((p) => p._id)).toEqual([alfaRow!._id]);
    expect((await get('supplier', 'rfx-proposal', betaRow!._id)).status).toBe(404);
    expect((await get('supplier2', 'rfx-proposal', alfaRow!._id)).status).toBe(404);
    const alfaProposal = (await get('supplier', 'rfx-proposal', alfaRow!._id)).body;
    expect(alfaProposal).toMatchObject({
      _state: { current: 'created' },
      rfxNumber: rfx.key,
      description: 'Industrial cleaning 2027',
      closingDate: future,
    });
    // the internal link to the RFx is not the supplier's; what it needs of the RFx is there
    expect((alfaProposal.reference as { rfx?: unknown } | undefined)?.rfx).toBeUndefined();
    expect(alfaProposal.lines?.map((l) => [l.item, l.quantity, l.price])).toEqual([
      ['SRV-0300', '12.000', '0.00000'],
      ['MAT-9001', '40.000', '0.00000'],
    ]);
    const notes = await api<Notification[]>('supplier', 'GET', '/api/communication/notifications');
    expect(JSON.stringify(notes.body)).toContain(`/rfx-proposal/${alfaRow!._id}`);
    const betaNotes = await api<Notification[]>('supplier2', 'GET', '/api/communication/notifications');
    expect(JSON.stringify(betaNotes.body)).not.toContain(`/rfx-proposal/${alfaRow!._id}`);

    // a proposal without prices is not submitted; with them it is
    const empty = await move('supplier', 'rfx-proposal', alfaProposal, 'confirm');
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body).key).toBe('sourcing.proposal-incomplete');
    const price = (doc: DocumentResponse, prices: string[]) =>
      save(doc.supplier && refOf(doc.supplier) === alfa._id ? 'supplier' : 'supplier2', 'rfx-proposal', doc, {
        lines: doc.lines!.map((l, i) => ({ ...l, price: prices[i], tax: { key: 'IVA23' } })),
        validUntil: future,
      });
    const alfaPriced = await price(alfaProposal, ['1500', '2.5']);
    expect(alfaPriced.lines?.map((l) => l.price)).toEqual(['1500.00000', '2.50000']);
    expect(alfaPriced.lines?.map((l) => l.item)).toEqual(['SRV-0300', 'MAT-9001']);
    const alfaSubmitted = await moved('supplier', 'rfx-proposal', alfaPriced, 'confirm');
    expect(alfaSubmitted._state.current).toBe('completed');
    const betaPriced = await price((await get('supplier2', 'rfx-proposal', betaRow!._id)).body, [
      '1700',
      '2.1',
    ]);
    await moved('supplier2', 'rfx-proposal', betaPriced, 'confirm');

    // inspection: both submitters; the award plan needs a submitted proposal of this RFx
    const inspecting = await moved('rfx-manager', 'purchase-rfx', open, 'workflow');
    expect(inspecting._state.current).toBe('first-inspection');
    expect((inspecting.inspectionSuppliers as Array<{ _id: string }>).map((s) => s._id).sort()).toEqual(
      [alfa._id, beta._id].sort(),
    );
    const noAward = await move('buyer', 'purchase-rfx', inspecting, 'workflow');
    expect(noAward.status).toBe(400);
    expect(errorOf(noAward.body).data.errors[0]).toMatchObject({ field: 'award.proposal' });
    const planned = await save('buyer', 'purchase-rfx', inspecting, {
      award: {
        proposal: { _id: alfaRow!._id },
        documentType: 'order',
        justification: 'Best price for the service.',
      },
    });
    const proposed = await moved('buyer', 'purchase-rfx', planned, 'workflow');
    expect(proposed._state.current).toBe('proposed');
    const approving = await moved('buyer', 'purchase-rfx', proposed, 'workflow');
    expect(approving._state.current).toBe('first-approval');
    const awarded = await moved('rfx-manager', 'purchase-rfx', approving, 'workflow');
    expect(awarded._state.current).toBe('execution');

    // the order draft: the proposal's supplier, lines and prices, reference {rfx, proposal}
    const document = (awarded.award as { document: { _id: string; model: string } }).document;
    expect(document.model).toBe('order');
    const order = (await get('buyer', 'order', document._id)).body;
    expect(order).toMatchObject({
      _state: { current: 'created' },
      doc: { type: 'order', subtype: 'P001' },
      supplier: { _id: alfa._id },
      reference: { rfx: { _id: rfx._id, key: rfx.key }, proposal: { _id: alfaRow!._id } },
    });
    expect(order.lines?.map((l) => [l.item, l.price])).toEqual([
      ['SRV-0300', '1500.00000'],
      ['MAT-9001', '2.50000'],
    ]);
    // each supplier learns its own result, the requisition is closed
    expect((await get('supplier', 'rfx-proposal', alfaRow!._id)).body.award).toEqual({ result: 'awarded' });
    expect((await get('supplier2', 'rfx-proposal', betaRow!._id)).body.award).toEqual({
      result: 'not-awarded',
    });
    const timeline = async (user: string, id: string) =>
      JSON.stringify((await api(user, 'GET', `/api/communication/messages/rfx-proposal/${id}`)).body);
    const alfaTimeline = await timeline('supplier', alfaRow!._id);
    expect(alfaTimeline).toContain(`You are invited to submit a proposal until ${future}.`);
    expect(alfaTimeline).toContain('Your proposal was awarded.');
    expect(alfaTimeline).not.toContain('Raquel');
    expect(await timeline('supplier2', betaRow!._id)).toContain('Your proposal was not awarded.');
    const closed = (await get('requester', 'requisition', requisition._id)).body;
    expect(closed._state.current).toBe('closed');
    const final = await moved('buyer', 'purchase-rfx', awarded, 'workflow');
    expect(final._state.current).toBe('final-inspection');
  });

  it('a supplier not invited has no proposal and gets 404 on the RFx and on the proposals', async () => {
    const { rfx } = await requisitionInSourcing('Safety shoes');
    const before = (await proposalsOf('supplier2')).length;
    await openRfx(rfx, [alfa]);
    expect((await proposalsOf('supplier2')).length).toBe(before);
    expect((await get('supplier2', 'purchase-rfx', rfx._id)).status).toBe(404);
    const alfaProposal = (await proposalsOf('supplier')).find(
      (p) => (p as { rfxNumber?: string }).rfxNumber === rfx.key,
    )!;
    expect((await get('supplier2', 'rfx-proposal', alfaProposal._id)).status).toBe(404);
    const refused = await api(
      'supplier2',
      'POST',
      `/api/purchasing/rfx-proposal/${alfaProposal._id}/workflow`,
      {
        action: 'confirm',
      },
    );
    expect(refused.status).toBe(404);
  });

  it('takes no proposal once proposals are closed', async () => {
    const { rfx } = await requisitionInSourcing('Pallet wrap');
    const open = await openRfx(rfx, [alfa]);
    const row = (await proposalsOf('supplier')).find(
      (p) => (p as { rfxNumber?: string }).rfxNumber === rfx.key,
    )!;
    const proposal = (await get('supplier', 'rfx-proposal', row._id)).body;
    const priced = await save('supplier', 'rfx-proposal', proposal, {
      lines: proposal.lines!.map((l) => ({ ...l, price: '3' })),
    });
    await moved('buyer', 'purchase-rfx', open, 'workflow');
    const late = await move('supplier', 'rfx-proposal', priced, 'confirm');
    expect(late.status).toBe(409);
    expect(errorOf(late.body).key).toBe('sourcing.rfx-closed');
    expect((await get('supplier', 'rfx-proposal', row._id)).body._state.current).toBe('updated');
  });
});
