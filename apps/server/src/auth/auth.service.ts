import {
  type Domain,
  isSystemUser,
  MESSAGES,
  PATTERNS,
  type ApiFieldError,
  type SignInRequest,
  type SignInResponse,
  type SignUpRequest,
} from '@p2p/domain';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AuthContext } from './auth-context.ts';
import { domainRepository } from './domain.repository.ts';
import { sessionCache } from './session-cache.ts';
import { sessionRepository } from './session.repository.ts';
import { toSessionUser } from './session-user.ts';
import { userRepository, type UserRepository, type UserRow } from './user.repository.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const INVALID_LINK = 'This link is not valid or has expired.';
const PASSWORD_LINK_DAYS = 7;

export const tokenInvalid = (): AppError =>
  new AppError('token_invalid', MESSAGES.tokenInvalid, { key: 'auth.token-invalid' });

/** Sign-in, sign-up, sessions and password links. */
export function authService(db: Db, opts: { tokenTtlHours: number }) {
  const users = userRepository(db);
  const sessions = sessionRepository(db);
  const domains = domainRepository(db);

  async function resolveDomain(domain: string | undefined): Promise<string> {
    const id = domain ?? (await domains.defaultId());
    if (!id || !(await domains.find(id))) {
      throw fieldErrors(
        'Unknown domain.',
        [{ field: 'domain', message: 'Unknown domain.' }],
        'auth.unknown-domain',
      );
    }
    return id;
  }

  async function openSession(row: UserRow): Promise<SignInResponse> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + opts.tokenTtlHours * 3600_000);
    await sessions.insert({
      tokenHash: hashToken(token),
      userId: row.id,
      domainId: row.domain_id,
      expiresAt,
    });
    return { token, expiresAt: expiresAt.toISOString(), user: await toSessionUser(users, row) };
  }

  /** Refusals that do not depend on the password: such accounts have none or must not use it. */
  function assertCanSignIn(row: UserRow, roles: { key: string }[]): void {
    if (isSystemUser({ role: { key: row.role_key }, roles })) {
      throw new AppError('forbidden', 'This account cannot sign in.', { key: 'auth.system-user' });
    }
    if (row.status === 'pending') {
      throw new AppError('forbidden', 'Your account is waiting for approval.', {
        key: 'auth.account-pending',
      });
    }
  }

  return {
    resolveDomain,

    async signIn(req: SignInRequest): Promise<SignInResponse> {
      const domainId = await resolveDomain(req.domain);
      const row = await users.findByUsername(domainId, req.username);
      if (!row) throw new AppError('unauthorized', INVALID_CREDENTIALS, { key: 'auth.invalid-credentials' });
      assertCanSignIn(row, await users.roles(row.id));
      if (!(await verifyPassword(row.password_hash, req.password))) {
        throw new AppError('unauthorized', INVALID_CREDENTIALS, { key: 'auth.invalid-credentials' });
      }
      if (row.status !== 'active') {
        throw new AppError('forbidden', 'Your account is disabled.', { key: 'auth.account-disabled' });
      }
      return openSession(row);
    },

    /**
     * The home domain selector (seed 000 section 1): the same username, active, in the other domain
     * gets a session of its own there; anyone else is told so and stays where they are.
     */
    async switchDomain(caller: AuthContext, target: string): Promise<SignInResponse & { domain: Domain }> {
      const domain = await domains.find(target);
      if (!domain) throw notFound('Unknown domain.');
      const row = await users.findByUsername(domain.id, caller.user.username);
      const usable = row && row.status === 'active' && row.password_hash !== null;
      if (!row || !usable || isSystemUser({ role: { key: row.role_key }, roles: await users.roles(row.id) }))
        throw new AppError('forbidden', `You have no account in domain ${domain.name}.`, {
          key: 'profile.domain-no-account',
        });
      const session = await openSession(row);
      return {
        ...session,
        domain: { id: domain.id, name: domain.name, theme: domain.theme, logo: domain.logo },
      };
    },

    /** Self-service sign-up: an active requester in the chosen domain. */
    async signUp(req: SignUpRequest): Promise<SignInResponse> {
      const domainId = await resolveDomain(req.domain);
      const errors: ApiFieldError[] = [];
      if (!req.username.trim()) errors.push({ field: 'username', message: 'Username is required.' });
      if (!req.name.trim()) errors.push({ field: 'name', message: 'Name is required.' });
      if (!PATTERNS.email.test(req.email))
        errors.push({ field: 'email', message: 'E-mail address is not valid.' });
      if (errors.length) throw fieldErrors('Invalid request.', errors);
      assertPasswordPolicy(req.password);
      await assertUniqueUser(users, domainId, req.username.trim(), req.email.trim());
      const id = await users.insert({
        domainId,
        username: req.username.trim(),
        name: req.name.trim(),
        email: req.email.trim(),
        passwordHash: await hashPassword(req.password),
        roleKey: 'requester',
        status: 'active',
      });
      return openSession((await users.findById(domainId, id))!);
    },

    /** Resolves a bearer token to its caller; any failure is the one 'token not valid' answer. */
    async authenticate(token: string): Promise<AuthContext> {
      const tokenHash = hashToken(token);
      const cached = sessionCache.get(tokenHash);
      if (cached) return cached;
      const session = await sessions.findValid(tokenHash, new Date());
      if (!session) throw tokenInvalid();
      const row = await users.findById(session.domain_id, session.user_id);
      if (!row || row.status !== 'active') throw tokenInvalid();
      const auth = { user: await toSessionUser(users, row), domainId: session.domain_id, tokenHash };
      sessionCache.set(auth, new Date(session.expires_at));
      return auth;
    },

    async signOut(auth: AuthContext, userId: string): Promise<{ ok: true }> {
      if (userId !== auth.user._id) throw forbidden('You can only sign yourself out.');
      await sessions.revoke(auth.tokenHash, new Date());
      sessionCache.forgetToken(auth.tokenHash);
      return { ok: true };
    },

    /** A one-time link token for setting a password; the raw token is returned once, never stored. */
    async createPasswordLink(userId: string, domainId: string): Promise<string> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + PASSWORD_LINK_DAYS * 86400_000);
      await sessions.insertPasswordToken({ tokenHash: hashToken(token), userId, domainId, expiresAt });
      return token;
    },

    async setPassword(token: string, password: string): Promise<{ message: string }> {
      assertPasswordPolicy(password);
      const passwordHash = await hashPassword(password);
      // Consuming and setting happen in one transaction so a failed write leaves the link usable.
      await db.transaction().execute(async (trx) => {
        const link = await sessionRepository(trx).consumePasswordToken(hashToken(token), new Date());
        if (!link) throw notFound(INVALID_LINK);
        await userRepository(trx).setPassword(link.user_id, passwordHash);
      });
      return { message: 'Password set.' };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

/** 409 with a field error for a username or e-mail address already used in the domain. */
export async function assertUniqueUser(
  users: UserRepository,
  domainId: string,
  username: string,
  email: string,
) {
  const taken = await users.existsUsernameOrEmail(domainId, username, email);
  const errors: ApiFieldError[] = [];
  if (taken.username) errors.push({ field: 'username', message: 'This username is already taken.' });
  if (taken.email) errors.push({ field: 'email', message: 'This e-mail address is already registered.' });
  if (errors.length) {
    throw new AppError('conflict', errors.map((e) => e.message).join(' '), { key: 'auth.duplicate', errors });
  }
}
