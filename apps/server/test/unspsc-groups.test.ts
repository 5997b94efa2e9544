import type { DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMaterialGroups, materialGroupOf } from '../src/erp/unspsc.ts';
import { demoItems } from '../src/seed/demo-items.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';
import { orderFlow } from './order-flow.ts';

/**
 * The tenant's mapping from UNSPSC code prefixes to ERP material groups: the demo's, kept by
 * administrators and ihub roles through the API (403 to other roles, each tenant its own), and the
 * send of a line whose code maps to no group refused with the seed's message (unspsc-fail).
 */
let t: TestApp;
const tokens = new Map<string, string>();
const token = async (u: string, domain?: string) => {
  const k = `${u}@${domain ?? ''}`;
  if (!tokens.has(k)) tokens.set(k, (await signIn(t.app, u, domain)).token);
  return tokens.get(k)!;
};
const flow = orderFlow(
  () => t.app,
  (u) => token(u),
);

type Groups = { items: Array<{ prefix: string; materialGroup: string; title: string | null }> };
const groups = async (user: string, domain?: string) =>
  call<Groups>(t.app, 'GET', '/api/admin/unspsc/groups', { token: await token(user, domain) });
const put = async (user: string, prefix: string, materialGroup: string, domain?: string) =>
  call(t.app, 'PUT', `/api/admin/unspsc/groups/${prefix}`, {
    token: await token(user, domain),
    body: { materialGroup },
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('UNSPSC material groups', () => {
  it('the demo maps every demo item, and the sample code 78101800 maps to nothing', async () => {
    for (const item of demoItems('acme'))
      expect(await materialGroupOf(t.conn.db, 'acme', item.unspsc), item.unspsc).toBe(item.material_group);
    expect(await materialGroupOf(t.conn.db, 'acme', '78101800')).toBeNull();
    const listed = await groups('admin');
    expect(listed.status).toBe(200);
    // a segment where the demo has one group, a class where it has several
    expect(listed.body.items).toContainEqual({
      prefix: '46',
      materialGroup: 'SAFETY',
      title: null,
    });
    expect(listed.body.items).toContainEqual({
      prefix: '432115',
      materialGroup: 'IT-HARDWARE',
      title: 'Computers',
    });
  });

  it('administrators and ihub roles keep the mapping; other roles get 403; each tenant its own', async () => {
    expect((await groups('buyer')).status).toBe(403);
    expect((await put('buyer', '78', 'LOGISTICS')).status).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/api/admin/unspsc/groups/46', { token: await token('supplier') })).status,
    ).toBe(403);
    expect((await groups('ihub-operator')).status).toBe(200);

    const made = await put('ihub-operator', '781018', 'LOGISTICS');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({
      prefix: '781018',
      materialGroup: 'LOGISTICS',
      title: 'Road cargo transport',
    });
    expect(await materialGroupOf(t.conn.db, 'acme', '78101800')).toBe('LOGISTICS');
    // another tenant neither holds nor gets it (its demo has only a buyer, refused like ours)
    expect((await listMaterialGroups(t.conn.db, 'globex')).map((g) => g.prefix)).not.toContain('781018');
    expect(await materialGroupOf(t.conn.db, 'globex', '78101800')).toBeNull();
    expect((await groups('buyer', 'globex')).status).toBe(403);

    expect((await put('admin', '781018', 'FREIGHT')).status).toBe(200);
    expect((await groups('admin')).body.items.find((g) => g.prefix === '781018')?.materialGroup).toBe(
      'FREIGHT',
    );
    const removed = await call(t.app, 'DELETE', '/api/admin/unspsc/groups/781018', {
      token: await token('admin'),
    });
    expect(removed.status).toBe(200);
    expect(await materialGroupOf(t.conn.db, 'acme', '78101800')).toBeNull();
    expect(
      (await call(t.app, 'DELETE', '/api/admin/unspsc/groups/781018', { token: await token('admin') }))
        .status,
    ).toBe(404);
    // prefixes are whole levels (2, 4, 6 or 8 digits), groups are codes
    expect((await put('admin', '781', 'X')).status).toBe(400);
    expect((await put('admin', '78', 'no spaces')).status).toBe(400);
  });

  it('a line with an unmapped code is refused with the seed message; once mapped, it is sent', async () => {
    let doc = await flow.newOrder('UNSPSC outside the scope');
    const saved = await call<DocumentResponse>(t.app, 'PUT', `/api/purchasing/order/${doc._id}`, {
      token: await token('buyer'),
      body: { ...doc, lines: (doc.lines ?? []).map((l) => ({ ...l, unspsc: '78101800' })) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.lines?.[0]?.unspsc).toBe('78101800');
    doc = await flow.move('buyer', saved.body, 'submit-approval');
    doc = await flow.move('manager', doc, 'approve');
    const refused = await call<{ message: string; key: string; data: { errors: unknown[] } }>(
      t.app,
      'POST',
      `/api/purchasing/order/${doc._id}/workflow`,
      { token: await token('buyer'), body: { action: 'workflow', to: 'erp', _version: doc._version } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('UNSPSC Code outside the scope of integration');
    expect(refused.body.key).toBe('erp.unspsc-fail');
    expect(refused.body.data.errors).toEqual([
      {
        field: 'unspsc',
        line: { pos: 10, subpos: 0, key: 'MAT-1000' },
        message: 'UNSPSC Code outside the scope of integration',
      },
    ]);
    // every signed-in user may ask a code's group (the line's unspsc-fail icon)
    const scope = async (code: string) =>
      (await call(t.app, 'GET', `/api/unspsc/material-group?code=${code}`, { token: await token('buyer') }))
        .body;
    expect(await scope('78101800')).toEqual({ code: '78101800', materialGroup: null });
    expect((await put('admin', '78', 'LOGISTICS')).status).toBe(200);
    expect(await scope('78101800')).toEqual({ code: '78101800', materialGroup: 'LOGISTICS' });
    const sent = await flow.move('buyer', doc, 'workflow', { to: 'erp' });
    expect(sent._state.current).toBe('erp');
    await call(t.app, 'DELETE', '/api/admin/unspsc/groups/78', { token: await token('admin') });
  });
});
