import { sql } from 'kysely';
import { DASHBOARD_WHAT, type DocumentList, type ReportResult } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * The dashboard's ERP figures come from the integration monitor (issue 13): a document counts as an
 * error when its last message to the ERP failed or died, whatever its state (a send whose retries
 * ran out leaves the document in erp), and stops counting once a later message is queued or done.
 * Each figure drills into the list of exactly its documents.
 */
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, 'buyer')).token;
});
afterAll(() => t?.close());

async function figure(id: string, as = token): Promise<{ count: number; filter: string }> {
  const res = await call<ReportResult>(t.app, 'POST', '/api/reporting/query/result', {
    token: as,
    body: { name: 'Home', what: [id] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const part = (res.body.items[0]!.parts as Array<{ count: number; _filter: string }>)[0]!;
  return { count: part.count, filter: part._filter };
}

async function listed(model: string, filter: string, as = token): Promise<string[]> {
  const res = await call<DocumentList>(t.app, 'GET', `/api/purchasing/${model}?${filter}&l=200`, {
    token: as,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((d) => String(d._id)).sort();
}

async function documentsOf(model: string, n: number): Promise<Array<{ id: string; domain: string }>> {
  const rows = await sql<{ id: string; domain_id: string }>`select id::text as id, domain_id from documents
    where model = ${model} and not deleted and domain_id = 'acme' order by id limit ${n}`.execute(t.conn.db);
  expect(rows.rows.length).toBe(n);
  return rows.rows.map((r) => ({ id: r.id, domain: r.domain_id }));
}

async function message(doc: { id: string; domain: string }, model: string, iface: string, status: string) {
  await sql`insert into erp_outbox (domain_id, document_id, model, interface, status, external_ref, payload)
    values (${doc.domain}, ${doc.id}, ${model}, ${iface}, ${status}, ${`P2P${doc.id}`}, '{}'::jsonb)`.execute(
    t.conn.db,
  );
}

describe('ERP errors on the dashboard', () => {
  it("counts the demo's orders in erp-fail: each holds the failed message that put it there", async () => {
    const failed = await sql<{ id: string }>`select id::text as id from documents
      where domain_id = 'acme' and model = 'order' and state = 'erp-fail' and not deleted`.execute(t.conn.db);
    expect(failed.rows.length).toBeGreaterThan(0);
    const orders = await figure('order-errors');
    expect(orders.count).toBe(failed.rows.length);
    expect(await listed('order', orders.filter)).toEqual(failed.rows.map((r) => r.id).sort());
  });

  it('counts the orders whose last send failed or died, and drills into exactly them', async () => {
    const before = await figure('order-errors');
    expect(before.filter).toBe('erp=error');
    const [refused, dead, resent, fine] = await documentsOf('order', 4);
    await message(refused!, 'order', 'order.create', 'failed');
    await message(dead!, 'order', 'order.create', 'dead');
    // refused once, corrected and sent again: the last message is queued, no longer an error
    await message(resent!, 'order', 'order.create', 'failed');
    await message(resent!, 'order', 'order.create', 'queued');
    await message(fine!, 'order', 'order.create', 'done');

    const after = await figure('order-errors');
    expect(after.count - before.count).toBe(2);
    const ids = await listed('order', after.filter);
    expect(ids).toEqual(expect.arrayContaining([refused!.id, dead!.id]));
    expect(ids).not.toContain(resent!.id);
    expect(ids).not.toContain(fine!.id);
    expect(ids.length).toBe(after.count);
  });

  it('tells reception errors from reversal errors', async () => {
    const [posted, reversed] = await documentsOf('reception', 2);
    const receptions = await figure('reception-errors');
    const reversals = await figure('reverse-errors');
    await message(posted!, 'reception', 'goods-receipt.post', 'failed');
    await message(reversed!, 'reception', 'goods-receipt.post', 'done');
    await message(reversed!, 'reception', 'goods-receipt.reverse', 'dead');

    const receptionsAfter = await figure('reception-errors');
    const reversalsAfter = await figure('reverse-errors');
    expect(receptionsAfter.count - receptions.count).toBe(1);
    expect(reversalsAfter.count - reversals.count).toBe(1);
    expect(await listed('reception', receptionsAfter.filter)).toContain(posted!.id);
    expect(await listed('reception', reversalsAfter.filter)).toEqual(expect.arrayContaining([reversed!.id]));
    expect(await listed('reception', reversalsAfter.filter)).not.toContain(posted!.id);
  });

  it('counts a return the supplier refused (reverse-fail, no message), until the buyer asks again', async () => {
    const [refused, askedAgain] = await documentsOf('reception', 2);
    const before = await listed('reception', (await figure('reverse-errors')).filter);
    expect(before).not.toContain(refused!.id);
    await sql`update documents set state = 'reverse-fail' where id = ${refused!.id}`.execute(t.conn.db);
    // refused by the ERP, then asked again: waiting for the supplier, no longer an error
    await message(askedAgain!, 'reception', 'goods-receipt.reverse', 'failed');
    await sql`update documents set state = 'reverse-wait' where id = ${askedAgain!.id}`.execute(t.conn.db);

    const after = await figure('reverse-errors');
    const ids = await listed('reception', after.filter);
    expect(ids).toContain(refused!.id);
    expect(ids).not.toContain(askedAgain!.id);
    expect(ids.length).toBe(after.count);
  });

  it('counts the same among all the figures as alone (its own statement)', async () => {
    const all = await call<ReportResult>(t.app, 'POST', '/api/reporting/query/result', {
      token,
      body: { name: 'Dashboard', what: DASHBOARD_WHAT.map((w) => w._id) },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const counts = new Map(all.body.items.map((i) => [i._id, i.count]));
    for (const id of ['requisition-errors', 'order-errors', 'reception-errors', 'reverse-errors'])
      expect(counts.get(id), id).toBe((await figure(id)).count);
    expect(counts.get('order-errors')).toBeGreaterThanOrEqual(2);
    // the figures beside them are still counted (the others' statement is not disturbed)
    expect(counts.get('draft-orders')).toBe((await figure('draft-orders')).count);
  });

  it("counts within the caller's scope: a supplier's figure holds its own orders only", async () => {
    const supplier = (await signIn(t.app, 'supplier')).token;
    const own = (await listed('order', '', supplier)).at(-1)!;
    // an order of another supplier, which the supplier never sees
    const other = (
      await sql<{ id: string }>`select d.id::text as id from documents d, users u
        where u.domain_id = 'acme' and u.username = 'supplier' and d.domain_id = 'acme'
          and d.model = 'order' and not d.deleted and d.supplier_id <> u.supplier_id
        order by d.id desc limit 1`.execute(t.conn.db)
    ).rows[0]!.id;
    expect(own).toBeTruthy();
    const before = await figure('order-errors', supplier);
    await message({ id: own, domain: 'acme' }, 'order', 'order.create', 'failed');
    await message({ id: other, domain: 'acme' }, 'order', 'order.create', 'failed');
    const after = await figure('order-errors', supplier);
    expect(after.count - before.count).toBe(1);
    const ids = await listed('order', after.filter, supplier);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
    expect(ids.length).toBe(after.count);
    // the buyer sees both
    expect(await listed('order', 'erp=error')).toEqual(expect.arrayContaining([own, other]));
  });

  it('refuses an erp filter value it does not know', async () => {
    const res = await call(t.app, 'GET', '/api/purchasing/order?erp=failed', { token });
    expect(res.status).toBe(400);
  });
});
