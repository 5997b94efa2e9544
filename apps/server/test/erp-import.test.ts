import { documentFieldLock, type AuditList, type DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sapConnector } from '../src/erp/sap/sap-connector.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';
import { erpImport } from '../src/erp/erp.import.ts';
import type { ErpConnector } from '../src/erp/erp.connector.ts';
import { withItems } from '../src/reference/reference.repository.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * Import from the ERP against the simulator: suppliers, materials, C004 contracts and P999 orders
 * come in marked imported; a second import changes nothing; a record changed in the ERP is
 * updated; paging goes beyond one page; each run is a monitor message with direction 'in'; every
 * record the import creates or changes leaves an audit event by the system user.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let connector: ErpConnector;
const tokens = new Map<string, string>();
const token = async (u: string) =>
  tokens.get(u) ?? (tokens.set(u, (await signIn(t.app, u)).token), tokens.get(u)!);

beforeAll(async () => {
  t = await createTestApp();
  sim = await buildErpSimulator({ user: 'P2P', password: 'secret-pw', client: '100', seed: true });
  const url = await sim.listen({ port: 0, host: '127.0.0.1' });
  connector = sapConnector({ url, user: 'P2P', password: 'secret-pw', client: '100', timeoutMs: 5_000 });
  t.app.services.erpLink.connector = connector;
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

const importNow = async (kind: string, user = 'ihub-operator') =>
  call<{ created: number; updated: number; unchanged: number }>(t.app, 'POST', `/api/ihub/import/${kind}`, {
    token: await token(user),
  });

const byKey = async (model: string, key: string) => {
  const row = await t.conn.db
    .selectFrom('documents')
    .select(['id'])
    .where('domain_id', '=', 'acme')
    .where('model', '=', model)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  return (
    await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/${model}/${row.id}`, {
      token: await token('buyer'),
    })
  ).body;
};

describe('import from the ERP', () => {
  it('only ihub roles and administrators import', async () => {
    expect((await importNow('suppliers', 'buyer')).status).toBe(403);
    expect((await importNow('nothing', 'admin')).status).toBe(400);
  });

  it('suppliers: created across pages, unchanged on re-import, a change in the ERP updates one', async () => {
    // 120 business partners: client pages of 100 that the simulator cuts into server pages of 50
    const first = await importNow('suppliers');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // the demo tenant already holds the records of 0000100001 and 0000100002 (keyed, not marked)
    expect(first.body).toEqual({ created: 118, updated: 2, unchanged: 0 });
    const gamma = await byKey('supplier', '0000100003');
    expect(gamma).toMatchObject({
      name: 'Gamma Industrial Supplies SL',
      vat: 'ESB86543210',
      _imported: true,
      status: 'import',
      _state: { current: 'approved' },
    });
    // the company registered with the same VAT number is the one the record belongs to
    const companies = await t.conn.db
      .selectFrom('suppliers')
      .select('id')
      .where('domain_id', '=', 'acme')
      .where('vat', '=', 'ESB86543210')
      .execute();
    expect(companies).toHaveLength(1);
    expect(gamma?.supplier?._id).toBe(companies[0]!.id);

    expect((await importNow('suppliers')).body).toEqual({ created: 0, updated: 0, unchanged: 120 });

    sim.store.suppliers[2]!.SupplierName = 'Gamma Industrial Supplies SLU';
    expect((await importNow('suppliers')).body).toEqual({ created: 0, updated: 1, unchanged: 119 });
    expect((await byKey('supplier', '0000100003'))?.name).toBe('Gamma Industrial Supplies SLU');
  });

  it('materials: the catalogue with material group and UNSPSC code, in client pages of 2', async () => {
    const importer = erpImport(t.conn.db, connector);
    expect(await importer.run('acme', 'materials', { pageSize: 2 })).toEqual({
      created: 6,
      updated: 0,
      unchanged: 0,
    });
    const item = await withItems(t.conn.db)
      .selectFrom('items')
      .selectAll()
      .where('domain_id', '=', 'acme')
      .where('code', '=', 'RM-SCREW-M8')
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      name: 'Hex screw M8x40 zinc plated',
      uom: 'PC',
      material_group: 'L004',
      unspsc: '31161500',
    });
    expect(await importer.run('acme', 'materials', { pageSize: 4 })).toEqual({
      created: 0,
      updated: 0,
      unchanged: 6,
    });
    const nut = sim.store.products.find((p) => p.Product === 'RM-NUT-M8')!;
    nut.ExternalProductGroup = '31161800';
    expect(await importer.run('acme', 'materials')).toEqual({ created: 0, updated: 1, unchanged: 5 });
  });

  it('contracts (C004) and orders (P999): imported, keyed, locked; ours are left out; a changed price updates', async () => {
    // an order we sent ourselves carries our external reference: never imported back
    sim.store.set('A_PurchaseOrder').set('4599999999', {
      key: '4599999999',
      etag: sim.store.newEtag(),
      data: { PurchaseOrder: '4599999999', CorrespondenceExternalReference: 'P2P42', Supplier: '0000100001' },
    });
    expect((await importNow('contracts')).body).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await importNow('orders')).body).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await byKey('order', '4599999999')).toBeUndefined();

    const [contractKey] = [...sim.store.set('A_PurchaseContract').keys()];
    const contract = (await byKey('contract', contractKey!))!;
    expect(contract).toMatchObject({
      key: expect.stringMatching(/^46\d{8}$/),
      doc: { type: 'contract', subtype: 'C004' },
      _imported: true,
      status: 'import',
      currency: 'EUR',
      validTo: '2026-12-31',
      supplier: { name: 'Alfa Components Lda' },
      _state: { current: 'erp-done' },
    });
    expect(contract.lines?.map((l) => [l.pos, l.item, l.price, l.unspsc])).toEqual([
      [10, 'RM-SCREW-M8', '0.08000', '31161500'],
      [20, 'RM-NUT-M8', '0.05000', '31161800'],
    ]);
    // the seed's lock of imported C004 contracts: supplier, currency and project
    const model = (await call(t.app, 'GET', '/api/config/model/contract', { token: await token('buyer') }))
      .body as Parameters<typeof documentFieldLock>[1]['model'];
    for (const f of ['supplier', 'currency', 'project'])
      expect(documentFieldLock(f, { doc: contract, model })).toBe('The contract is already in the ERP.');

    const orderKeys = [...sim.store.set('A_PurchaseOrder').keys()].filter((k) => k !== '4599999999');
    const order = (await byKey('order', orderKeys[1]!))!;
    expect(order).toMatchObject({ doc: { subtype: 'P999' }, _imported: true, value: expect.anything() });
    expect(order.supplier?.name).toBe('Iberia Office Systems SA');

    expect((await importNow('orders')).body).toEqual({ created: 0, updated: 0, unchanged: 2 });
    const rec = sim.store.set('A_PurchaseOrder').get(orderKeys[1]!)!;
    const items = (rec.data.to_PurchaseOrderItem as { results: Array<Record<string, unknown>> }).results;
    items[0]!.NetPriceAmount = '910.00';
    expect((await importNow('orders')).body).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const updated = (await byKey('order', orderKeys[1]!))!;
    expect(Number(updated.lines?.[0]?.price)).toBe(910);
    expect(updated._version).toBe(order._version + 1);
  });

  it('what the import creates or changes is audited as the system user; unchanged records are not', async () => {
    const events = async (query: string) =>
      (await call<AuditList>(t.app, 'GET', `/api/audit?l=200&${query}`, { token: await token('admin') })).body
        .data;
    const [contractKey] = [...sim.store.set('A_PurchaseContract').keys()];
    const contract = (await byKey('contract', contractKey!))!;
    const onContract = await events(`entity=document&model=contract&entity_id=${contract._id}`);
    expect(onContract.map((e) => [e.action, e.actor.username, e.detail])).toEqual([
      ['create', 'system', { import: 'contract.import' }],
    ]);
    expect(onContract[0]!.after).toMatchObject({ key: contractKey, subtype: 'C004', state: 'erp-done' });
    // its timeline starts with its creation by the system user, as a document saved in the app
    const timeline = await call<{ items: Array<{ state: string; user: { name: string } | null }> }>(
      t.app,
      'GET',
      `/api/communication/messages/contract/${contract._id}`,
      { token: await token('buyer') },
    );
    expect(timeline.status, JSON.stringify(timeline.body)).toBe(200);
    expect(timeline.body.items.map((i) => i.state)).toEqual(['erp-done']);

    // the P999 order whose price changed in the ERP: created, then updated with the new price
    const orderKeys = [...sim.store.set('A_PurchaseOrder').keys()].filter((k) => k !== '4599999999');
    const order = (await byKey('order', orderKeys[1]!))!;
    const onOrder = await events(`entity=document&model=order&entity_id=${order._id}`);
    expect(onOrder.map((e) => [e.action, e.actor.username, e.detail])).toEqual([
      ['update', 'system', { import: 'order.import' }],
      ['create', 'system', { import: 'order.import' }],
    ]);
    expect(JSON.stringify(onOrder[0]!.after)).toContain('910');
    // the other order was imported once and never changed
    const other = (await byKey('order', orderKeys[0]!))!;
    expect((await events(`entity=document&model=order&entity_id=${other._id}`)).map((e) => e.action)).toEqual(
      ['create'],
    );

    // suppliers: 118 created, 2 updated, then the renamed one; materials: 6 created, 1 updated
    const suppliers = await events('entity=document&model=supplier&actor=system');
    expect(suppliers.filter((e) => e.action === 'create')).toHaveLength(118);
    expect(suppliers.filter((e) => e.action === 'update')).toHaveLength(3);
    const gamma = (await byKey('supplier', '0000100003'))!;
    const renamed = suppliers.filter((e) => e.entityId === gamma._id).map((e) => [e.action, e.after]);
    expect(renamed.map(([action]) => action)).toEqual(['update', 'create']);
    expect(JSON.stringify(renamed[0]![1])).toContain('Gamma Industrial Supplies SLU');
    const items = await events('entity=item&actor=system');
    expect(items.map((e) => e.action).sort()).toEqual([...Array(6).fill('create'), 'update']);
    // only the changed paths are kept: the new UNSPSC code of the nut created earlier
    const update = items.find((e) => e.action === 'update')!;
    expect(update.after).toMatchObject({ unspsc: '31161800' });
    const nut = items.find((e) => e.action === 'create' && e.entityId === update.entityId)!;
    expect(nut.after).toMatchObject({ code: 'RM-NUT-M8', unspsc: '31161700', material_group: 'L004' });
  });

  it('every import run is a monitor message coming in', async () => {
    const res = await call<{
      items: Array<{ direction: string; interface: string; status: string; answer: unknown }>;
    }>(t.app, 'GET', '/api/ihub/log/order', { token: await token('ihub-operator') });
    expect(res.status).toBe(200);
    const inbound = res.body.items.filter((m) => m.direction === 'in');
    expect(inbound.map((m) => [m.interface, m.status, m.answer])).toEqual([
      ['order.import', 'done', { created: 0, updated: 1, unchanged: 1 }],
      ['order.import', 'done', { created: 0, updated: 0, unchanged: 2 }],
      ['order.import', 'done', { created: 2, updated: 0, unchanged: 0 }],
    ]);
  });
});
