import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/** POST /reporting/export-data (xlsx and CSV) and GET /reporting/colors/{count}. */

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['buyer', 'supplier']) tokens[role] = (await signIn(t.app, role)).token;
}, 60_000);
afterAll(() => t?.close());

const get = <T>(role: string, url: string) => call<T>(t.app, 'GET', url, { token: tokens[role] });

describe('exports and colours', () => {
  const headers = [
    { src: 'name', label: 'Supplier' },
    { src: 'total', label: 'Total' },
    'note',
    { value: 'deep.n', text: 'Nested' },
  ];
  const data = [
    { name: 'Alfa, Lda', total: '1234.50', note: '=HYPERLINK("http://x")', deep: { n: 3 } },
    { name: 'Beta "SA"', total: '-2', note: null, deep: {} },
  ];

  it('writes xlsx with the rows, numbers as numbers and formulas as text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-data',
      headers: { authorization: `Bearer ${tokens.supplier}` },
      payload: { headers, data, name: 'Suppliers é' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Suppliers%20%C3%A9.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual(['Supplier', 'Total', 'note', 'Nested']);
    expect(row(2)).toEqual(['Alfa, Lda', 1234.5, '=HYPERLINK("http://x")', 3]);
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row(3)).toEqual(['Beta "SA"', -2]);
  });

  it('writes CSV with quoting and no formula', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-data',
      headers: { authorization: `Bearer ${tokens.buyer}` },
      payload: { headers, data, format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(
      '\uFEFFSupplier,Total,note,Nested\r\n"Alfa, Lda",1234.50,"\'=HYPERLINK(""http://x"")",3\r\n"Beta ""SA""",-2,,\r\n',
    );
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/export-data',
      payload: { headers, data },
    });
    expect(none.statusCode).toBe(401);
  });

  it('gives one colour per series', async () => {
    const three = await get<string[]>('buyer', '/api/reporting/colors/3');
    expect(three.body).toHaveLength(3);
    expect((await get<string[]>('buyer', '/api/reporting/colors/0')).body).toEqual([]);
    const many = await get<string[]>('buyer', '/api/reporting/colors/40');
    expect(new Set(many.body).size).toBe(40);
    expect(many.body.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    expect((await get('buyer', '/api/reporting/colors/101')).status).toBe(400);
  });
});
