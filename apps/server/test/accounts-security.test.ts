import { MESSAGES, type AdminUser, type SignUpResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from '../src/auth/sign-in-throttle.ts';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  errorOf,
  signIn,
  STRONG_PASSWORD,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong-Passw0rd-2026!';
const { account, address } = SIGN_IN_THROTTLE;

/** A sign-in from a given client address (each test its own, so address counts do not mix). */
async function signInFrom(from: string, username: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: from,
    payload: { username, password },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

/** Lets every running wait end, as time passing would. */
const endWaits = () =>
  t.conn.db
    .withTables<{ sign_in_throttle: { blocked_until: Date | null } }>()
    .updateTable('sign_in_throttle')
    .set({ blocked_until: null })
    .execute();

const adminToken = async () => (await signIn(t.app, 'admin')).token;
const adminUsers = async () =>
  (await call<AdminUser[]>(t.app, 'GET', '/api/admin/users', { token: await adminToken() })).body;
const setSignUp = async (mode: string, domains: string[] = []) =>
  call(t.app, 'PUT', '/api/admin/settings/sign-up', { token: await adminToken(), body: { mode, domains } });
const signUp = (username: string, email: string) =>
  call<SignUpResponse>(t.app, 'POST', '/api/auth/signup', {
    body: { username, name: `Name ${username}`, email, password: STRONG_PASSWORD },
  });

describe('sign-in throttle', () => {
  it('after the free failures opens a wait: 503 with the seed text and Retry-After', async () => {
    for (let i = 0; i <= account.freeFailures; i++)
      expect((await signInFrom('10.0.1.1', 'exc', WRONG)).status).toBe(401);
    const res = await signInFrom('10.0.1.1', 'exc', DEMO_PASSWORD);
    expect(res.status).toBe(503);
    expect(errorOf(res.body)).toMatchObject({
      message: MESSAGES.tooManyRequests,
      key: 'auth.sign-in-throttled',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the wait holds for the account from any address, and an unknown name behaves the same
    expect((await signInFrom('10.0.1.2', 'exc', DEMO_PASSWORD)).status).toBe(503);
    for (let i = 0; i <= account.freeFailures; i++) await signInFrom('10.0.1.3', 'nobody-here', WRONG);
    const unknown = await signInFrom('10.0.1.3', 'nobody-here', WRONG);
    expect([unknown.status, unknown.body]).toEqual([res.status, res.body]);
    await endWaits();
    expect((await signInFrom('10.0.1.1', 'exc', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a success forgets the account failures', async () => {
    for (let i = 0; i < account.freeFailures; i++) await signInFrom('10.0.2.1', 'cexc', WRONG);
    expect((await signInFrom('10.0.2.1', 'cexc', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < account.freeFailures; i++)
      expect((await signInFrom('10.0.2.1', 'cexc', WRONG)).status).toBe(401);
    expect((await signInFrom('10.0.2.1', 'cexc', DEMO_PASSWORD)).status).toBe(200);
  });

  it('300 wrong passwords, then the right one: locked until an administrator unlocks', async () => {
    const statuses: Record<string, number> = {};
    for (let i = 0; i < 300; i++) {
      const res = await signInFrom('10.0.3.1', 'rfx-manager', WRONG);
      const key = res.status === 401 ? '401' : String(errorOf(res.body).key);
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (key === 'auth.sign-in-throttled') await endWaits(); // the attacker waits each wait out
    }
    expect(statuses['401']).toBe(account.lockAfter);
    expect(statuses['auth.account-locked']).toBeGreaterThan(200);
    const right = await signInFrom('10.0.3.2', 'rfx-manager', DEMO_PASSWORD);
    expect(right.status).toBe(503);
    expect(errorOf(right.body)).toMatchObject({
      message: MESSAGES.tooManyRequests,
      key: 'auth.account-locked',
    });

    const listed = (await adminUsers()).find((u) => u.username === 'rfx-manager')!;
    expect(listed.signIn).toMatchObject({ locked: true, failures: account.lockAfter });
    const buyer = (await signIn(t.app, 'buyer')).token;
    const url = `/api/admin/users/${listed._id}/unlock`;
    expect((await call(t.app, 'POST', url, { token: buyer })).status).toBe(403);
    const unlocked = await call<{ user: AdminUser }>(t.app, 'POST', url, { token: await adminToken() });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.user.signIn).toEqual({ failures: 0, locked: false, blockedUntil: null });
    expect((await signInFrom('10.0.3.2', 'rfx-manager', DEMO_PASSWORD)).status).toBe(200);
  });

  it('throttles an address that tries many names', async () => {
    for (let i = 0; i <= address.freeFailures; i++)
      expect((await signInFrom('10.0.4.1', `spray-${i}`, WRONG)).status).toBe(401);
    const res = await signInFrom('10.0.4.1', 'director', DEMO_PASSWORD);
    expect(res.status).toBe(503);
    expect(errorOf(res.body).key).toBe('auth.sign-in-throttled');
    expect((await signInFrom('10.0.4.2', 'director', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('sign-in answers tell nothing about who exists', () => {
  it('unknown user, wrong password, pending, disabled and system accounts answer alike', async () => {
    expect((await signUp('waiting', 'waiting@example.com')).body.status).toBe('pending');
    await t.conn.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('username', '=', 'supplier2')
      .execute();
    const unknown = await signInFrom('10.0.5.1', 'no-such-user', WRONG);
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown.body).message).toBe('Invalid username or password.');
    for (const [username, password] of [
      ['buyer', WRONG],
      ['waiting', WRONG],
      ['supplier2', WRONG],
      ['system', DEMO_PASSWORD],
    ] as const) {
      const res = await signInFrom('10.0.5.1', username, password);
      expect([res.status, res.body], username).toEqual([unknown.status, unknown.body]);
    }
    // only the right password learns the account's state
    const pending = await signInFrom('10.0.5.2', 'waiting', STRONG_PASSWORD);
    expect([pending.status, errorOf(pending.body).key]).toEqual([403, 'auth.account-pending']);
  });

  it('an unknown user takes about as long as a wrong password (one argon2 verification each)', async () => {
    const time = async (username: string, i: number) => {
      const started = performance.now();
      await signInFrom(`10.0.6.${i}`, username, WRONG);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known = ['auditor', 'director', 'manager-purchasing', 'ihub-operator', 'manager-supplier'];
    const existing: number[] = [];
    const unknown: number[] = [];
    for (const [i, username] of known.entries()) {
      existing.push(await time(username, i));
      unknown.push(await time(`ghost-${i}`, i));
    }
    // loose bounds (2 shared cores): without the dummy hash an unknown user answers ~5x faster
    expect(median(unknown)).toBeGreaterThan(median(existing) * 0.5);
  });
});

describe('sign-up setting', () => {
  it('defaults to approval: pending, out of the look-ups, until an administrator approves', async () => {
    const res = await signUp('pat', 'pat@anywhere.example');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'pending', message: expect.stringContaining('waits for approval') });
    const buyer = (await signIn(t.app, 'buyer')).token;
    const found = await call<{ items: Array<{ key: string }> }>(t.app, 'GET', '/api/reference/user?q=pat', {
      token: buyer,
    });
    expect(found.body.items.map((u) => u.key)).not.toContain('pat');
    expect((await call(t.app, 'GET', '/api/admin/users', { token: buyer })).status).toBe(403);
    const pat = (await adminUsers()).find((u) => u.username === 'pat')!;
    expect(pat).toMatchObject({ status: 'pending', approvable: true, role: 'requester' });
    const token = await adminToken();
    const approved = await call<{ user: AdminUser }>(t.app, 'POST', `/api/admin/users/${pat._id}/approve`, {
      token,
    });
    expect(approved.body.user.status).toBe('active');
    expect((await signInFrom('10.0.7.1', 'pat', STRONG_PASSWORD)).status).toBe(200);
    const listed = await call<{ items: Array<{ key: string }> }>(t.app, 'GET', '/api/reference/user?q=pat', {
      token: buyer,
    });
    expect(listed.body.items.map((u) => u.key)).toContain('pat');
    const again = await call(t.app, 'POST', `/api/admin/users/${pat._id}/approve`, { token });
    expect([again.status, errorOf(again.body).key]).toEqual([409, 'admin.user-not-pending']);
  });

  it('a rejected sign-up is disabled', async () => {
    await signUp('spam', 'spam@anywhere.example');
    const spam = (await adminUsers()).find((u) => u.username === 'spam')!;
    const res = await call<{ user: AdminUser }>(t.app, 'POST', `/api/admin/users/${spam._id}/reject`, {
      token: await adminToken(),
    });
    expect(res.body.user.status).toBe('disabled');
  });

  it('off refuses every sign-up; domains admits only the listed e-mail domains, at once', async () => {
    expect((await setSignUp('off')).status).toBe(200);
    const policy = await call(t.app, 'GET', '/api/auth/signup-policy');
    expect(policy.body).toEqual({ mode: 'off', domains: [] });
    const closed = await signUp('closed', 'closed@acme.example.com');
    expect([closed.status, errorOf(closed.body).key]).toEqual([403, 'auth.sign-up-closed']);

    expect((await setSignUp('domains', [' @ACME.example.com '])).status).toBe(200);
    const outside = await signUp('outsider', 'outsider@elsewhere.example');
    expect([outside.status, errorOf(outside.body).key]).toEqual([403, 'auth.sign-up-domain']);
    expect(errorOf(outside.body).data.errors.map((e) => e.field)).toEqual(['email']);
    const inside = await signUp('insider', 'insider@acme.example.com');
    expect(inside.status).toBe(201);
    expect(inside.body.status).toBe('active');
    expect((await call(t.app, 'GET', '/api/profile/user/me', { token: inside.body.token })).status).toBe(200);
    // another domain keeps the default
    const globex = await call(t.app, 'GET', '/api/auth/signup-policy?domain=globex');
    expect(globex.body).toEqual({ mode: 'approval', domains: [] });
  });

  it('validates the setting and lets only administrators change it', async () => {
    const empty = await setSignUp('domains', []);
    expect(empty.status).toBe(400);
    const bad = await setSignUp('domains', ['not a domain']);
    expect(errorOf(bad.body).data.errors.map((e) => e.field)).toEqual(['domains']);
    const buyer = (await signIn(t.app, 'buyer')).token;
    const body = { mode: 'approval', domains: [] };
    expect((await call(t.app, 'PUT', '/api/admin/settings/sign-up', { token: buyer, body })).status).toBe(
      403,
    );
    expect((await setSignUp('approval')).status).toBe(200);
  });
});

describe('concurrent sign-ups', () => {
  const statuses = (answers: Array<{ status: number; body: unknown }>) => {
    for (const a of answers) if (a.status !== 201) errorOf(a.body);
    return answers.map((a) => a.status).sort();
  };

  it('ten sign-ups for one username or one e-mail: one account, nine 409, no 5xx', async () => {
    const sameName = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp('twin', `twin${i}@example.com`)),
    );
    expect(statuses(sameName)).toEqual([201, ...Array(9).fill(409)]);
    const sameEmail = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signUp(`mail${i}`, i % 2 ? 'MAIL@example.com' : 'mail@example.com'),
      ),
    );
    expect(statuses(sameEmail)).toEqual([201, ...Array(9).fill(409)]);
    const rows = await t.conn.db
      .selectFrom('users')
      .select('id')
      .where('username', 'like', 'mail%')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ten supplier registrations for one username: one, nine 409, no half-made supplier', async () => {
    const before = await t.conn.db.selectFrom('suppliers').select('id').execute();
    const registration = (i: number) => ({
      company: {
        name: `Race ${i}`,
        vat: `PT50000000${i}`,
        address: { street: 'Rua 1', postcode: '1000-001', city: 'Lisboa', country: 'PT' },
      },
      contact: { name: 'Race', email: `race${i}@race.example.com`, username: 'racer' },
      acceptTerms: true,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t.app, 'POST', '/api/auth/supplier-registration', { body: registration(i) }),
      ),
    );
    expect(statuses(answers)).toEqual([201, ...Array(9).fill(409)]);
    const after = await t.conn.db.selectFrom('suppliers').select('id').execute();
    expect(after.length - before.length).toBe(1);
  });
});

describe('look-ups carry only the fields the role needs', () => {
  type Items = { items: Array<Record<string, unknown>> };
  const lookup = async (user: string, url: string) =>
    (await call<Items>(t.app, 'GET', url, { token: (await signIn(t.app, user)).token })).body.items;
  const keysOf = (entry: Record<string, unknown> | undefined) => Object.keys(entry ?? {}).sort();

  it('users: staff see e-mail and role; requesters and suppliers only names', async () => {
    const staff = await lookup('buyer', '/api/reference/user?q=beatriz');
    expect(staff[0]).toMatchObject({ key: 'buyer', email: expect.stringContaining('@'), role: 'buyer' });
    for (const user of ['requester', 'supplier']) {
      const items = await lookup(user, '/api/reference/user?l=100');
      expect(items.length, user).toBeGreaterThan(0);
      for (const item of items) expect(keysOf(item)).toEqual(['_id', 'key', 'label', 'name', 'username']);
    }
  });

  it('suppliers: VAT and address only for supplier managers; pending ones in no look-up', async () => {
    const managed = await lookup('manager-supplier', '/api/reference/supplier?q=PT509');
    expect(managed[0]).toMatchObject({ label: 'Alfa Components Lda', vat: 'PT509876543', status: 'active' });
    expect(managed[0]!.address).toBeTruthy();
    const [alfa] = await lookup('buyer', '/api/reference/supplier?q=alfa');
    expect(keysOf(alfa)).toEqual(['_id', 'key', 'label', 'name']);
    expect(alfa!.key).toBe(alfa!._id);
    // nor can a VAT number be probed by its prefix
    expect((await lookup('requester', '/api/reference/supplier?q=PT509')).map((s) => s.label)).not.toContain(
      'Alfa Components Lda',
    );

    await call(t.app, 'POST', '/api/auth/supplier-registration', {
      body: {
        company: {
          name: 'Zeta Pending Lda',
          vat: 'PT599999999',
          address: { street: 'Rua 2', postcode: '1000-002', city: 'Lisboa', country: 'PT' },
        },
        contact: { name: 'Zeta', email: 'zeta@zeta.example.com', username: 'zeta' },
        acceptTerms: true,
      },
    });
    for (const url of ['/api/reference/supplier?q=zeta', '/api/reference/supplier?q=PT5999'])
      expect((await lookup('manager-supplier', url)).map((s) => s.label)).not.toContain('Zeta Pending Lda');
  });

  it('items: prices only for the roles that buy', async () => {
    expect((await lookup('buyer', '/api/reference/item?q=mat-4410'))[0]).toMatchObject({ price: '1.59000' });
    for (const user of ['requester', 'supplier', 'auditor']) {
      const [item] = await lookup(user, '/api/reference/item?q=mat-4410');
      expect(item, user).toMatchObject({ code: 'MAT-4410' });
      expect(item, user).not.toHaveProperty('price');
    }
  });
});
