import { inflateSync } from 'node:zlib';
import { TAX_NOT_IN_INVOICE_WARNING, type DocumentList, type DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The raw PDF: inject with a binary payload (call() would decode it as UTF-8). */
async function pdf(user: string, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await token(user)}` },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: res.body };
}

/**
 * The text drawn by a PDF: every content stream (inflated when compressed), every string of its
 * Tj/TJ operators (pdfkit writes hex strings in WinAnsi, which maps 'ã' to the same byte as Latin-1).
 */
function pdfText(raw: Buffer): string {
  const binary = raw.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(binary))) {
    const start = m.index + m[0].length;
    const end = binary.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = raw.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.match(/\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj/g) ?? []) {
      const hex = (op.match(/<([0-9a-fA-F]*)>/g) ?? []).map((h) => h.slice(1, -1)).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
    streams.lastIndex = end;
  }
  return texts.join('\n');
}

async function orders() {
  const res = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200', {
    token: await token('admin'),
  });
  return res.body.items;
}

describe('order PDF', () => {
  it('answers a real PDF of the order: header, lines, totals', async () => {
    const order = (await orders()).find((o) => o.key && o.supplier?.name === 'Alfa Components Lda')!;
    const res = await pdf('buyer', `/api/purchasing/order-pdf/${order._id}?ts=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="order-${order.key}.pdf"`);
    expect(res.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.raw.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(res.raw);
    expect(text).toContain(order.key);
    expect(text).toContain('Acme Industries');
    expect(text).toContain('Alfa Components Lda');
    expect(text).toContain('Avenida da Liberdade 110');
    expect(text).toContain('MAT-1001');
    expect(text).toContain('Hydraulic fitting 1/2"');
    // 120 x 3.45 = 414.00 gross less 5 % (20.70) = 393.30 net, 23 % tax 90.46, value 483.76
    expect(text).toContain('-20.70');
    expect(text).toContain('90.46');
    expect(text).toContain('483.76');
    expect(text).toContain('Total (EUR)');
    // internal users get the internal view unless they ask
    expect(text).not.toContain(TAX_NOT_IN_INVOICE_WARNING);
  });

  it('names a new order by its number, with thousands separators', async () => {
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: await token('buyer'),
      body: {
        doc: { subtype: 'P001' },
        description: 'Big PDF order',
        supplier: { _id: (await orders()).find((o) => o.supplier)!.supplier!._id },
        currency: 'EUR',
        deliveryDate: '2026-09-30',
        deliveryAddress: { street: 'Rua do Açúcar 88', postcode: '1950-010', city: 'Lisboa', country: 'PT' },
        lines: [
          { item: 'MAT-2040', description: 'Steel shaft 40 mm', quantity: 100, price: '112.5', unit: 'UN' },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const res = await pdf('buyer', `/api/purchasing/order-pdf/${created.body._id}`);
    expect(res.status).toBe(200);
    expect(created.body.key).toMatch(/^PO-\d{6}$/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="order-${created.body.key}.pdf"`);
    const text = pdfText(res.raw);
    expect(text).toContain('11,250.00');
    expect(text).toContain('Ship to');
    expect(text).toContain('Rua do Açúcar 88');
  });

  it('prints the supplier view with the intra-community warning', async () => {
    const all = await orders();
    // The demo orders with five lines carry an INTRA line (MAT-4410, Ball bearing 6204).
    let intra: DocumentResponse | undefined;
    for (const o of all.filter((x) => x.supplier?.name === 'Alfa Components Lda')) {
      const full = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${o._id}`, {
        token: await token('admin'),
      });
      if (full.body.lines?.some((l) => (l.tax as { key?: string } | undefined)?.key === 'INTRA')) {
        intra = full.body;
        break;
      }
    }
    expect(intra).toBeDefined();
    for (const [user, url] of [
      ['buyer', `/api/purchasing/order-pdf/${intra!._id}?view=supplier&ts=1`],
      ['supplier', `/api/purchasing/order-pdf/${intra!._id}`],
    ] as const) {
      const res = await pdf(user, url);
      expect(res.status).toBe(200);
      const text = pdfText(res.raw);
      expect(text).toContain(TAX_NOT_IN_INVOICE_WARNING);
      expect(text).toContain('Ball bearing 6204');
      expect(text).toContain('Total as invoiced');
    }
  });

  it('is scoped like reading the order: a foreign supplier gets 404', async () => {
    // an order Beta sees (closed): sent to it, so its PDF is Beta's, never Alfa's
    const beta = (await orders()).find(
      (o) => o.supplier?.name === 'Beta Logistics SA' && o._state.current === 'closed',
    )!;
    const res = await pdf('supplier', `/api/purchasing/order-pdf/${beta._id}`);
    expect(res.status).toBe(404);
    errorOf(JSON.parse(res.body));
    expect((await pdf('supplier2', `/api/purchasing/order-pdf/${beta._id}`)).status).toBe(200);
    expect((await pdf('buyer', '/api/purchasing/order-pdf/999999999')).status).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/purchasing/order-pdf/${beta._id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prints the deliveries of the demo orders that ship in several parts', async () => {
    const transfer = (await orders()).find((o) => o.key === '4500012304')!;
    const full = await call<DocumentResponse & { ships?: Array<{ _id: string; lines: number[] }> }>(
      t.app,
      'GET',
      `/api/purchasing/order/${transfer._id}`,
      { token: await token('supplier') },
    );
    expect(full.body.ships?.map((s) => [s._id, s.lines])).toEqual([
      ['DLV-01', [10, 20]],
      ['DLV-02', [30, 40, 50]],
    ]);
    // the supplier gets its delivery note as a PDF, with the supplier view
    const res = await pdf('supplier', `/api/purchasing/order-pdf/${transfer._id}/DLV-02?ts=1`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.raw);
    expect(text).toContain('DLV-02');
    expect(text).toContain('Rua do Freixo 1071');
    expect(text).toContain('15-07-2026');
    expect(text).toContain('Ball bearing 6204');
    expect(text).not.toContain('MAT-1001');
    expect((await pdf('supplier', `/api/purchasing/order-pdf/${transfer._id}/DLV-09`)).status).toBe(404);
    expect((await pdf('supplier2', `/api/purchasing/order-pdf/${transfer._id}/DLV-01`)).status).toBe(404);
  });

  it('prints one delivery of an order with ships, and 404 for an unknown one', async () => {
    const supplierId = (await orders()).find((o) => o.supplier)!.supplier!._id;
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: await token('buyer'),
      body: {
        doc: { subtype: 'P001' },
        description: 'Split delivery order',
        supplier: { _id: supplierId },
        currency: 'EUR',
        deliveryDate: '2026-07-01',
        ships: [
          {
            _id: 'S1',
            address: { street: 'Rua de Serralves 1200', city: 'Porto' },
            date: '2026-07-01',
            lines: [10],
          },
          {
            _id: 'S2',
            address: { street: 'Calle de Alcalá 500', city: 'Madrid' },
            date: '2026-08-01',
            lines: [20],
          },
        ],
        lines: [
          {
            pos: 10,
            item: 'MAT-3300',
            description: 'Nitrile gloves (box of 100)',
            quantity: 10,
            price: '6.99',
          },
          { pos: 20, item: 'MAT-4410', description: 'Ball bearing 6204', quantity: 200, price: '1.275' },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const s2 = await pdf('buyer', `/api/purchasing/order-pdf/${created.body._id}/S2?ts=1`);
    expect(s2.status).toBe(200);
    const text = pdfText(s2.raw);
    expect(text).toContain('Calle de Alcal');
    expect(text).toContain('01-08-2026');
    expect(text).toContain('MAT-4410');
    expect(text).not.toContain('MAT-3300');
    expect(text).toContain('255.00');
    expect((await pdf('buyer', `/api/purchasing/order-pdf/${created.body._id}/S9`)).status).toBe(404);
    const plain = (await orders()).find((o) => o.key)!;
    expect((await pdf('buyer', `/api/purchasing/order-pdf/${plain._id}/1`)).status).toBe(404);
  });
});
