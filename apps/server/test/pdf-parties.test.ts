import { inflateSync } from 'node:zlib';
import type { DocumentList, DocumentResponse } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsRepository } from '../src/config/settings.repository.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The text drawn by a PDF (its content streams' Tj/TJ strings; pdfkit writes hex in WinAnsi). */
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

async function pdfOf(user: string, id: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/purchasing/order-pdf/${id}${query}`,
    headers: { authorization: `Bearer ${await token(user)}` },
  });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

const orders = async (user: string) =>
  (await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200', { token: await token(user) })).body
    .items;

describe('order PDF: parties, terms and the draft mark', () => {
  it('a new order prints ship-to, bill-to, the buyer contact, terms in words and DRAFT', async () => {
    await settingsRepository(t.conn.db).set(
      'billTo',
      {
        name: 'Acme Industries SA',
        vat: 'PT500000000',
        street: 'Avenida da República 50',
        postcode: '1050-196',
        city: 'Lisboa',
        country: 'PT',
      },
      'acme',
    );
    const buyer = await signIn(t.app, 'buyer');
    const supplier = (await orders('buyer')).find((o) => o.supplier)!.supplier!;
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: buyer.token,
      body: {
        doc: { subtype: 'P001' },
        description: 'Parties PDF order',
        supplier: { _id: supplier._id },
        currency: 'EUR',
        paymentTerms: '30D',
        deliveryDate: '2026-12-15',
        deliveryAddress: { street: 'Rua do Açúcar 88', postcode: '1950-010', city: 'Lisboa', country: 'PT' },
        lines: [{ item: 'MAT-2040', description: 'Steel shaft 40 mm', quantity: 2, price: '10', unit: 'UN' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const text = await pdfOf('buyer', created.body._id);
    expect(text).toContain('DRAFT');
    expect(text).toContain('Ship to');
    expect(text).toContain('Rua do Açúcar 88');
    expect(text).toContain('Bill to');
    expect(text).toContain('Acme Industries SA');
    expect(text).toContain('VAT PT500000000');
    expect(text).toContain('Avenida da República 50');
    expect(text).toContain('Buyer contact');
    expect(text).toContain(buyer.user.name);
    expect(text).toContain(buyer.user.email);
    expect(text).toContain('Payment terms');
    expect(text).toContain('30 days');
    expect(text).not.toContain('30D');
  });

  it('a released order has no DRAFT mark; the supplier reads no internal data', async () => {
    const supplier = await signIn(t.app, 'supplier');
    const released = await t.conn.db
      .selectFrom('documents')
      .select(['id as _id', 'state'])
      .where('domain_id', '=', 'acme')
      .where('model', '=', 'order')
      .where('supplier_id', '=', supplier.user.supplier!._id)
      .where('state', 'in', ['erp-done', 'completed', 'closed'])
      .executeTakeFirstOrThrow();
    released._id = String(released._id);
    const asBuyer = await pdfOf('buyer', released._id);
    expect(asBuyer).not.toContain('DRAFT');
    expect(asBuyer).toContain('Buyer contact');
    const asSupplier = await pdfOf('supplier', released._id);
    expect(asSupplier).not.toContain('DRAFT');
    expect(asSupplier).toContain('Ship to');
    expect(asSupplier).toContain('Buyer contact');
    expect(asSupplier).not.toContain('Requester');
    // the buyer's own view names the requester when the order has one
    const withRequester = (await orders('buyer')).find(
      (o) => o.requester?.name && o.state === released.state,
    );
    if (withRequester) expect(await pdfOf('buyer', withRequester._id)).toContain('Requester');
  });

  it('without a bill-to setting the buying company is named; the plant warehouse is the ship-to', async () => {
    const order = await t.conn.db
      .selectFrom('documents')
      .select(['id', sql<string>`data->'location'->>'name'`.as('warehouse')])
      .where('domain_id', '=', 'acme')
      .where('model', '=', 'order')
      .where(
        sql<boolean>`data->'location' is not null and data->'deliveryAddress' is null and data->'ships' is null`,
      )
      .executeTakeFirstOrThrow();
    await settingsRepository(t.conn.db).set('billTo', {}, 'acme');
    const text = await pdfOf('admin', String(order.id));
    expect(text).toContain(`Ship to\n${order.warehouse}`);
    expect(text).toContain('Bill to\nAcme Industries');
  });
});
