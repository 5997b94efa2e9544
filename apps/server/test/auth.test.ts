import {
  MESSAGES,
  PASSWORD_RULE_MESSAGES,
  type SessionUser,
  type SignInResponse,
  type SignUpResponse,
} from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.ts';
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

describe('sign-in', () => {
  it('answers a token and the user with role, roles and groups', async () => {
    const res = await call<SignInResponse>(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'buyer', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const user = res.body.user;
    expect(user.domain).toBe('acme');
    expect(user.role).toEqual({ key: 'buyer', name: 'Buyer' });
    expect(user.roles.map((r) => r.key).sort()).toEqual(['buyer', 'requester']);
    expect(user.groups).toHaveLength(3);
    expect(user.group?.name).toBe('Purchasing Lisboa');
  });

  it('stores only the hash of the token', async () => {
    const { token } = await signIn(t.app, 'requester');
    const rows = await t.conn.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses a wrong password with 401', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'buyer', password: 'Wrong-pass-2026!' },
    });
    expect(res.status).toBe(401);
    expect(errorOf(res.body).message).toBe('Invalid username or password.');
  });

  it('refuses an unknown user with the same 401', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'nobody', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(401);
    expect(errorOf(res.body).message).toBe('Invalid username or password.');
  });

  it('never signs in the system user: it has no password, so it answers like an unknown user', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'system', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(401);
    expect(errorOf(res.body).message).toBe('Invalid username or password.');
  });

  it('uses the chosen domain: globex has its own buyer', async () => {
    const acme = await signIn(t.app, 'buyer');
    const globex = await signIn(t.app, 'buyer', 'globex');
    expect(globex.user.domain).toBe('globex');
    expect(globex.user._id).not.toBe(acme.user._id);
    expect(globex.user.name).toBe('Gordon Graham');
  });

  it('rejects an unknown domain with 400', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'buyer', password: DEMO_PASSWORD, domain: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).data.errors[0]?.field).toBe('domain');
  });
});

describe('bearer tokens', () => {
  it('restores the session from /profile/user/me', async () => {
    const { token, user } = await signIn(t.app, 'manager');
    const res = await call<SessionUser>(t.app, 'GET', '/api/profile/user/me', { token });
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(user._id);
    expect(res.body.roles.map((r) => r.key).sort()).toEqual(['buyer', 'manager']);
  });

  it('answers 401 with the exact text for a missing or bad token', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of variants) {
      const res = await call(t.app, 'GET', '/api/profile/user/me', { headers });
      expect(res.status).toBe(401);
      const err = errorOf(res.body);
      expect(err.message).toBe('The authentication token is not valid.');
      expect(err.message).toBe(MESSAGES.tokenInvalid);
      expect(err.key).toBe('auth.token-invalid');
      expect(err._status).toBe(401);
    }
  });

  it('answers 401 for an expired token', async () => {
    const { token } = await signIn(t.app, 'auditor');
    await t.conn.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await call(t.app, 'GET', '/api/profile/user/me', { token });
    expect(res.status).toBe(401);
    expect(errorOf(res.body).message).toBe(MESSAGES.tokenInvalid);
  });

  it('sign-out revokes the token', async () => {
    const { token, user } = await signIn(t.app, 'director');
    const out = await call(t.app, 'GET', `/api/profile/user/signout/${user._id}?ts=123`, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    const after = await call(t.app, 'GET', '/api/profile/user/me', { token });
    expect(after.status).toBe(401);
    expect(errorOf(after.body).message).toBe(MESSAGES.tokenInvalid);
  });

  it("cannot sign out another user's session", async () => {
    const { token } = await signIn(t.app, 'director');
    const other = await signIn(t.app, 'auditor');
    const res = await call(t.app, 'GET', `/api/profile/user/signout/${other.user._id}`, { token });
    expect(res.status).toBe(403);
  });

  it('answers 403 when x-p2p-domain differs from the token domain', async () => {
    const { token } = await signIn(t.app, 'buyer');
    const ok = await call(t.app, 'GET', '/api/profile/user/me', {
      token,
      headers: { 'x-p2p-domain': 'acme' },
    });
    expect(ok.status).toBe(200);
    const res = await call(t.app, 'GET', '/api/profile/user/me', {
      token,
      headers: { 'x-p2p-domain': 'globex' },
    });
    expect(res.status).toBe(403);
    errorOf(res.body);
  });
});

describe('sign-up', () => {
  const setSignUp = async (body: { mode: string; domains: string[] }) => {
    const admin = await signIn(t.app, 'admin');
    const res = await call(t.app, 'PUT', '/api/admin/settings/sign-up', { token: admin.token, body });
    expect(res.status).toBe(200);
  };

  it('lists every broken password rule as a field error', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signup', {
      body: { username: 'newbie', name: 'New Bie', email: 'newbie@example.com', password: 'short' },
    });
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.message).toBe('Password does not meet the policy.');
    expect(err.data.errors).toEqual([
      { field: 'password', message: PASSWORD_RULE_MESSAGES.uppercase },
      { field: 'password', message: PASSWORD_RULE_MESSAGES.digit },
      { field: 'password', message: PASSWORD_RULE_MESSAGES.special },
      { field: 'password', message: PASSWORD_RULE_MESSAGES.length },
    ]);
  });

  it('creates an active requester and signs it in when the e-mail domain is listed', async () => {
    await setSignUp({ mode: 'domains', domains: ['example.com'] });
    const res = await call<SignUpResponse>(t.app, 'POST', '/api/auth/signup', {
      body: { username: 'newbie', name: 'New Bie', email: 'newbie@example.com', password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('active');
    expect(res.body.user?.role.key).toBe('requester');
    expect(res.body.user?.domain).toBe('acme');
    const me = await call(t.app, 'GET', '/api/profile/user/me', { token: res.body.token });
    expect(me.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'newbie', password: STRONG_PASSWORD },
    });
    expect(again.status).toBe(200);
  });

  it('answers 409 with field errors for a taken username or e-mail', async () => {
    await setSignUp({ mode: 'approval', domains: [] });
    const res = await call(t.app, 'POST', '/api/auth/signup', {
      body: { username: 'buyer', name: 'Copy', email: 'BUYER@acme.example.com', password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(errorOf(res.body).data.errors.map((e) => e.field)).toEqual(['username', 'email']);
  });

  it('validates the body schema with one entry per field', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signup', { body: { username: 'x' } });
    expect(res.status).toBe(400);
    const err = errorOf(res.body);
    expect(err.message).toBe('Invalid request.');
    expect(err.data.errors.map((e) => e.field).sort()).toEqual(['email', 'name', 'password']);
  });
});

describe('set-password links', () => {
  it('rejects a weak password, accepts a strong one once, then the link is spent', async () => {
    const requester = await signIn(t.app, 'requester');
    const token = await t.app.services.auth.createPasswordLink(requester.user._id, 'acme');

    const weak = await call(t.app, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: 'weakpassword' },
    });
    expect(weak.status).toBe(400);
    expect(errorOf(weak.body).data.errors.every((e) => e.field === 'password')).toBe(true);

    const ok = await call(t.app, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: STRONG_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Password set.' });
    const signin = await call(t.app, 'POST', '/api/auth/signin', {
      body: { username: 'requester', password: STRONG_PASSWORD },
    });
    expect(signin.status).toBe(200);

    const reuse = await call(t.app, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: STRONG_PASSWORD },
    });
    expect(reuse.status).toBe(404);
    // a spent link says so (password-links.test.ts covers the expired and unknown ones)
    expect(errorOf(reuse.body).message).toBe(
      'This link was already used. Ask for a new one with Forgot password.',
    );
  });

  it('answers 404 for an unknown or expired link', async () => {
    const unknown = await call(t.app, 'POST', '/api/auth/set-password/made-up', {
      body: { password: STRONG_PASSWORD },
    });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).message).toBe('This link is not valid or has expired.');

    const { user } = await signIn(t.app, 'exc');
    const token = await t.app.services.auth.createPasswordLink(user._id, 'acme');
    await t.conn.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const expired = await call(t.app, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: STRONG_PASSWORD },
    });
    expect(expired.status).toBe(404);
  });
});
