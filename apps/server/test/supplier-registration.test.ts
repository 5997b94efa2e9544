import type {
  SupplierApprovalResponse,
  SupplierRegistration,
  SupplierRegistrationRequest,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, STRONG_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registration = (
  username: string,
  overrides: Partial<SupplierRegistrationRequest> = {},
): SupplierRegistrationRequest => ({
  company: {
    name: `Omega Parts ${username}`,
    vat: 'PT501234567',
    address: { street: 'Rua das Flores 12', postcode: '4050-262', city: 'Porto', country: 'PT' },
  },
  contact: { name: 'Olga Oliveira', email: `${username}@omega.example.com`, username },
  acceptTerms: true,
  ...overrides,
});

describe('supplier registration', () => {
  it('requires accepting the terms', async () => {
    const res = await call(t.app, 'POST', '/api/auth/supplier-registration', {
      body: registration('omega0', { acceptTerms: false }),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors).toContainEqual({
      field: 'acceptTerms',
      message: 'You must accept the terms and conditions.',
    });
  });

  it('names every missing required field and a bad e-mail', async () => {
    const body = registration('omega1');
    body.company.name = '';
    body.company.address.city = ' ';
    body.contact.email = 'not-an-email';
    const res = await call(t.app, 'POST', '/api/auth/supplier-registration', { body });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors.map((e) => e.field)).toEqual([
      'company.name',
      'company.address.city',
      'contact.email',
    ]);
  });

  it('goes pending, is approved by manager-supplier, then the supplier sets a password and signs in', async () => {
    const created = await call<{ _id: string; status: string; message: string }>(
      t.app,
      'POST',
      '/api/auth/supplier-registration',
      {
        body: registration('omega'),
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');
    expect(created.body.message).toBe('Your registration was received and waits for approval.');

    const pending = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'omega', password: STRONG_PASSWORD },
    });
    // a pending supplier contact has no password yet: answered like an unknown user (no enumeration)
    expect(pending.status).toBe(401);
    expect(errorOf(pending.body).key).toBe('auth.invalid-credentials');

    const dup = await call(t.app, 'POST', '/api/auth/supplier-registration', { body: registration('omega') });
    expect(dup.status).toBe(409);

    const buyer = await signIn(t.app, 'buyer');
    expect(
      (await call(t.app, 'GET', '/api/auth/supplier-registrations', { token: buyer.token })).status,
    ).toBe(403);
    const denied = await call(t.app, 'POST', `/api/auth/supplier-registrations/${created.body._id}/approve`, {
      token: buyer.token,
    });
    expect(denied.status).toBe(403);

    const manager = await signIn(t.app, 'manager-supplier');
    const list = await call<SupplierRegistration[]>(t.app, 'GET', '/api/auth/supplier-registrations', {
      token: manager.token,
    });
    expect(list.status).toBe(200);
    const mine = list.body.find((r) => r._id === created.body._id);
    expect(mine?.company.name).toBe('Omega Parts omega');
    expect(mine?.status).toBe('pending');

    const approved = await call<SupplierApprovalResponse>(
      t.app,
      'POST',
      `/api/auth/supplier-registrations/${created.body._id}/approve`,
      {
        token: manager.token,
      },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.setPasswordPath).toMatch(/^\/set-password\/[A-Za-z0-9_-]+$/);
    const again = await call(t.app, 'POST', `/api/auth/supplier-registrations/${created.body._id}/approve`, {
      token: manager.token,
    });
    expect(again.status).toBe(404);

    const set = await call(
      t.app,
      'POST',
      `/api${approved.body.setPasswordPath.replace('/set-password/', '/auth/set-password/')}`,
      {
        body: { password: STRONG_PASSWORD },
      },
    );
    expect(set.status).toBe(200);

    const signin = await call<{ user: { role: { key: string }; supplier: { name: string } } }>(
      t.app,
      'POST',
      '/api/auth/signin',
      {
        body: { username: 'omega', password: STRONG_PASSWORD },
      },
    );
    expect(signin.status).toBe(200);
    expect(signin.body.user.role.key).toBe('supplier');
    expect(signin.body.user.supplier.name).toBe('Omega Parts omega');
  });

  it('a rejected registration leaves a disabled account', async () => {
    const created = await call<{ _id: string }>(t.app, 'POST', '/api/auth/supplier-registration', {
      body: registration('sigma'),
    });
    const admin = await signIn(t.app, 'admin');
    const res = await call(t.app, 'POST', `/api/auth/supplier-registrations/${created.body._id}/reject`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const list = await call<SupplierRegistration[]>(t.app, 'GET', '/api/auth/supplier-registrations', {
      token: admin.token,
    });
    expect(list.body.some((r) => r._id === created.body._id)).toBe(false);
    const user = await t.conn.db
      .selectFrom('users')
      .select('status')
      .where('username', '=', 'sigma')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('disabled');
  });
});
