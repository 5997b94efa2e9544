import type { DocumentList, DocumentResponse } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineChanges, type LineWrite } from '../src/documents/document-lines.repository.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/** A save writes the lines it changes, and only those (document-lines.repository.ts). */

let t: TestApp;
let buyer = '';

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await signIn(t.app, 'buyer')).token;
});
afterAll(() => t.close());

const line = (pos: number, data: Record<string, unknown>): LineWrite => ({
  pos,
  subpos: 0,
  data: { pos, subpos: 0, ...data },
  quantity: '1.000',
  price: '1.00000',
  value: '1.00',
});

describe('lineChanges', () => {
  it('writes the new and changed lines and removes the missing ones, whatever the key order', () => {
    const stored = [10, 20, 30].map((pos) => ({ pos, subpos: 0, data: { subpos: 0, pos, item: `I${pos}` } }));
    const changes = lineChanges([line(10, { item: 'I10' }), line(20, { item: 'X' }), line(40, {})], stored);
    expect(changes.write.map((l) => l.pos)).toEqual([20, 40]);
    expect(changes.remove).toEqual([{ pos: 30, subpos: 0 }]);
    expect(lineChanges([], stored).remove).toHaveLength(3);
    expect(lineChanges([line(10, { item: 'I10', extra: null })], stored.slice(0, 1)).write).toHaveLength(1);
  });
});

describe('a save of an order', () => {
  /** Each stored line's position, quantity and the transaction that last wrote it (xmin). */
  const storedRows = async (id: string) => {
    const { rows } = await sql<{ pos: number; quantity: string; xmin: string }>`
      select pos, quantity::text as quantity, xmin::text as xmin from document_lines
      where document_id = ${id}::bigint order by pos`.execute(t.conn.db);
    return rows;
  };

  it('writes the changed, new and removed lines and leaves the others untouched', async () => {
    const orders = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=5', { token: buyer });
    const supplier = orders.body.items.find((o) => o.supplier)!.supplier!;
    const created = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
      token: buyer,
      body: {
        doc: { subtype: 'P001' },
        description: 'Lines written where they change',
        deliveryDate: '2026-12-30',
        supplier: { _id: supplier._id },
        currency: 'EUR',
        lines: [10, 20, 30].map((pos) => ({
          pos,
          item: `MAT-${pos}`,
          quantity: 1,
          price: '2.50',
          tax: { key: 'IVA23' },
        })),
      },
    });
    expect(created.status).toBe(200);
    const doc = created.body;
    const before = await storedRows(doc._id);
    expect(before.map((r) => r.pos)).toEqual([10, 20, 30]);

    const lines = doc.lines ?? [];
    const saved = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: buyer,
      body: {
        ...doc,
        lines: [
          lines[0],
          { ...lines[1], quantity: '4' },
          { pos: 40, item: 'MAT-40', quantity: 2, price: '1', tax: { key: 'IVA23' } },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.lines?.map((l) => [l.pos, l.quantity, l.value])).toEqual([
      [10, '1.000', '3.08'],
      [20, '4.000', '12.30'],
      [40, '2.000', '2.46'],
    ]);
    expect(saved.body.value).toBe('17.84');
    // the answer is the document as a read gives it, though the save read none of its lines again
    const read = await call<DocumentResponse>(t.app, 'GET', `/api/purchasing/order/${doc._id}`, {
      token: buyer,
    });
    expect(saved.body).toEqual(read.body);

    const after = await storedRows(doc._id);
    expect(after.map((r) => [r.pos, r.quantity])).toEqual([
      [10, '1.000'],
      [20, '4.000'],
      [40, '2.000'],
    ]);
    // line 10 was not written again; line 20 was, in the save's transaction, as line 40 was
    expect(after[0]!.xmin).toBe(before[0]!.xmin);
    expect(after[1]!.xmin).not.toBe(before[1]!.xmin);
    expect(after[1]!.xmin).toBe(after[2]!.xmin);

    // a save that changes no line writes none, and still writes the document
    const again = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: buyer,
      body: { ...saved.body, description: 'Header only' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      _version: saved.body._version + 1,
      description: 'Header only',
      value: '17.84',
    });
    expect(await storedRows(doc._id)).toEqual(after);
  });
});
