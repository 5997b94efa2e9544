import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scryptSync } from 'node:crypto';
import {
  hashFieldPassword,
  protectKitValues,
  sanitizeRichText,
} from '../src/documents/document.kit-values.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

interface Doc {
  _id: string;
  _version: number;
  [k: string]: unknown;
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, 'manager-supplier')).token;
});
afterAll(() => t.close());

const NEW_SUPPLIER = (over: Record<string, unknown> = {}) => ({
  name: `Kit Supplies ${Math.random().toString(36).slice(2, 8)}`,
  vat: `PT${Math.floor(100000000 + Math.random() * 899999999)}`,
  ...over,
});

describe('rich text and passwords before a write', () => {
  it('keeps the markup Quill produces and drops anything executable', () => {
    const html = sanitizeRichText(
      '<p class="ql-align-center">Pay <strong>net 30</strong> <a href="javascript:alert(1)">x</a>' +
        '<img src=x onerror=alert(1)><script>alert(1)</script><span style="color: #e60000; position: fixed">red</span></p>' +
        '<ol><li data-list="bullet">one</li></ol><a href="https://acme.example/terms">terms</a>',
    );
    expect(html).toContain('<p class="ql-align-center">Pay <strong>net 30</strong>');
    expect(html).not.toMatch(/script|onerror|javascript:|<img|position/);
    expect(html).toContain('<span style="color:#e60000">red</span>');
    expect(html).toContain('<li data-list="bullet">one</li>');
    expect(html).toContain(
      '<a href="https://acme.example/terms" rel="noopener noreferrer" target="_blank">terms</a>',
    );
  });
  it('stores a salted scrypt hash of a password, and keeps a hash as it is', () => {
    const model = { form: { fields: [{ src: 'portal.password', label: 'P', type: 'password' }] } };
    const data: Record<string, unknown> = { portal: { password: 'Secret-123', user: 'acme' } };
    protectKitValues(data, model as never);
    const stored = (data.portal as { password: string }).password;
    expect((data.portal as { user: string }).user).toBe('acme');
    const [, salt, hash] = stored.split('$');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(scryptSync('Secret-123', salt!, 32).toString('base64')).toBe(hash);
    const again = { portal: { password: stored } };
    protectKitValues(again, model as never);
    expect(again.portal.password).toBe(stored);
    expect(hashFieldPassword('x')).not.toBe(hashFieldPassword('x'));
  });
});

describe('a supplier record with the kit fields', () => {
  it('saves phone, rating, measure, rich text and plants; the rich text is sanitised', async () => {
    const plants = [
      { key: 'PT', label: 'Portugal', checked: false, partialChecked: true },
      { key: 'P1', label: 'Lisboa', checked: true, partialChecked: false },
    ];
    const created = await call<Doc>(t.app, 'POST', '/api/purchasing/supplier', {
      token,
      body: NEW_SUPPLIER({
        phone: '+351 912 345 678',
        rating: 4,
        maxShipmentWeight: { value: 1200, uom: 'KG' },
        packageDimensions: { length: 120, width: 80, height: 15, uom: 'CM' },
        notes: '<p>Ships <strong>fast</strong><script>steal()</script></p>',
        orderValueRange: { from: 100, to: 5000 },
        activity: { en: 'Packaging', pt: 'Embalagens' },
        plants,
      }),
    });
    expect(created.status).toBe(200);
    const read = await call<Doc>(t.app, 'GET', `/api/purchasing/supplier/${created.body._id}`, { token });
    expect(read.body).toMatchObject({
      phone: '+351 912 345 678',
      rating: 4,
      maxShipmentWeight: { value: 1200, uom: 'KG' },
      packageDimensions: { length: 120, width: 80, height: 15, uom: 'CM' },
      notes: '<p>Ships <strong>fast</strong></p>',
      activity: { en: 'Packaging', pt: 'Embalagens' },
      plants,
    });
  });
  it('refuses values the kit inputs could not produce, each named, in the caller language', async () => {
    const res = await call(t.app, 'POST', '/api/purchasing/supplier', {
      token,
      body: NEW_SUPPLIER({
        phone: '+351 912<b>',
        rating: 9,
        maxShipmentWeight: { value: -3, uom: 'KG' },
        orderValueRange: { from: 10, to: 1 },
        bankCheckCode: '12ab56',
      }),
    });
    expect(res.status).toBe(400);
    const fields = errorOf(res.body)
      .data.errors.map((e) => e.field)
      .sort();
    expect(fields).toEqual(['bankCheckCode', 'maxShipmentWeight', 'orderValueRange', 'phone', 'rating']);
    expect(errorOf(res.body).data.errors.find((e) => e.field === 'rating')?.message).toBe(
      'Supplier rating must be a whole number from 0 to 5.',
    );
  });
});
