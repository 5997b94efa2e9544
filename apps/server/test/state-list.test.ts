import type { DocumentList } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

// A list narrowed to one state walks that state's documents in the list's order (migration 0029).
describe('a list narrowed to one state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** The plan of the list's page statement (document.repository.ts) with a state condition. */
  async function pagePlan(): Promise<string> {
    return t.conn.db.connection().execute(async (c) => {
      // on the small demo data a whole-table read would win; the choice between indexes is the test
      await sql`set enable_seqscan = off`.execute(c);
      await sql`set enable_bitmapscan = off`.execute(c);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select d.id from documents as d
          where d.domain_id = ${'acme'} and d.model = ${'order'} and d.deleted = ${false}
            and (d.state)::text in (${'approved'})
          order by d.id desc nulls last limit 30`.execute(c);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(c);
        await sql`reset enable_bitmapscan`.execute(c);
      }
    });
  }

  it('is read through the state index, in its order, with no sort', async () => {
    const plan = await pagePlan();
    expect(plan).toContain('documents_state');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('answers only that state, newest first, with and without the index', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const page = async () => {
      const res = await call<DocumentList>(
        t.app,
        'GET',
        '/api/purchasing/order?_state.current=approved&l=100',
        {
          token,
        },
      );
      expect(res.status).toBe(200);
      return res.body.items;
    };
    const before = await page();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((d) => d._state.current === 'approved')).toBe(true);
    const ids = before.map((d) => BigInt(d._id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

    const migration = migrations['0029-documents-by-state']!;
    await migration.down!(t.conn.db as never);
    try {
      expect(await pagePlan()).not.toContain('documents_state');
      expect(await page()).toEqual(before);
    } finally {
      await migration.up(t.conn.db as never);
    }
    expect(await pagePlan()).toContain('documents_state');
  });

  // the page's ids come first, then their rows (document.repository.ts): the rows keep the ids' order
  it('keeps the order of its sort, both ways, with the rows of its ids', async () => {
    const { token } = await signIn(t.app, 'buyer');
    // the state most orders of the demo are in
    const all = await call<DocumentList>(t.app, 'GET', '/api/purchasing/order?l=200', { token });
    const counts = new Map<string, number>();
    for (const d of all.body.items) counts.set(d._state.current, (counts.get(d._state.current) ?? 0) + 1);
    const [state] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const keys = async (sort: string) => {
      const url = `/api/purchasing/order?_state.current=${state}&s=${sort}`;
      const res = await call<DocumentList>(t.app, 'GET', url, { token });
      expect(res.status).toBe(200);
      return res.body.items.map((d) => String(d.key));
    };
    const up = await keys('key');
    const down = await keys('-key');
    expect(up.length).toBeGreaterThan(1);
    expect(up).toEqual([...up].sort());
    expect(down).toEqual([...down].sort().reverse());
  });
});
