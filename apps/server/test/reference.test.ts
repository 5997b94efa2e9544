import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoItems } from '../src/seed/demo-items.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

interface Entry {
  _id: string;
  key: string;
  label: string;
  [k: string]: unknown;
}
interface LookupBody {
  items: Entry[];
  options: { count: number | null; page: number; pagesize: number; estimated?: true };
}

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string, domain?: string) =>
  (tokens[`${user}@${domain ?? ''}`] ??= (await signIn(t.app, user, domain)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = async (url: string, user = 'buyer', domain?: string) =>
  call<LookupBody>(t.app, 'GET', url, { token: await token(user, domain) });

describe('item look-up', () => {
  it('matches a code prefix first, then names', async () => {
    const res = await lookup('/api/reference/item?q=MAT-10&c=1');
    expect(res.status).toBe(200);
    expect(res.body.options).toEqual({ count: expect.any(Number), page: 1, pagesize: 10 });
    expect(res.body.items[0]).toMatchObject({
      key: 'MAT-1000',
      code: 'MAT-1000',
      label: 'Hydraulic fitting 1/4"',
      uom: 'UN',
      materialGroup: 'HYDRAULICS',
    });
    expect(res.body.items.every((i) => i.key.startsWith('MAT-10'))).toBe(true);

    const exact = await lookup('/api/reference/item?q=mat-4410');
    expect(exact.body.items[0]).toMatchObject({
      code: 'MAT-4410',
      name: 'Ball bearing 6204',
      price: '1.59000',
    });

    // a code prefix ranks above a name that merely contains the text
    const bearing = await lookup('/api/reference/item?q=bearing&l=50');
    expect(bearing.body.items.map((i) => i.label)).toContain('Taper roller bearing 30204');
    expect(bearing.body.items[0]!.label).toMatch(/^Ball bearing/);
  });

  it('finds misspelt names by trigram similarity', async () => {
    const res = await lookup('/api/reference/item?q=hydralic%20fiting');
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items[0]!.label).toMatch(/^Hydraulic fitting/);
    const gloves = await lookup('/api/reference/item?q=nitril%20glovs');
    expect(gloves.body.items.map((i) => i.code)).toContain('MAT-3300');
    expect((await lookup('/api/reference/item?q=zzqqxx')).body.items).toEqual([]);
    // word similarity 0.58: found only under our threshold of 0.5 (pg_trgm's default is 0.6), which
    // every connection starts with
    const one = await lookup('/api/reference/item?q=hydralic');
    expect(one.body.items[0]?.label).toMatch(/^Hydraulic /);
  });

  it('pages with a stable order', async () => {
    const p1 = await lookup('/api/reference/item?q=safety&l=3&c=1');
    const p2 = await lookup('/api/reference/item?q=safety&l=3&p=2&c=true');
    expect(p1.body.options).toMatchObject({ page: 1, pagesize: 3 });
    expect(p2.body.options).toMatchObject({ page: 2, pagesize: 3 });
    expect(p1.body.options.count).toBe(p2.body.options.count);
    expect(p1.body.options.count!).toBeGreaterThan(6);
    expect(p1.body.items).toHaveLength(3);
    expect(p2.body.items).toHaveLength(3);
    const ids = new Set(p1.body.items.map((i) => i._id));
    expect(p2.body.items.some((i) => ids.has(i._id))).toBe(false);
    const all = await lookup('/api/reference/item?l=100&c=1');
    expect(all.body.items).toHaveLength(100);
    expect(all.body.options.count!).toBeGreaterThanOrEqual(200);
    expect((await lookup('/api/reference/item?l=500')).status).toBe(400);
  });

  it('keeps every domain to its own catalogue', async () => {
    const acme = await lookup('/api/reference/item?q=bearing&l=100');
    const globex = await lookup('/api/reference/item?q=bearing&l=100', 'buyer', 'globex');
    expect(globex.status).toBe(200);
    expect(globex.body.items.length).toBeGreaterThan(0);
    expect(globex.body.items.every((i) => i.key.startsWith('GX-'))).toBe(true);
    const acmeIds = new Set(acme.body.items.map((i) => i._id));
    expect(globex.body.items.some((i) => acmeIds.has(i._id))).toBe(false);
    expect((await lookup('/api/reference/item?q=GX-')).body.items).toEqual([]);
  });

  it('seeds the demo catalogue once', async () => {
    const before = (await lookup('/api/reference/item?c=1')).body.options.count;
    await ensureDemoItems(t.conn.db);
    expect((await lookup('/api/reference/item?c=1')).body.options.count).toBe(before);
  });
});

describe('look-up counts', () => {
  it('counts exactly under the cap and flags an estimate above it', async () => {
    const exact = await lookup('/api/reference/item?q=bearing&c=1');
    expect(exact.body.options.estimated).toBeUndefined();
    const total = exact.body.options.count!;
    expect(total).toBeGreaterThan(3);
    process.env.COUNT_EXACT_LIMIT = '3';
    try {
      const est = await lookup('/api/reference/item?q=bearing&c=1');
      expect(est.body.options).toMatchObject({ estimated: true, page: 1, pagesize: 10 });
      expect(est.body.options.count!).toBeGreaterThan(3);
      expect(est.body.items.map((i) => i._id)).toEqual(exact.body.items.map((i) => i._id));
      const all = await lookup('/api/reference/item?c=1');
      expect(all.body.options).toMatchObject({ estimated: true });
      expect(all.body.options.count!).toBeGreaterThan(3);
    } finally {
      delete process.env.COUNT_EXACT_LIMIT;
    }
  });

  it('pages the tiers without repeating a row and stops at the look-up window', async () => {
    const seen = new Set<string>();
    for (let p = 1; p <= 4; p++) {
      const res = await lookup(`/api/reference/item?q=fitting&l=5&p=${p}`);
      for (const i of res.body.items) {
        expect(seen.has(i._id)).toBe(false);
        seen.add(i._id);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect((await lookup('/api/reference/item?q=fitting&l=100&p=11')).body.items).toEqual([]);
    // an exact code comes first, then the rest of its prefix
    const code = await lookup('/api/reference/item?q=mat-100');
    expect(code.body.items[0]!.code).toBe('MAT-1000');
  });
});

describe('supplier and user look-ups', () => {
  it('lists suppliers by name or VAT; a supplier sees only its own company', async () => {
    // VAT numbers are for supplier managers (roles/lookup-fields.ts; other roles: accounts-security.test.ts)
    const byName = await lookup('/api/reference/supplier?q=beta', 'manager-supplier');
    expect(byName.body.items.map((s) => s.label)).toEqual(['Beta Logistics SA']);
    expect(byName.body.items[0]).toMatchObject({ key: 'ESA28123456', vat: 'ESA28123456' });
    const byVat = await lookup('/api/reference/supplier?q=PT509', 'manager-supplier');
    expect(byVat.body.items.map((s) => s.label)).toEqual(['Alfa Components Lda']);
    const misspelt = await lookup('/api/reference/supplier?q=gama%20industrial');
    expect(misspelt.body.items.map((s) => s.label)).toContain('Gamma Industrial Supplies SL');

    const own = await lookup('/api/reference/supplier?c=1', 'supplier');
    expect(own.body).toMatchObject({ items: [{ label: 'Alfa Components Lda' }], options: { count: 1 } });
    expect((await lookup('/api/reference/supplier?q=beta', 'supplier')).body.items).toEqual([]);
  });

  it('lists the users of the domain; suppliers see their own company only', async () => {
    const res = await lookup('/api/reference/user?q=rui');
    expect(res.body.items[0]).toMatchObject({ key: 'requester', label: 'Rui Ribeiro' });
    const all = await lookup('/api/reference/user?l=100');
    expect(all.body.items.map((u) => u.key)).toEqual(expect.arrayContaining(['buyer', 'supplier2']));
    expect(all.body.items.map((u) => u.key)).not.toContain('system');
    const globex = await lookup('/api/reference/user?l=100', 'buyer', 'globex');
    expect(globex.body.items.map((u) => u.label)).toEqual(['Gordon Graham']);

    const supplier = await lookup('/api/reference/user?l=100', 'supplier');
    expect(supplier.body.items.map((u) => u.key).sort()).toEqual(['supplier', 'supplier-user']);
    expect((await lookup('/api/reference/user?q=beatriz', 'supplier')).body.items).toEqual([]);
  });
});

describe('static look-ups', () => {
  it('answers tax codes, countries and units of measure', async () => {
    const tax = await lookup('/api/reference/tax?q=intra');
    expect(tax.body.items).toEqual([
      expect.objectContaining({ _id: 'INTRA', key: 'INTRA', group: 'deductible-intra', value: 23 }),
    ]);
    const taxes = await lookup('/api/reference/tax?q=IVA&c=1');
    expect(taxes.body.items[0]!.key).toMatch(/^IVA/);
    expect(taxes.body.options.count).toBe(4);

    const pt = await lookup('/api/taxonomy/country?q=pt');
    expect(pt.body.items[0]).toMatchObject({ _id: 'PT', key: 'PT', label: 'Portugal' });
    const misspelt = await lookup('/api/taxonomy/country?q=portgal');
    expect(misspelt.body.items[0]).toMatchObject({ key: 'PT' });
    const countries = await lookup('/api/taxonomy/country?c=1&l=5&p=2');
    expect(countries.body.options).toEqual({ count: 249, page: 2, pagesize: 5 });

    const mass = await lookup('/api/taxonomy/uom?class=MASS&l=100');
    expect(mass.body.items.map((u) => u.key)).toEqual(expect.arrayContaining(['KG', 'G', 'TO']));
    expect(mass.body.items.every((u) => u.class === 'MASS')).toBe(true);
    const metre = await lookup('/api/taxonomy/uom?class=LENGTH&q=m');
    expect(metre.body.items[0]).toMatchObject({ key: 'M', label: 'Metre' });
    const area = await lookup('/api/taxonomy/uom?class=AREA&q=square%20metre');
    expect(area.body.items[0]).toMatchObject({ key: 'M2' });
    const bad = await lookup('/api/taxonomy/uom?class=SPEED');
    expect(bad.status).toBe(400);
    errorOf(bad.body);
  });

  it('needs a signed-in caller', async () => {
    for (const url of ['/api/reference/item', '/api/reference/tax', '/api/taxonomy/country'])
      expect((await call(t.app, 'GET', url)).status).toBe(401);
  });
});
