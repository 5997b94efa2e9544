import type { DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sapConnector } from '../src/erp/sap/sap-connector.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { erpWorker, type ErpWorker } from '../src/erp/erp.worker.ts';
import { externalRefOf } from '../src/erp/erp.payload.ts';
import { materialGroupOf } from '../src/erp/unspsc.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';
import { orderFlow } from './order-flow.ts';

/**
 * Delivery through the outbox against the simulator: a sent order gets its ERP key and erp-done;
 * a refused one erp-fail with the ERP's messages on its line, corrected and resent; a connection
 * dropped after the ERP committed does not create a second order; the monitor lists and retries.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let worker: ErpWorker;
const tokens = new Map<string, string>();
const token = async (u: string) =>
  tokens.get(u) ?? (tokens.set(u, (await signIn(t.app, u)).token), tokens.get(u)!);
const flow = orderFlow(() => t.app, token);

beforeAll(async () => {
  t = await createTestApp();
  // the UNSPSC case below builds its own mapping: the demo's (seed/demo-unspsc.ts) is not its subject
  await t.conn.db.deleteFrom('unspsc_material_groups' as never).execute();
  // but the orders' lines take their item's code (MAT-1000: 40142300), which must map to be sent
  await t.conn.db
    .insertInto('unspsc_material_groups' as never)
    .values({ domain_id: 'acme', prefix: '401423', material_group: 'HYDRAULICS' } as never)
    .execute();
  sim = await buildErpSimulator({ user: 'P2P', password: 'secret-pw', client: '100' });
  const url = await sim.listen({ port: 0, host: '127.0.0.1' });
  const connector = sapConnector({
    url,
    user: 'P2P',
    password: 'secret-pw',
    client: '100',
    timeoutMs: 5_000,
  });
  worker = erpWorker(
    t.conn.db,
    connector,
    (auth, model, id, body) => t.app.services.documents.transition(auth, model, id, body),
    { backoffMs: 5, maxBackoffMs: 20 },
  );
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

async function approvedOrder(description: string, price = '2.5'): Promise<DocumentResponse> {
  let doc = await flow.newOrder(description);
  if (price !== '2.5') {
    const res = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
      body: { ...doc, lines: (doc.lines ?? []).map((l) => ({ ...l, price })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    doc = res.body;
  }
  doc = await flow.move('buyer', doc, 'submit-approval');
  return flow.move('manager', doc, 'approve');
}

const read = async (id: string) =>
  (
    await call<DocumentResponse & { _erp?: { errors?: unknown[]; attempts: number } }>(
      t.app,
      'GET',
      `/api/purchasing/order/${id}`,
      { token: await token('buyer') },
    )
  ).body;

async function drain() {
  for (let i = 0; i < 50; i++) {
    const n = await worker.tick();
    if (n === 0) {
      await new Promise((r) => setTimeout(r, 30));
      if ((await worker.tick()) === 0) return;
    }
  }
}

describe('ERP delivery through the outbox', () => {
  it('sends an order: the ERP key (45...) and erp-done, the ERP holding it once', async () => {
    let doc = await approvedOrder('ERP delivery 1');
    doc = await flow.move('buyer', doc, 'workflow', { to: 'erp' });
    expect(doc._state.current).toBe('erp');
    await drain();
    const after = await read(doc._id);
    expect(after._state.current).toBe('erp-done');
    expect(after.key).toMatch(/^45\d{8}$/);
    expect(
      sim.store.where('A_PurchaseOrder', 'CorrespondenceExternalReference', externalRefOf(doc._id)),
    ).toHaveLength(1);
  });

  it('a goods receipt of an order in the ERP posts a material document (101) and gets its 50... key', async () => {
    let order = await approvedOrder('ERP delivery GR');
    order = await flow.move('buyer', order, 'workflow', { to: 'erp' });
    await drain();
    order = await read(order._id);
    expect(order.key).toMatch(/^45/);
    // goods are received against an order its supplier confirmed
    await flow.move('supplier', order, 'confirm');
    order = await read(order._id);
    const made = await call<DocumentResponse>(t.app, 'POST', `/api/receiving/order/${order._id}/receipt`, {
      token: await token('buyer'),
      body: { lines: [{ pos: 10, quantity: '4' }], _version: order._version },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rec = made.body;
    const sent = await call(t.app, 'POST', `/api/purchasing/reception/${rec._id}/workflow`, {
      token: await token('buyer'),
      body: { action: 'workflow', to: 'erp', _version: rec._version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await drain();
    const after = (
      await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/reception/${rec._id}`, {
        token: await token('buyer'),
      })
    ).body;
    expect(after._state.current).toBe('erp-done');
    expect(after.key).toMatch(/^50\d{8}$/);
    const doc = sim.store.set('A_MaterialDocumentHeader').get(after.key!)!;
    expect(doc.year).toBe(String(new Date().getUTCFullYear()));
    expect((doc.data.to_MaterialDocumentItem as { results: unknown[] }).results).toEqual([
      expect.objectContaining({
        GoodsMovementType: '101',
        PurchaseOrder: order.key,
        PurchaseOrderItem: '10',
        QuantityInEntryUnit: '4.000',
      }),
    ]);
  });

  it('a line whose UNSPSC code maps to no material group blocks the send; the 8-6-4-2 fallback maps it', async () => {
    let doc = await flow.newOrder('ERP UNSPSC');
    const withCode = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
      body: { ...doc, lines: (doc.lines ?? []).map((l) => ({ ...l, unspsc: '43211503' })) },
    });
    expect(withCode.status, JSON.stringify(withCode.body)).toBe(200);
    doc = await flow.move('buyer', withCode.body, 'submit-approval');
    doc = await flow.move('manager', doc, 'approve');
    const refused = await call<{ message: string; data: { errors: unknown[] } }>(
      t.app,
      'POST',
      `/api/purchasing/order/${doc._id}/workflow`,
      {
        token: await token('buyer'),
        body: { action: 'workflow', to: 'erp', _version: doc._version },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      {
        field: 'unspsc',
        line: { pos: 10, subpos: 0, key: 'MAT-1000' },
        message: 'UNSPSC Code outside the scope of integration',
      },
    ]);
    // a 2-digit mapping of the segment covers the commodity
    await t.conn.db
      .insertInto('unspsc_material_groups' as never)
      .values({ domain_id: 'acme', prefix: '43', material_group: 'IT01' } as never)
      .execute();
    await flow.move('buyer', doc, 'workflow', { to: 'erp' });
    await drain();
    const sent = sim.store.where(
      'A_PurchaseOrder',
      'CorrespondenceExternalReference',
      externalRefOf(doc._id),
    )[0]!;
    expect(
      (sent.data.to_PurchaseOrderItem as { results: Array<{ MaterialGroup: string }> }).results[0]!
        .MaterialGroup,
    ).toBe('IT01');
    // the longest mapped prefix wins: 8 before 6 before 4 before 2
    await t.conn.db
      .insertInto('unspsc_material_groups' as never)
      .values([
        { domain_id: 'acme', prefix: '432115', material_group: 'IT02' },
        { domain_id: 'acme', prefix: '4321', material_group: 'IT03' },
      ] as never)
      .execute();
    expect(await materialGroupOf(t.conn.db, 'acme', '43211503')).toBe('IT02');
    expect(await materialGroupOf(t.conn.db, 'acme', '43219999')).toBe('IT03');
    expect(await materialGroupOf(t.conn.db, 'acme', '43999999')).toBe('IT01');
    expect(await materialGroupOf(t.conn.db, 'acme', '31161500')).toBeNull();
    expect(await materialGroupOf(t.conn.db, 'globex', '43211503')).toBeNull();
  });

  it('a refused order goes to erp-fail with the message on its line; corrected and resent, it is done', async () => {
    let doc = await approvedOrder('ERP delivery 2', '0');
    doc = await flow.move('buyer', doc, 'workflow', { to: 'erp' });
    await drain();
    const failed = await read(doc._id);
    expect(failed._state.current).toBe('erp-fail');
    expect(failed._erp?.errors).toEqual([
      expect.objectContaining({
        // our line field, where the form shows it; SAP's property kept
        field: 'price',
        erpField: 'NetPriceAmount',
        line: { pos: 10 },
        message: 'Enter a net price greater than zero',
      }),
    ]);
    const fixed = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
      body: { ...failed, lines: (failed.lines ?? []).map((l) => ({ ...l, price: '3' })) },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    await flow.move('buyer', fixed.body, 'workflow', { to: 'erp' });
    await drain();
    const done = await read(doc._id);
    expect(done._state.current).toBe('erp-done');
    expect(
      sim.store.where('A_PurchaseOrder', 'CorrespondenceExternalReference', externalRefOf(doc._id)),
    ).toHaveLength(1);
  });

  it('a connection dropped after the ERP committed does not create a second order', async () => {
    let doc = await approvedOrder('ERP delivery 3');
    sim.store.faults.dropAfterCommit = 1;
    doc = await flow.move('buyer', doc, 'workflow', { to: 'erp' });
    await drain();
    const after = await read(doc._id);
    expect(after._state.current).toBe('erp-done');
    const inErp = sim.store.where(
      'A_PurchaseOrder',
      'CorrespondenceExternalReference',
      externalRefOf(doc._id),
    );
    expect(inErp).toHaveLength(1);
    expect(after.key).toBe(inErp[0]!.key);
  });

  it('retries 503s, dies after its attempts, and the monitor retries the dead message', async () => {
    let doc = await approvedOrder('ERP delivery 4');
    sim.store.faults.unavailable = 1_000;
    doc = await flow.move('buyer', doc, 'workflow', { to: 'erp' });
    await drain();
    const ihub = await token('ihub-operator');
    const log = await call<{
      items: Array<{ _id: string; status: string; attempts: number; document: { _id: string } | null }>;
    }>(t.app, 'GET', '/api/ihub/log/order?status=dead', { token: ihub });
    expect(log.status).toBe(200);
    const dead = log.body.items.find((m) => m.document?._id === doc._id)!;
    expect(dead.attempts).toBe(8);
    sim.store.faults.unavailable = 0;
    expect((await call(t.app, 'POST', `/api/ihub/message/${dead._id}/retry`, { token: ihub })).status).toBe(
      200,
    );
    await drain();
    expect((await read(doc._id))._state.current).toBe('erp-done');
    // the buyer is no monitor role; the workbook of the ihub operator is a real xlsx (zip)
    expect((await call(t.app, 'GET', '/api/ihub/log/order', { token: await token('buyer') })).status).toBe(
      403,
    );
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/ihub/tracking/order?format=xlsx',
      headers: { authorization: `Bearer ${ihub}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const msg = await call<{ payload: unknown }>(t.app, 'GET', `/api/ihub/message/${dead._id}`, {
      token: ihub,
    });
    expect(JSON.stringify(msg.body)).not.toContain('secret-pw');
  });
});
