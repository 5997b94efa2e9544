import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/** UNSPSC codes: the shipped sample as a tree, search, and the admin import of the official file. */
let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin')).token;
  buyer = (await signIn(t.app, 'buyer')).token;
});
afterAll(() => t?.close());

type Codes = { items: Array<{ code: string; title: string; level: number; parent: string | null }> };

describe('UNSPSC codes', () => {
  it('walks the tree level by level and searches by code prefix or words', async () => {
    const segments = await call<Codes>(t.app, 'GET', '/api/unspsc', { token: buyer });
    expect(segments.body.items.map((c) => c.code)).toEqual(['31000000', '43000000', '78000000']);
    const families = await call<Codes>(t.app, 'GET', '/api/unspsc?parent=43000000', { token: buyer });
    expect(families.body.items).toEqual([
      { code: '43210000', title: 'Computer Equipment and Accessories', level: 2, parent: '43000000' },
    ]);
    expect(
      (await call<Codes>(t.app, 'GET', '/api/unspsc?q=432115', { token: buyer })).body.items.map(
        (c) => c.code,
      ),
    ).toEqual(['43211500', '43211503', '43211507']);
    expect(
      (await call<Codes>(t.app, 'GET', '/api/unspsc?q=notebook', { token: buyer })).body.items.map(
        (c) => c.code,
      ),
    ).toEqual(['43211503']);
    expect((await call<Codes>(t.app, 'GET', '/api/unspsc?q=100%25', { token: buyer })).body.items).toEqual(
      [],
    );
  });

  it('imports the official file format (admins only) and updates titles on re-import', async () => {
    const csv = [
      'Version,Key,Segment,Segment Title,Family,Family Title,Class,Class Title,Commodity,Commodity Title',
      'UNv260801,1,44000000,Office Equipment and Accessories and Supplies,44120000,Office supplies,44121700,Writing instruments,44121701,Rollerball pens',
      'UNv260801,2,44000000,Office Equipment and Accessories and Supplies,44120000,Office supplies,44121700,Writing instruments,44121706,"Wood pencils, graphite"',
    ].join('\n');
    expect(
      (await call(t.app, 'POST', '/api/admin/unspsc/import', { token: buyer, body: { csv } })).status,
    ).toBe(403);
    const res = await call<{ imported: number }>(t.app, 'POST', '/api/admin/unspsc/import', {
      token: admin,
      body: { csv },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.imported).toBe(5);
    const pencils = await call<Codes>(t.app, 'GET', '/api/unspsc?parent=44121700', { token: buyer });
    expect(pencils.body.items.map((c) => [c.code, c.title, c.level])).toEqual([
      ['44121701', 'Rollerball pens', 4],
      ['44121706', 'Wood pencils, graphite', 4],
    ]);
    const again = await call<{ imported: number }>(t.app, 'POST', '/api/admin/unspsc/import', {
      token: admin,
      body: { csv: csv.replace('Rollerball pens', 'Rollerball pens (gel)') },
    });
    expect(again.body.imported).toBe(5);
    expect(
      (await call<Codes>(t.app, 'GET', '/api/unspsc?q=44121701', { token: buyer })).body.items[0]!.title,
    ).toBe('Rollerball pens (gel)');
    expect(
      (await call(t.app, 'POST', '/api/admin/unspsc/import', { token: admin, body: { csv: 'a,b\n1,2' } }))
        .status,
    ).toBe(400);
  });
});
