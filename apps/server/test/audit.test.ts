import type { AuditEvent, AuditList, DocumentList, DocumentResponse } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../src/audit/audit.service.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The audit trail (migration 0013, src/audit): every write path records who, when, from where and
 * the changed values inside its own transaction; the table is append-only; auditors and
 * administrators read it (a page or a CSV), nobody else.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const trail = async (query: string, user = 'auditor') => {
  const res = await call<AuditList>(t.app, 'GET', `/api/audit?${query}`, { token: await token(user) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const historyOf = async (id: string) => (await trail(`entity=document&entity_id=${id}&l=200`)).data;
const only = (events: AuditEvent[], action: string) => {
  const found = events.filter((e) => e.action === action);
  expect(found, action).toHaveLength(1);
  return found[0]!;
};

/** A new order of the buyer (P001, one line), as the lifecycle tests make it. */
async function newOrder(description: string): Promise<DocumentResponse> {
  const orders = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=50', {
    token: await token('buyer'),
  });
  const supplier = orders.body.items.find((o) => o.supplier)!.supplier!;
  const res = await call<DocumentResponse>(t.app, 'POST', '/api/purchasing/order', {
    token: await token('buyer'),
    body: {
      doc: { subtype: 'P001' },
      description,
      supplier: { _id: supplier._id },
      currency: 'EUR',
      deliveryDate: '2027-06-30',
      lines: [{ item: 'MAT-1001', quantity: 5, price: '3.45' }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Saves the order as read with `changes` (without the verdicts the server adds to a read). */
const update = async (
  { _actions, _permissions, ...doc }: DocumentResponse,
  changes: Record<string, unknown>,
) =>
  call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
    token: await token('buyer'),
    body: { ...doc, ...changes },
  });

describe('recording', () => {
  it('records an order update: who, when, from where, and only the changed values before and after', async () => {
    const doc = await newOrder('Audit bolts');
    const created = only(await historyOf(doc._id), 'create');
    expect(created).toMatchObject({ before: null, model: 'order', actor: { username: 'buyer' } });
    expect(created.after).toMatchObject({ state: 'created', data: { description: 'Audit bolts' } });

    const started = Date.now();
    const lines = doc.lines!.map((l) => ({ ...l, price: '4.00' }));
    const res = await update(doc, { description: 'Audit nuts', lines });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const event = only(await historyOf(doc._id), 'update');
    expect(event).toMatchObject({
      entity: 'document',
      entityId: doc._id,
      model: 'order',
      actor: { username: 'buyer', address: '127.0.0.1' },
    });
    expect(event.actor._id).toBe(res.body._state.created.user?._id);
    expect(Date.parse(event.at)).toBeGreaterThanOrEqual(started - 5_000);
    expect(event.before).toMatchObject({
      state: 'created',
      'data.description': 'Audit bolts',
      'lines.0.price': '3.45000',
      'totals.value': '17.25',
    });
    expect(event.after).toMatchObject({
      state: 'updated',
      'data.description': 'Audit nuts',
      'lines.0.price': '4.00000',
      'totals.value': '20.00',
    });
    // unchanged values are not repeated
    expect(Object.keys(event.after!)).not.toContain('data.currency');
    expect(Object.keys(event.after!)).not.toContain('lines.0.item');
  });

  it('records a workflow transition with the action and the comment', async () => {
    const doc = await newOrder('Audit transition');
    const res = await call<DocumentResponse>(t.app, 'POST', `/api/purchasing/order/${doc._id}/workflow`, {
      token: await token('buyer'),
      body: { action: 'submit-approval', comment: 'Please approve', _version: doc._version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(only(await historyOf(doc._id), 'transition')).toMatchObject({
      actor: { username: 'buyer' },
      before: { state: 'created' },
      after: { state: 'approval' },
      detail: { action: 'submit-approval', comment: 'Please approve' },
    });
  });

  it('records a duplicate, a restore, a reopen and the enabled switch', async () => {
    const buyer = await token('buyer');
    const doc = await newOrder('Audit copy');
    const url = `/api/purchasing/order/${doc._id}`;
    const copy = await call<DocumentResponse>(t.app, 'POST', `${url}/duplicate`, { token: buyer });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const copied = only(await historyOf(copy.body._id), 'duplicate');
    expect(copied).toMatchObject({ before: null, detail: { copyOf: doc._id } });
    expect(copied.after).toMatchObject({ data: { description: 'Audit copy' } });

    expect((await call(t.app, 'DELETE', url, { token: buyer })).status).toBe(200);
    expect((await call(t.app, 'POST', `${url}/restore`, { token: buyer })).status).toBe(200);
    expect(only(await historyOf(doc._id), 'restore')).toMatchObject({
      before: { state: 'deleted', deleted: true },
      after: { state: 'created', deleted: false },
    });

    await sql`update documents set state = 'closed' where id = ${doc._id}::bigint`.execute(t.conn.db);
    const reopened = await call(t.app, 'POST', `${url}/reopen`, {
      token: buyer,
      body: { comment: 'Credit note' },
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(only(await historyOf(doc._id), 'reopen')).toMatchObject({
      before: { state: 'closed' },
      after: { state: 'updated' },
      detail: { action: 'reopen', comment: 'Credit note' },
    });

    const manager = await token('manager-supplier');
    const suppliers = await call<DocumentList>(t.app, 'GET', '/api/purchasing/supplier?l=50', {
      token: manager,
    });
    const supplier = suppliers.body.items.find((r) => r._state.current === 'approved')!;
    const off = await call(t.app, 'PUT', `/api/purchasing/supplier/${supplier._id}/toggle-enabled`, {
      token: manager,
      body: { value: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const [switched] = (await trail(`entity=document&entity_id=${supplier._id}&action=disable`)).data;
    expect(switched).toMatchObject({ model: 'supplier', after: { 'data.enabled': false } });
  });

  it('keeps the events of a purged document readable, the document whole in the purge event', async () => {
    const doc = await newOrder('Audit purge');
    const removed = await call(t.app, 'DELETE', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const purged = await call(t.app, 'DELETE', `/api/purchasing/order/${doc._id}/purge`, {
      token: await token('admin'),
    });
    expect(purged.status, JSON.stringify(purged.body)).toBe(200);
    const gone = await call(t.app, 'GET', `/api/purchasing/order/${doc._id}`, {
      token: await token('admin'),
    });
    expect(gone.status).toBe(404);

    const events = await historyOf(doc._id);
    expect(events.map((e) => e.action)).toEqual(['purge', 'delete', 'create']);
    expect(only(events, 'delete')).toMatchObject({
      before: { state: 'created', deleted: false },
      after: { state: 'deleted', deleted: true, 'data._deletedFrom': 'created' },
    });
    const purge = only(events, 'purge');
    expect(purge.actor.username).toBe('admin');
    expect(purge.after).toBeNull();
    expect(purge.before).toMatchObject({
      state: 'deleted',
      data: { description: 'Audit purge' },
      lines: [expect.objectContaining({ item: 'MAT-1001' })],
    });
  });

  it('records nothing for a save that rolls back, even one that fails at commit', async () => {
    const doc = await newOrder('Audit rollback');
    // a deferred check refusing this description fails the save at COMMIT, after every write of it
    await sql`create function audit_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.conn.db);
    await sql`create constraint trigger audit_test_refuse after update on documents
      deferrable initially deferred for each row
      when (new.data->>'description' = 'Never saved') execute function audit_test_refuse()`.execute(
      t.conn.db,
    );
    try {
      const res = await update(doc, { description: 'Never saved' });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger audit_test_refuse on documents`.execute(t.conn.db);
      await sql`drop function audit_test_refuse()`.execute(t.conn.db);
    }
    const events = await historyOf(doc._id);
    expect(events.map((e) => e.action)).toEqual(['create']);

    // the recorder writes in the caller's transaction: a rollback takes the event with it
    const auth = { domainId: 'acme', user: { _id: 'u-x', username: 'nobody' }, address: '10.0.0.9' };
    await expect(
      t.conn.db.transaction().execute(async (trx) => {
        await audit.record(trx, { auth, entity: 'settings', entityId: 'rollback-probe', action: 'update' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await trail('entity=settings&entity_id=rollback-probe')).count).toBe(0);
  });

  it('records model configuration saves and the offline notice, with the changed paths only', async () => {
    const admin = await token('admin');
    const current = await call<{ version: number; config: Record<string, unknown> }>(
      t.app,
      'GET',
      '/api/admin/models/complaint',
      { token: admin },
    );
    const saved = await call(t.app, 'PUT', '/api/admin/models/complaint', {
      token: admin,
      body: {
        config: { ...current.body.config, label: 'Audited complaints' },
        baseVersion: current.body.version,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [config] = (await trail('entity=model-config&entity_id=complaint')).data;
    expect(config).toMatchObject({
      action: 'config',
      model: 'complaint',
      actor: { username: 'admin' },
      after: { label: 'Audited complaints' },
      detail: { version: current.body.version + 1 },
    });
    expect(Object.keys(config!.after!)).toEqual(['label']);

    const offline = await call(t.app, 'PUT', '/api/config/offline', {
      token: admin,
      body: { message: 'Back at 6' },
    });
    expect(offline.status).toBe(200);
    const [notice] = (await trail('entity=settings&entity_id=offline')).data;
    expect(notice).toMatchObject({ before: { offline: null }, after: { offline: { message: 'Back at 6' } } });
    await call(t.app, 'PUT', '/api/config/offline', { token: admin, body: { message: null } });

    // a user's own settings: the language
    const lang = await call(t.app, 'POST', '/api/profile/user/config', {
      token: await token('director'),
      body: { lang: 'pt' },
    });
    expect(lang.status, JSON.stringify(lang.body)).toBe(200);
    const [own] = (await trail('entity=user&actor=director')).data;
    expect(own).toMatchObject({ action: 'update', before: { lang: 'en' }, after: { lang: 'pt' } });
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_events, even to the application', async () => {
    const before = (await trail('l=1')).count;
    expect(before).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_events set action = 'forged'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ])
      await expect(statement.execute(t.conn.db)).rejects.toThrow(/append-only/);
    expect((await trail('l=1')).count).toBe(before);
    expect((await trail('action=forged')).count).toBe(0);
  });
});

describe('reading', () => {
  it('answers 403 to everybody but auditors and administrators, suppliers included, on the list and the export', async () => {
    for (const user of ['buyer', 'manager', 'requester', 'supplier', 'supplier-user']) {
      for (const url of ['/api/audit', '/api/audit/export?format=csv']) {
        const res = await call(t.app, 'GET', url, { token: await token(user) });
        expect(res.status, `${user} ${url}`).toBe(403);
        expect(errorOf(res.body).key).toBe('audit.forbidden');
      }
    }
    expect((await call(t.app, 'GET', '/api/audit')).status).toBe(401);
    // the sidebar offers the trail to its readers only
    const nav = async (user: string) =>
      JSON.stringify(
        (await call(t.app, 'GET', '/api/config/navigation/en', { token: await token(user) })).body,
      );
    expect(await nav('auditor')).toContain('"to":"/audit"');
    expect(await nav('admin')).toContain('"to":"/audit"');
    expect(await nav('buyer')).not.toContain('/audit');
    expect((await call(t.app, 'GET', '/api/audit', { token: await token('admin') })).status).toBe(200);
  });

  it('filters by actor, action, model and dates, pages with p and l, and refuses a date that does not exist', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await trail(`actor=buyer&model=order&from=${today}&to=${today}`);
    expect(all.count).toBeGreaterThanOrEqual(5);
    expect(all.data.every((e) => e.actor.username === 'buyer' && e.model === 'order')).toBe(true);
    const creates = await trail('actor=buyer&action=create');
    expect(creates.data.every((e) => e.action === 'create')).toBe(true);
    const page2 = await trail('actor=buyer&l=2&p=2');
    expect(page2.data).toHaveLength(2);
    expect(page2.data[0]!._id).toBe(all.data[2]!._id);
    expect((await trail('to=2000-01-01')).count).toBe(0);
    const bad = await call(t.app, 'GET', '/api/audit?from=2026-02-30', { token: await token('auditor') });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).data.errors[0]).toMatchObject({ field: 'from' });
  });

  it('exports the same filters as a CSV with a header row for the auditor', async () => {
    const doc = await newOrder('Audit, "CSV" export');
    const res = await call<string>(
      t.app,
      'GET',
      `/api/audit/export?format=csv&entity=document&entity_id=${doc._id}`,
      { token: await token('auditor') },
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="audit-/);
    expect(res.headers['x-p2p-truncated']).toBe('false');
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'id,at,actor_id,actor_username,actor_address,entity,entity_id,model,action,before,after,detail',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`,buyer,127.0.0.1,document,${doc._id},order,create,`);
    // quotes doubled inside a quoted cell
    expect(rows[1]).toContain('""description"":""Audit, \\""CSV\\"" export""');
  });
});
