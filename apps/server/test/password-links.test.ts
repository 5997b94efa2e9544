import type {
  AdminUser,
  ForgotPasswordResponse,
  PasswordLink,
  PasswordLinkCheck,
  SupplierApprovalResponse,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestPeer, type SmtpTestPeer } from '../src/mail/smtp-test-peer.ts';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  errorOf,
  signIn,
  STRONG_PASSWORD,
  type TestApp,
} from './helpers.ts';

const SENT = 'If the address belongs to an account, a link to set a new password is on its way.';
const forgot = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  call<ForgotPasswordResponse>(t.app, 'POST', '/api/auth/forgot-password', { body: { email }, headers });
const check = (t: TestApp, token: string, headers: Record<string, string> = {}) =>
  call<PasswordLinkCheck>(t.app, 'GET', `/api/auth/set-password/${token}`, { headers });
const setPassword = (t: TestApp, token: string, password = STRONG_PASSWORD) =>
  call(t.app, 'POST', `/api/auth/set-password/${token}`, { body: { password } });
const tokenOf = (url: string) => /\/set-password\/([A-Za-z0-9_-]+)/.exec(url)![1]!;
const signInWith = (t: TestApp, username: string, password: string) =>
  call(t.app, 'POST', '/api/auth/signin', { body: { username, password } });

async function adminUser(t: TestApp, token: string, username: string): Promise<AdminUser> {
  const res = await call<AdminUser[]>(t.app, 'GET', '/api/admin/users', { token });
  return res.body.find((u) => u.username === username)!;
}

describe('forgot password without a mail relay: the link waits for an administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers alike for a known and an unknown address, and lists the known request for the admin', async () => {
    const known = await forgot(t, 'Requester@acme.example.com');
    const unknown = await forgot(t, 'nobody@acme.example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: SENT });
    expect(unknown.body).toEqual(known.body);

    const admin = await signIn(t.app, 'admin');
    const requester = await adminUser(t, admin.token, 'requester');
    expect(requester.passwordResetRequestedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await adminUser(t, admin.token, 'buyer')).passwordResetRequestedAt).toBeNull();
  });

  it('the admin makes a full-URL link; it is checked, sets the password once, then says it was used', async () => {
    const admin = await signIn(t.app, 'admin');
    const requester = await adminUser(t, admin.token, 'requester');
    const made = await call<PasswordLink>(t.app, 'POST', `/api/admin/users/${requester._id}/password-link`, {
      token: admin.token,
      headers: { host: 'p2p.example.test:8443' },
    });
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/^http:\/\/p2p\.example\.test:8443\/set-password\/[A-Za-z0-9_-]{20,}$/);
    expect(made.body.url.endsWith(made.body.path)).toBe(true);
    expect(made.body.delivery).toBe('shown');
    // the request is answered: no longer listed
    expect((await adminUser(t, admin.token, 'requester')).passwordResetRequestedAt).toBeNull();

    const token = tokenOf(made.body.url);
    const ok = await check(t, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ valid: true, username: 'requester' });

    // an older link of the same user stops working once the password is set
    const older = await t.app.services.auth.createPasswordLink(requester._id, 'acme', 24);
    expect((await setPassword(t, token)).status).toBe(200);
    expect((await signInWith(t, 'requester', STRONG_PASSWORD)).status).toBe(200);
    expect((await signInWith(t, 'requester', DEMO_PASSWORD)).status).toBe(401);

    const used = await check(t, token);
    expect(used.status).toBe(404);
    expect(errorOf(used.body).key).toBe('auth.link-used');
    expect(errorOf(used.body).message).toBe(
      'This link was already used. Ask for a new one with Forgot password.',
    );
    const again = await setPassword(t, token, 'Another-Passw0rd-2026!');
    expect(again.status).toBe(404);
    expect(errorOf(again.body).key).toBe('auth.link-used');
    expect(errorOf((await check(t, older)).body).key).toBe('auth.link-used');
  });

  it('says when a link expired or does not exist, in the caller language', async () => {
    const buyer = await signIn(t.app, 'buyer');
    const expired = await t.app.services.auth.createPasswordLink(buyer.user._id, 'acme', -1);
    const res = await check(t, expired, { 'accept-language': 'pt' });
    expect(res.status).toBe(404);
    expect(errorOf(res.body).key).toBe('auth.link-expired');
    expect(errorOf(res.body).message).toBe(
      'Esta ligação expirou. Peça uma nova em Esqueceu-se da palavra-passe.',
    );
    expect((await setPassword(t, expired)).status).toBe(404);
    const bogus = await check(t, 'not-a-real-link-token');
    expect(bogus.status).toBe(404);
    expect(errorOf(bogus.body).key).toBe('auth.link-invalid');
  });

  it('only an administrator makes links, and only for active accounts of the own domain', async () => {
    const buyer = await signIn(t.app, 'buyer');
    const admin = await signIn(t.app, 'admin');
    const target = await adminUser(t, admin.token, 'manager');
    const denied = await call(t.app, 'POST', `/api/admin/users/${target._id}/password-link`, {
      token: buyer.token,
    });
    expect(denied.status).toBe(403);
    const foreign = await signIn(t.app, 'buyer', 'globex');
    const other = await call(t.app, 'POST', `/api/admin/users/${foreign.user._id}/password-link`, {
      token: admin.token,
    });
    expect(other.status).toBe(404);
    // a supplier contact whose registration waits is not active: no link
    await call(t.app, 'POST', '/api/auth/supplier-registration', {
      body: {
        company: {
          name: 'Zeta Waiting',
          vat: 'PT507777770',
          address: { street: 'Rua 3', postcode: '1000-003', city: 'Lisboa', country: 'PT' },
        },
        contact: { name: 'Zoe Zeta', email: 'zoe@zeta.example.com', username: 'zoe' },
        acceptTerms: true,
      },
    });
    const waiting = await adminUser(t, admin.token, 'zoe');
    expect(waiting.status).toBe('pending');
    const refused = await call(t.app, 'POST', `/api/admin/users/${waiting._id}/password-link`, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).key).toBe('auth.link-user-inactive');
  });

  it('a disabled account cannot use a link it was given before', async () => {
    const admin = await signIn(t.app, 'admin');
    const auditor = await adminUser(t, admin.token, 'auditor');
    const token = await t.app.services.auth.createPasswordLink(auditor._id, 'acme', 24);
    await t.conn.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', auditor._id).execute();
    expect(errorOf((await check(t, token)).body).key).toBe('auth.link-invalid');
    expect((await setPassword(t, token)).status).toBe(404);
    const row = await t.conn.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', auditor._id)
      .executeTakeFirst();
    expect(row?.status).toBe('disabled');
  });

  it('limits forgot-password calls from one address (the API limiter answer)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(t, `flood${i}@acme.example.com`)).status);
    expect(statuses).toContain(503);
    const limited = await forgot(t, 'flood@acme.example.com');
    expect(errorOf(limited.body).message).toBe('Too many requests, please try again later.');
  });
});

describe('forgot password and registration approval with a mail relay', () => {
  let t: TestApp;
  let peer: SmtpTestPeer;
  beforeAll(async () => {
    peer = await startSmtpTestPeer();
    t = await createTestApp({ env: { smtpUrl: peer.url, appUrl: 'https://p2p.example.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await peer.close();
  });

  it('mails the link (APP_URL, never the request host) to a known address, nothing to an unknown one', async () => {
    const res = await forgot(t, 'buyer@acme.example.com', { host: 'evil.example.net' });
    expect(res.body).toEqual({ message: SENT });
    const mail = await peer.next();
    expect(mail.to).toEqual(['buyer@acme.example.com']);
    expect(mail.header('subject')).toBe('Set a new password');
    const url = /https:\/\/p2p\.example\.test\/set-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(url).toBeDefined();
    expect(mail.text).not.toContain('evil.example.net');

    // a second request right away sends no second mail (spacing), an unknown address none at all
    await forgot(t, 'buyer@acme.example.com');
    await forgot(t, 'ghost@acme.example.com');
    await new Promise((r) => setTimeout(r, 500));
    expect(peer.messages).toHaveLength(1);

    expect((await setPassword(t, tokenOf(url!))).status).toBe(200);
    expect((await signInWith(t, 'buyer', STRONG_PASSWORD)).status).toBe(200);
    // mailed, so nothing waits for an administrator
    const admin = await signIn(t.app, 'admin');
    expect((await adminUser(t, admin.token, 'buyer')).passwordResetRequestedAt).toBeNull();
  });

  it('approving a supplier registration mails the contact the full link and answers it', async () => {
    const created = await call<{ _id: string }>(t.app, 'POST', '/api/auth/supplier-registration', {
      body: {
        company: {
          name: 'Delta Mail Parts',
          vat: 'PT509999990',
          address: { street: 'Rua 1', postcode: '1000-001', city: 'Lisboa', country: 'PT' },
        },
        contact: { name: 'Dina Dias', email: 'dina@delta.example.com', username: 'dina' },
        acceptTerms: true,
      },
    });
    expect(created.status).toBe(201);
    const manager = await signIn(t.app, 'manager-supplier');
    const before = peer.messages.length;
    const approved = await call<SupplierApprovalResponse>(
      t.app,
      'POST',
      `/api/auth/supplier-registrations/${created.body._id}/approve`,
      { token: manager.token },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.mailed).toBe(true);
    expect(approved.body.setPasswordUrl).toBe(`https://p2p.example.test${approved.body.setPasswordPath}`);
    expect(peer.messages.length).toBe(before + 1);
    const mail = peer.messages[before]!;
    expect(mail.to).toEqual(['dina@delta.example.com']);
    expect(mail.header('subject')).toBe('Your supplier registration was approved');
    expect(mail.text).toContain(approved.body.setPasswordUrl);
    expect(mail.text).toContain('Delta Mail Parts');
  });
});

describe('registration approval without a relay answers the full URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('mailed is false and the URL is the address the manager used', async () => {
    const created = await call<{ _id: string }>(t.app, 'POST', '/api/auth/supplier-registration', {
      body: {
        company: {
          name: 'Epsilon Parts',
          vat: 'PT508888880',
          address: { street: 'Rua 2', postcode: '1000-002', city: 'Lisboa', country: 'PT' },
        },
        contact: { name: 'Eva Elias', email: 'eva@epsilon.example.com', username: 'eva' },
        acceptTerms: true,
      },
    });
    const manager = await signIn(t.app, 'manager-supplier');
    const approved = await call<SupplierApprovalResponse>(
      t.app,
      'POST',
      `/api/auth/supplier-registrations/${created.body._id}/approve`,
      { token: manager.token, headers: { host: 'p2p.internal:8080' } },
    );
    expect(approved.body.mailed).toBe(false);
    expect(approved.body.setPasswordUrl).toBe(`http://p2p.internal:8080${approved.body.setPasswordPath}`);
    expect((await check(t, tokenOf(approved.body.setPasswordUrl))).body).toMatchObject({
      valid: true,
      username: 'eva',
    });
  });
});
