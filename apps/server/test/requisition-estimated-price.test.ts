import type { DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Issue 11, "No lost work, no moving targets": a requester prices requisition lines with an
 * estimated price, a requisition valued 0.00 is not submitted for approval (in the caller's
 * language), and a requisition in approval is no longer editable by its requester.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = '/api/purchasing/requisition';
const body = (price: string) => ({
  doc: { subtype: 'R001' },
  description: `Estimated price ${price}`,
  deliveryDate: '2026-12-15',
  lines: [{ item: 'MAT-1000', quantity: '4', price, tax: { key: 'IVA23' } }],
});

async function create(user: string, price: string) {
  const res = await call<DocumentResponse>(t.app, 'POST', base, {
    token: await token(user),
    body: body(price),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const submit = async (user: string, doc: DocumentResponse) =>
  call<DocumentResponse>(t.app, 'POST', `${base}/${doc._id}/workflow`, {
    token: await token(user),
    body: { action: 'submit-approval', _version: doc._version },
  });

describe('a requester estimates the price of requisition lines', () => {
  it('keeps the requester’s estimated price and totals the requisition with it', async () => {
    const doc = await create('requester', '12.5');
    expect(doc.lines?.[0]?.price).toBe('12.50000');
    expect(doc.netValue).toBe('50.00');
    expect(Number(doc.value)).toBeGreaterThan(50);
  });

  it('refuses to submit a requisition valued 0.00, in Portuguese for the Portuguese requester', async () => {
    const doc = await create('requester', '0');
    expect(doc.value).toBe('0.00');
    const refused = await submit('requester', doc);
    expect(refused.status).toBe(400);
    const err = errorOf(refused.body);
    expect(err.key).toBe('document.invalid');
    expect(err.data.errors).toContainEqual({
      field: 'value',
      message:
        'Uma requisição com valor 0,00 não pode ser submetida para aprovação: indique um preço estimado nas linhas.',
    });
    const still = await call<DocumentResponse>(t.app, 'GET', `${base}/${doc._id}`, {
      token: await token('requester'),
    });
    expect(still.body._state.current).toBe('created');
  });

  it('answers the refusal in English for an English caller', async () => {
    const doc = await create('buyer', '0');
    const refused = await submit('buyer', doc);
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).data.errors).toContainEqual({
      field: 'value',
      message:
        'A requisition valued 0.00 cannot be submitted for approval: enter an estimated price on its lines.',
    });
  });

  it('submits a priced requisition; in approval its requester may no longer edit it', async () => {
    const doc = await create('requester', '30');
    const submitted = await submit('requester', doc);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const inApproval = await call<DocumentResponse>(t.app, 'GET', `${base}/${doc._id}`, {
      token: await token('requester'),
    });
    expect(inApproval.body._state.current).toBe('approval');
    expect(Number(inApproval.body.value)).toBeGreaterThan(0);
    expect(inApproval.body._permissions.edit).toBe(false);
    expect(inApproval.body._actions.actions.map((a) => a.name)).not.toContain('edit');
    const put = await call(t.app, 'PUT', `${base}/${doc._id}`, {
      token: await token('requester'),
      body: { ...inApproval.body, description: 'Changed in approval', _version: inApproval.body._version },
    });
    expect(put.status).toBe(409);
  });
});
