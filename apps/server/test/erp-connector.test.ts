import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErpDocumentInput } from '../src/erp/erp.connector.ts';
import { ErpError } from '../src/erp/erp.errors.ts';
import { fromODataDate, toODataDate, toODataDecimal } from '../src/erp/sap/odata-values.ts';
import { sapConnector } from '../src/erp/sap/sap-connector.ts';
import { targetOf, toError } from '../src/erp/sap/sap-http.ts';
import { buildErpSimulator } from '../src/erp/simulator/sim.app.ts';

/** The SAP OData v2 connector against the simulator: every call, tokens, ETags, $batch, paging. */
let sim: Awaited<ReturnType<typeof buildErpSimulator>>;
let url: string;
const connect = (over: Partial<Parameters<typeof sapConnector>[0]> = {}) =>
  sapConnector({ url, user: 'P2P', password: 'pw', client: '100', timeoutMs: 3_000, ...over });

const order = (ref: string, over: Partial<ErpDocumentInput> = {}): ErpDocumentInput => ({
  kind: 'order',
  externalRef: ref,
  subtype: 'P001',
  supplier: '0000100001',
  currency: 'EUR',
  date: '2026-11-26',
  companyCode: '1010',
  purchasingOrganization: '1010',
  purchasingGroup: '001',
  lines: [
    {
      pos: 10,
      item: 'MAT-1',
      description: 'Bolts',
      quantity: '10',
      unit: 'PC',
      price: '2.5',
      plant: '1010',
      materialGroup: null,
      conditions: [
        { condition: 'RA01', value: '5' },
        { condition: 'ZZZZ', value: '1' },
      ],
    },
    {
      pos: 20,
      item: 'MAT-2',
      description: 'Nuts',
      quantity: '4',
      unit: 'PC',
      price: '1.25',
      plant: '1010',
      materialGroup: null,
      conditions: [],
    },
  ],
  ...over,
});

beforeAll(async () => {
  sim = await buildErpSimulator({ user: 'P2P', password: 'pw', client: '100' });
  url = await sim.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sim?.close());
beforeEach(() => sim.store.reset());

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as ErpError;
  }
  throw new Error('expected a rejection');
};

describe('OData v2 values', () => {
  it('dates as /Date(ms)/ and decimals as strings rounded half up', () => {
    expect(toODataDate('2026-01-01')).toBe('/Date(1767225600000)/');
    expect(fromODataDate('/Date(1767225600000+0000)/').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(toODataDecimal('2.5', 2)).toBe('2.50');
    expect(toODataDecimal('0.125', 2)).toBe('0.13');
    expect(toODataDecimal('-1.004', 2)).toBe('-1.00');
    expect(toODataDecimal('12345678901234.995', 2)).toBe('12345678901235.00');
    expect(() => toODataDecimal('1e5', 2)).toThrow();
  });
  it('message targets name the field and the line', () => {
    expect(targetOf("to_PurchaseOrderItem(PurchaseOrderItem='20')/OrderQuantity")).toEqual({
      line: { pos: 20 },
      field: 'OrderQuantity',
    });
    expect(targetOf('Supplier')).toEqual({ line: null, field: 'Supplier' });
  });
  it("SAP's item messages land on our line fields (item, plant, unit), SAP's text and property kept", () => {
    const detail = (target: string, message: string) => ({
      code: 'ME/999',
      message,
      target,
      severity: 'error',
    });
    const text = JSON.stringify({
      error: {
        code: 'ME/999',
        message: { lang: 'en', value: 'Item errors' },
        innererror: {
          errordetails: [
            detail("to_PurchaseOrderItem(PurchaseOrderItem='20')/Material", 'Material XYZ does not exist'),
            detail("to_PurchaseOrderItem(PurchaseOrderItem='20')/Plant", 'Plant 9999 is not defined'),
            detail(
              "to_PurchaseOrderItem(PurchaseOrderItem='30')/PurchaseOrderQuantityUnit",
              'Unit ZZ unknown',
            ),
            detail("to_PurchaseOrderItem(PurchaseOrderItem='30')/ZZCustomField", 'Custom check failed'),
          ],
        },
      },
    });
    const e = toError({ status: 400, headers: new Headers(), text, json: () => JSON.parse(text) }, 'POST');
    expect(e.details.map((d) => [d.line?.pos, d.field, d.erpField, d.message])).toEqual([
      [20, 'item', 'Material', 'Material XYZ does not exist'],
      [20, 'plant', 'Plant', 'Plant 9999 is not defined'],
      [30, 'unit', 'PurchaseOrderQuantityUnit', 'Unit ZZ unknown'],
      // a property we do not fill keeps SAP's name
      [30, 'ZZCustomField', 'ZZCustomField', 'Custom check failed'],
    ]);
  });
});

describe('the SAP connector against the simulator', () => {
  it('creates an order with the 45... number, items, pricing elements of the configured list, and finds it by reference', async () => {
    const c = connect();
    const made = await c.create(order('P2P900'));
    expect(made.key).toMatch(/^45\d{8}$/);
    expect(made.etag).toMatch(/^W\//);
    const stored = sim.store.set('A_PurchaseOrder').get(made.key)!.data as {
      to_PurchaseOrderItem: { results: Array<Record<string, unknown>> };
      PurchaseOrderDate: string;
    };
    expect(stored.PurchaseOrderDate).toBe(`/Date(${Date.UTC(2026, 10, 26)})/`);
    expect(stored.to_PurchaseOrderItem.results[0]).toMatchObject({
      PurchaseOrderItem: '10',
      OrderQuantity: '10.000',
      NetPriceAmount: '2.50',
      to_PurchaseOrderPricingElement: { results: [{ ConditionType: 'RA01', ConditionRateValue: '5.00' }] },
    });
    expect((await c.findByRef('order', 'P2P900'))?.key).toBe(made.key);
    expect(await c.findByRef('order', "O'Brien")).toBeNull();
    const custom = connect({ conditions: { RA01: 'ZDIS' } });
    const other = await custom.create(order('P2P901'));
    const items = (
      sim.store.set('A_PurchaseOrder').get(other.key)!.data.to_PurchaseOrderItem as {
        results: Array<{ to_PurchaseOrderPricingElement: unknown }>;
      }
    ).results;
    expect(items[0]!.to_PurchaseOrderPricingElement).toEqual({
      results: [{ ConditionType: 'ZDIS', ConditionRateValue: '5.00' }],
    });
  });

  it('creates requisitions (10...) and contracts (46...), posts and reverses goods receipts (50.../49... with year)', async () => {
    const c = connect();
    const pr = await c.create(order('R1', { kind: 'requisition', supplier: null }));
    expect(pr.key).toMatch(/^10\d{8}$/);
    expect((await c.findByRef('requisition', 'R1'))?.key).toBe(pr.key);
    const ct = await c.create(
      order('C1', { kind: 'contract', validFrom: '2026-01-01', validTo: '2026-12-31', targetValue: '1000' }),
    );
    expect(ct.key).toMatch(/^46\d{8}$/);
    const po = await c.create(order('P1'));
    const gr = await c.postGoodsReceipt({
      externalRef: 'G1',
      postingDate: '2026-11-26',
      orderKey: po.key,
      deliveryNote: 'DN-1',
      lines: [{ pos: 10, orderItem: 10, quantity: '5', unit: 'PC', plant: '1010' }],
    });
    expect(gr).toMatchObject({ key: expect.stringMatching(/^50\d{8}$/), year: '2026' });
    expect((await c.findByRef('goods-receipt', 'G1'))?.key).toBe(gr.key);
    const rev = await c.reverseGoodsReceipt(gr.key, gr.year!, '2026-11-27');
    expect(rev.key).toMatch(/^49\d{8}$/);
    const again = await rejection(c.reverseGoodsReceipt(gr.key, gr.year!, '2026-11-27'));
    expect(again.kind).toBe('business');
    const wrongOrder = await rejection(
      c.postGoodsReceipt({
        externalRef: 'G2',
        postingDate: '2026-11-26',
        orderKey: '4599999999',
        deliveryNote: null,
        lines: [{ pos: 10, orderItem: 10, quantity: '1', unit: 'PC', plant: null }],
      }),
    );
    expect(wrongOrder.details[0]).toMatchObject({
      field: 'reference.order',
      erpField: 'PurchaseOrder',
      line: { pos: 1 },
    });
  });

  it('maps v2 errors to business errors per field and line', async () => {
    const e = await rejection(
      connect().create(
        order('X', {
          supplier: '0000999999',
          lines: [{ ...order('X').lines[0]!, quantity: '0', price: '0' }],
        }),
      ),
    );
    expect(e.kind).toBe('business');
    expect(e.status).toBe(400);
    // on our fields (the form's), SAP's property and text kept
    expect(e.details.map((d) => [d.field, d.line?.pos ?? null, d.code, d.erpField])).toEqual([
      ['supplier', null, '06/046', 'Supplier'],
      ['quantity', 10, 'ME/083', 'OrderQuantity'],
      ['price', 10, '06/212', 'NetPriceAmount'],
    ]);
    expect(e.details[2]!.message).toBe('Enter a net price greater than zero');
  });

  it('fetches a CSRF token once, and fetches it again once when the ERP forgets it', async () => {
    const c = connect();
    await c.create(order('T1'));
    await fetch(`${url}/__sim/expire-tokens`, { method: 'POST' });
    expect((await c.create(order('T2'))).key).toMatch(/^45/);
    expect(sim.store.set('A_PurchaseOrder').size).toBe(2);
  });

  it('refuses wrong credentials or client as a transient error (an operator must act), 503 as transient', async () => {
    expect((await rejection(connect({ password: 'nope' }).create(order('A')))).status).toBe(401);
    expect((await rejection(connect({ client: '200' }).findByRef('order', 'A'))).kind).toBe('transient');
    sim.store.faults.unavailable = 1;
    const e = await rejection(connect().findByRef('order', 'A'));
    expect([e.kind, e.status]).toEqual(['transient', 503]);
  });

  it('updates with If-Match: a stale ETag is a conflict (412), none is refused (428)', async () => {
    const c = connect();
    const made = await c.create(order('E1'));
    const { etag } = await c.read('order', made.key);
    const next = await c.updateOrder(made.key, { PurchasingGroup: '002' }, etag);
    expect(next.etag).not.toBe(etag);
    const stale = await rejection(c.updateOrder(made.key, { PurchasingGroup: '003' }, etag));
    expect([stale.kind, stale.status]).toEqual(['conflict', 412]);
    const none = await rejection(c.updateOrder(made.key, { PurchasingGroup: '003' }, null));
    expect([none.kind, none.status]).toEqual(['conflict', 428]);
    expect((await c.read('order', made.key)).data.PurchasingGroup).toBe('002');
  });

  it('$batch: one changeset per order, a failing changeset answers its own error and commits nothing', async () => {
    const answers = await connect().createMany([order('B1'), order('B2', { supplier: '42' }), order('B3')]);
    expect((answers[0] as { key: string }).key).toMatch(/^45/);
    expect(answers[1]).toBeInstanceOf(ErpError);
    expect((answers[1] as ErpError).details[0]).toMatchObject({
      field: 'supplier',
      erpField: 'Supplier',
      code: '06/046',
    });
    expect((answers[2] as { key: string }).key).toMatch(/^45/);
    expect(sim.store.where('A_PurchaseOrder', 'CorrespondenceExternalReference', 'B2')).toHaveLength(0);
    expect(sim.store.set('A_PurchaseOrder').size).toBe(2);
  });

  it('follows server-driven paging (__next) and client pages for suppliers', async () => {
    const all = await connect().listSuppliers(100);
    expect(all).toHaveLength(120);
    expect(new Set(all.map((s) => s.key)).size).toBe(120);
    expect(all[0]).toEqual({
      key: '0000100001',
      name: 'Alfa Components Lda',
      vat: 'PT509876543',
      country: 'PT',
    });
    expect(await connect().listSuppliers(7)).toHaveLength(120);
  });

  it('a dropped connection after the commit is a transient error of unknown outcome', async () => {
    sim.store.faults.dropAfterCommit = 1;
    const e = await rejection(connect().create(order('D1')));
    expect([e.kind, e.unknownOutcome]).toEqual(['transient', true]);
    expect((await connect().findByRef('order', 'D1'))?.key).toMatch(/^45/);
  });
});
