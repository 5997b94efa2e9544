import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import type { SearchItem } from '../src/search/search.service.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

type Hit = SearchItem;
interface SearchBody {
  items: Hit[];
  options: { count: number | null; page: number; pagesize: number };
}

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = async (user: string, url: string) =>
  call<SearchBody>(t.app, 'GET', url, { token: await token(user) });

describe('full-text search', () => {
  it('finds documents of every model by their text and key, with snippet and url', async () => {
    const res = await search('admin', `/api/search?q=${encodeURIComponent('forklift')}&c=1`);
    expect(res.status).toBe(200);
    expect(res.body.options).toEqual({ count: 1, page: 1, pagesize: 30 });
    const [hit] = res.body.items;
    expect(hit).toMatchObject({ model: 'order', subtype: 'P010', title: 'Forklift maintenance and repair' });
    expect(hit!.url).toBe(`/order/${hit!._id}`);
    expect(hit!.snippet).toContain('<b>Forklift</b>');
    // the ids of references (supplier, requester ...) are not readable text
    expect(hit!.snippet).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    const byKey = await search('admin', '/api/search?q=4500012304');
    expect(byKey.body.items.map((h) => h.key)).toContain('4500012304');

    // websearch syntax: words are and-ed, "-word" excludes
    const logistics = await search('admin', '/api/search?q=logistics&c=1');
    const noContract = await search('admin', '/api/search?q=logistics%20-contract&c=1');
    expect(logistics.body.options.count!).toBeGreaterThan(noContract.body.options.count!);
    expect(new Set(logistics.body.items.map((h) => h.model)).size).toBeGreaterThan(1);
  });

  it('counts exactly up to the cap and flags an estimate above it', async () => {
    const exact = await search('admin', '/api/search/order?q=EUR&c=1&l=5');
    expect(exact.body.options.count!).toBeGreaterThan(3);
    process.env.COUNT_EXACT_LIMIT = '3';
    try {
      const capped = await search('admin', '/api/search/order?q=EUR&c=1&l=5');
      expect(capped.status).toBe(200);
      expect(capped.body.options).toMatchObject({ estimated: true });
      expect(capped.body.options.count!).toBeGreaterThan(3);
      expect(capped.body.items).toHaveLength(5);
    } finally {
      delete process.env.COUNT_EXACT_LIMIT;
    }
  });

  it('searches one model, pages, and answers 404 for an unknown model', async () => {
    const all = await search('admin', '/api/search/order?q=EUR&c=1&l=5');
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.items.every((h) => h.model === 'order')).toBe(true);
    const page2 = await search('admin', '/api/search/order?q=EUR&l=5&p=2');
    expect(page2.body.options).toEqual({ count: null, page: 2, pagesize: 5 });
    const ids = new Set(all.body.items.map((h) => h._id));
    expect(page2.body.items.some((h) => ids.has(h._id))).toBe(false);

    const unknown = await search('admin', '/api/search/invoice?q=x');
    expect(unknown.status).toBe(404);
    errorOf(unknown.body);
    const empty = await search('admin', '/api/search?q=%20');
    expect(empty.body.items).toEqual([]);
  });

  it('scopes every hit like the lists: suppliers only find their own documents', async () => {
    // 'pump' is only in an order of Beta Logistics SA (closed: sent to Beta long ago)
    expect((await search('supplier', '/api/search?q=pump&c=1')).body).toMatchObject({
      items: [],
      options: { count: 0 },
    });
    expect((await search('supplier', '/api/search/order?q=pump')).body.items).toEqual([]);
    expect((await search('supplier2', '/api/search?q=pump')).body.items).toHaveLength(1);
    // 'forklift' is in a Beta order still being drafted: Beta does not find it yet, the buyer does
    expect((await search('supplier2', '/api/search?q=forklift')).body.items).toEqual([]);
    expect((await search('buyer', '/api/search?q=forklift')).body.items).toHaveLength(1);

    const alfa = await search('supplier', '/api/search?q=EUR&l=100');
    expect(alfa.body.items.length).toBeGreaterThan(0);
    for (const hit of alfa.body.items) {
      expect(['order', 'contract', 'complaint', 'reception', 'supplier']).toContain(hit.model);
      const doc = await call<{ supplier: { name: string } }>(
        t.app,
        'GET',
        `/api/purchasing/${hit.model}/${hit._id}`,
        {
          token: await token('supplier'),
        },
      );
      expect(doc.body.supplier.name).toBe('Alfa Components Lda');
    }
    // a model suppliers cannot view at all
    const requisitions = await search('supplier', '/api/search/requisition?q=chairs');
    expect(requisitions.status).toBe(403);
    errorOf(requisitions.body);
  });

  it('leaves deleted documents out', async () => {
    const buyer = await token('buyer');
    const suppliers = await call<{ items: Array<{ _id: string }> }>(t.app, 'GET', '/api/reference/supplier', {
      token: buyer,
    });
    const created = await call<{ _id: string }>(t.app, 'POST', '/api/purchasing/order', {
      token: buyer,
      body: {
        doc: { subtype: 'P001' },
        description: 'Zeppelin spare envelope',
        supplier: { _id: suppliers.body.items[0]!._id },
        currency: 'EUR',
        deliveryDate: '2026-10-01',
        lines: [{ item: 'MAT-9000', quantity: 1, price: '10' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await search('buyer', '/api/search?q=zeppelin')).body.items).toHaveLength(1);
    const removed = await call(t.app, 'DELETE', `/api/purchasing/order/${created.body._id}`, {
      token: buyer,
    });
    expect(removed.status).toBe(200);
    expect((await search('buyer', '/api/search?q=zeppelin')).body.items).toHaveLength(0);
  });

  it('follows a field restricted by the model configuration: out of the matches, snippets and titles', async () => {
    type Config = { form: { fields: Array<{ src: string; viewRoles?: string }> } };
    const admin = await token('admin');
    const forklift = (await search('admin', '/api/search?q=forklift')).body.items[0]!;
    expect(forklift).toMatchObject({ title: 'Forklift maintenance and repair' });
    const saveConfig = async (config: Config, baseVersion: number) =>
      call<{ version: number }>(t.app, 'PUT', '/api/admin/models/order', {
        token: admin,
        body: { config, baseVersion },
      });
    const before = (
      await call<{ version: number; config: Config }>(t.app, 'GET', '/api/admin/models/order', {
        token: admin,
      })
    ).body;
    const restricted = JSON.parse(JSON.stringify(before.config)) as Config;
    for (const f of restricted.form.fields) if (f.src === 'description') f.viewRoles = 'admin,manager';
    const saved = await saveConfig(restricted, before.version);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      expect((await search('admin', '/api/search?q=forklift')).body.items).toEqual([]);
      const [byKey] = (await search('admin', `/api/search?q=${forklift.key}`)).body.items;
      expect(byKey).toMatchObject({ _id: forklift._id, title: forklift.key });
      expect(byKey!.snippet.replace(/<\/?b>/g, '')).toContain(forklift.key);
      expect(byKey!.snippet).not.toMatch(/forklift/i);
    } finally {
      const lifted = await saveConfig(before.config, saved.body.version);
      expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    }
    expect((await search('admin', '/api/search?q=forklift')).body.items).toEqual([forklift]);
  });

  it('writes the snippet text of the documents saved before its migration, and drops it on the way down', async () => {
    const db = t.conn.db as never;
    const migration = migrations['0028-document-search-text']!;
    const texts = async () =>
      (
        await sql<{ id: string; text: string | null }>`select d.id::text as id, t.text from documents d
          left join document_search_texts t on t.document_id = d.id order by d.id`.execute(t.conn.db)
      ).rows;
    const before = await texts();
    expect(before.length).toBeGreaterThan(10);
    expect(before.every((r) => r.text !== null)).toBe(true);
    await migration.down!(db);
    expect((await sql`select to_regclass('document_search_texts') as t`.execute(t.conn.db)).rows).toEqual([
      { t: null },
    ]);
    await migration.up(db);
    expect(await texts()).toEqual(before);
    const [hit] = (await search('admin', '/api/search?q=forklift')).body.items;
    expect(hit!.snippet).toContain('<b>Forklift</b>');
  });

  it('needs a signed-in caller', async () => {
    expect((await call(t.app, 'GET', '/api/search?q=forklift')).status).toBe(401);
  });
});
