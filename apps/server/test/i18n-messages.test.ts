import { MESSAGES, type ApiFieldError } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The server answers its messages in the caller's language (the user's saved `lang`, else
 * Accept-Language), English exactly as before, keys unchanged; a save answers every error at once.
 */

let t: TestApp;
let requester: string; // lang pt in the demo data
let buyer: string; // lang en

beforeAll(async () => {
  t = await createTestApp();
  requester = (await signIn(t.app, 'requester')).token;
  buyer = (await signIn(t.app, 'buyer')).token;
});
afterAll(() => t.close());

/** A requisition with no subtype, no description and a line without item and quantity. */
const incomplete = { deliveryDate: '2026-12-15', lines: [{ description: 'Chairs' }] };
const line = { pos: 10, subpos: 0, key: '' };
const fieldsOf = (errors: ApiFieldError[]) =>
  errors.map((e) => `${e.field}${e.line ? `@${e.line.pos}` : ''}`);

describe('a save with several invalid fields', () => {
  it('answers every error at once, in Portuguese for a Portuguese user', async () => {
    const res = await call(t.app, 'POST', '/api/purchasing/requisition', {
      token: requester,
      body: incomplete,
    });
    expect(res.status).toBe(400);
    const body = errorOf(res.body);
    expect(body.key).toBe('document.invalid');
    expect(body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'doc.subtype', message: 'O subtipo é obrigatório.' },
        { field: 'description', message: 'O campo Descrição é obrigatório.' },
        { field: 'item', line, message: 'O campo Artigo é obrigatório.' },
        { field: 'quantity', line, message: 'O campo Quantidade é obrigatório.' },
      ]),
    );
    // the header's refusal leads, each field once
    expect(fieldsOf(body.data.errors)[0]).toBe('doc.subtype');
    expect(new Set(fieldsOf(body.data.errors)).size).toBe(body.data.errors.length);
    expect(body.message).toBe(body.data.errors.map((e) => e.message).join(', '));
  });

  it('answers the same errors in English, word for word as before, for an English user', async () => {
    const res = await call(t.app, 'POST', '/api/purchasing/requisition', { token: buyer, body: incomplete });
    expect(res.status).toBe(400);
    const body = errorOf(res.body);
    expect(body.key).toBe('document.invalid');
    expect(body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'doc.subtype', message: 'Subtype is required.' },
        { field: 'description', message: 'Description is required.' },
        { field: 'item', line, message: 'Item is required.' },
        { field: 'quantity', line, message: 'Quantity is required.' },
      ]),
    );
    expect(body.message).toBe(body.data.errors.map((e) => e.message).join(', '));
  });

  it('reports a pricing refusal with the field errors of the same save', async () => {
    const body = {
      doc: { subtype: 'R001' },
      lines: [{ item: 'MAT-1000', quantity: '1', tax: { key: 'NOPE' } }],
    };
    const res = await call(t.app, 'POST', '/api/purchasing/requisition', { token: buyer, body });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors).toEqual(
      expect.arrayContaining([
        { field: 'tax', line: { pos: 10, subpos: 0, key: 'MAT-1000' }, message: "Unknown tax code 'NOPE'." },
        { field: 'description', message: 'Description is required.' },
      ]),
    );
    const pt = await call(t.app, 'POST', '/api/purchasing/requisition', { token: requester, body });
    expect(errorOf(pt.body).data.errors).toEqual(
      expect.arrayContaining([
        {
          field: 'tax',
          line: { pos: 10, subpos: 0, key: 'MAT-1000' },
          message: "Código de imposto 'NOPE' desconhecido.",
        },
        { field: 'description', message: 'O campo Descrição é obrigatório.' },
      ]),
    );
  });

  it('reports a refused pricing as field errors also where locks read the prices (P009 delivery lock)', async () => {
    const body = {
      doc: { subtype: 'P009' },
      deliveryLock: false,
      lines: [{ item: 'MAT-1000', quantity: '1', price: '10', tax: { key: 'NOPE' } }],
    };
    const res = await call(t.app, 'POST', '/api/purchasing/order', { token: buyer, body });
    expect(res.status).toBe(400);
    expect(fieldsOf(errorOf(res.body).data.errors)).toContain('tax@10');
  });

  it('saves nothing when refused', async () => {
    const documents = async () =>
      Number(
        (
          await t.conn.db
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await documents();
    expect(before).toBeGreaterThan(0);
    const res = await call(t.app, 'POST', '/api/purchasing/requisition', { token: buyer, body: incomplete });
    expect(res.status).toBe(400);
    expect(await documents()).toBe(before);
  });
});

describe('the language of an answer', () => {
  const wrongPassword = (headers: Record<string, string> = {}) =>
    call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'buyer', password: 'Wrong-pass-2026!' },
      headers,
    });

  it('follows Accept-Language before sign-in, keeping the key', async () => {
    const pt = errorOf((await wrongPassword({ 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.8' })).body);
    expect(pt).toMatchObject({
      key: 'auth.invalid-credentials',
      message: 'Nome de utilizador ou palavra-passe inválidos.',
    });
    const en = errorOf((await wrongPassword()).body);
    expect(en).toMatchObject({ key: 'auth.invalid-credentials', message: 'Invalid username or password.' });
    const other = errorOf((await wrongPassword({ 'accept-language': 'de-DE' })).body);
    expect(other.message).toBe('Invalid username or password.');
  });

  it("prefers the user's saved language over Accept-Language", async () => {
    const res = await call(t.app, 'GET', '/api/purchasing/requisition/999999999999', {
      token: buyer,
      headers: { 'accept-language': 'pt' },
    });
    expect(res.status).toBe(404);
    expect(errorOf(res.body).message).toBe('Document not found.');
    const pt = await call(t.app, 'GET', '/api/purchasing/requisition/999999999999', {
      token: requester,
      headers: { 'accept-language': 'en' },
    });
    expect(errorOf(pt.body)).toMatchObject({ key: 'error.not-found', message: 'Documento não encontrado.' });
  });

  it('keeps the invalid-token answer in English (the web app signs out on it)', async () => {
    const res = await call(t.app, 'GET', '/api/profile/user/groups', {
      token: 'not-a-token',
      headers: { 'accept-language': 'pt' },
    });
    expect(res.status).toBe(401);
    expect(errorOf(res.body).message).toBe(MESSAGES.tokenInvalid);
  });

  it('translates request validation and keeps unknown texts as they are', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', {
      body: { password: 'x' },
      headers: { 'accept-language': 'pt' },
    });
    expect(res.status).toBe(400);
    const body = errorOf(res.body);
    expect(body).toMatchObject({ key: 'error.validation', message: 'Pedido inválido.' });
    expect(body.data.errors).toContainEqual({
      field: 'username',
      message: 'O campo username é obrigatório.',
    });
  });
});
