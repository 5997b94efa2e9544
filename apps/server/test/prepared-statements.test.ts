import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED_TEXTS, PLAN_ONCE, statementName } from '../src/db/prepared-pool.ts';
import { sortSpec } from '../src/documents/document.fields.ts';
import type { ModelConfig } from '../src/documents/model-config.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

// The PGlite session has no prepared statements to show: the pool is PostgreSQL's only.
describe.runIf(Boolean(process.env.DATABASE_URL))('prepared statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('prepares the statements marked to be planned once, once per connection, and no other', async () => {
    await t.conn.db.connection().execute(async (c) => {
      const marked = () => sql<{ n: number }>`${PLAN_ONCE}select ${41}::int + 1 as n`.execute(c);
      const plain = () => sql<{ n: number }>`select ${41}::int + 2 as n`.execute(c);
      expect((await marked()).rows).toEqual([{ n: 42 }]);
      expect((await marked()).rows).toEqual([{ n: 42 }]);
      expect((await plain()).rows).toEqual([{ n: 43 }]);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        c,
      );
      expect(rows.filter((r) => r.statement.includes('$1::int + 1 as n'))).toHaveLength(1);
      expect(rows.filter((r) => r.statement.includes('$1::int + 2 as n'))).toHaveLength(0);
    });
  });

  it('lists the whole model with a statement planned once, and a filtered list without', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const statements = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(t.conn.db))
        .rows;
    // one connection in use at a time: the pool hands the same one back
    for (let i = 0; i < 3; i++) {
      expect((await call(t.app, 'GET', '/api/purchasing/order', { token })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/purchasing/order?q=bolt', { token })).status).toBe(200);
    }
    const listed = (await statements()).filter((r) => r.statement.includes('from "documents" as "d"'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => !r.statement.includes('@@'))).toBe(true);
  });

  it('keeps transactions, their rollback and errors working', async () => {
    await expect(
      t.conn.db.transaction().execute(async (tx) => {
        await sql`select ${1}::int as inside`.execute(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(sql`select * from no_such_table where id = ${1}`.execute(t.conn.db)).rejects.toThrow();
    const again = await sql<{ one: number }>`select ${1}::int as one`.execute(t.conn.db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});

// last: it fills the process-wide names up to their cap
describe('statement names', () => {
  it('gives a text the same name every time and another text another name', () => {
    const a = statementName('select 1 as prepared_a where $1::int > 0');
    const b = statementName('select 1 as prepared_b where $1::int > 0');
    expect(a).toMatch(/^p2p_\d+$/);
    expect(statementName('select 1 as prepared_a where $1::int > 0')).toBe(a);
    expect(b).not.toBe(a);
  });

  it('names a bounded number of texts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < MAX_PREPARED_TEXTS + 10; i++) {
      const name = statementName(`select ${i} as bounded where $1::int > 0`);
      if (name) seen.add(name);
    }
    expect(seen.size).toBeLessThanOrEqual(MAX_PREPARED_TEXTS);
    expect(statementName('select 1 as after_the_cap where $1::int > 0')).toBeUndefined();
  });
});

describe('the sort of a list by a JSON field', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  // A prepared statement keeps a generic plan (planned once) only when that plan is as good as a
  // custom one: a sort index serves the generic plan only if the statement names the field as the
  // index does (migration 0012), not through a bound parameter.
  it.each(['deliveryDate', 'description'])(
    'is served by its sort index in a generic plan (%s)',
    async (src) => {
      const model = { sort: [src] } as unknown as ModelConfig;
      const { expression } = sortSpec(model, `-${src}`);
      await t.conn.db.connection().execute(async (c) => {
        await sql`set plan_cache_mode = force_generic_plan`.execute(c);
        await sql`set enable_seqscan = off`.execute(c);
        try {
          await sql`prepare sorted_page(text, text) as select d.id from documents as d
          where d.domain_id = $1 and d.model = $2 and d.deleted = false
          order by ${expression} desc nulls last, d.id desc nulls last limit 30`.execute(c);
          const { rows } = await sql<{
            'QUERY PLAN': string;
          }>`explain execute sorted_page('acme', 'order')`.execute(c);
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(plan).toContain(`documents_sort_${src.toLowerCase()}`);
          expect(plan).not.toMatch(/\bSort\b/);
        } finally {
          await sql`deallocate all`.execute(c);
          await sql`reset plan_cache_mode`.execute(c);
          await sql`reset enable_seqscan`.execute(c);
        }
      });
    },
  );
});
