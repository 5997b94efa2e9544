import { randomBytes } from 'node:crypto';
import {
  type Domain,
  isSystemUser,
  MESSAGES,
  PATTERNS,
  SIGN_UP_MESSAGES,
  signUpDecision,
  type ApiFieldError,
  type SignInRequest,
  type SignInResponse,
  type SignUpRequest,
  type SignUpResponse,
} from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AuthContext } from './auth-context.ts';
import { domainRepository } from './domain.repository.ts';
import { sessionCache } from './session-cache.ts';
import { sessionRepository } from './session.repository.ts';
import { toSessionUser } from './session-user.ts';
import { signInThrottle } from './sign-in-throttle.ts';
import { signUpPolicies } from './sign-up-policy.ts';
import { userRepository, type NewUser, type UserRepository, type UserRow } from './user.repository.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const INVALID_LINK = 'This link is not valid or has expired.';
export const PASSWORD_LINK_DAYS = 7;

export const tokenInvalid = (): AppError =>
  new AppError('token_invalid', MESSAGES.tokenInvalid, { key: 'auth.token-invalid' });

const invalidCredentials = (): AppError =>
  new AppError('unauthorized', INVALID_CREDENTIALS, { key: 'auth.invalid-credentials' });

/**
 * A hash of a random password nobody knows, made with the same parameters as every stored hash:
 * a sign-in of an unknown user (or of an account without a password) verifies against it, so it
 * takes as long as a wrong password for a real account.
 */
let dummyHash: Promise<string> | null = null;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

/** Sign-in, sign-up, sessions and password links. */
export function authService(db: Db, opts: { tokenTtlHours: number }) {
  const users = userRepository(db);
  const sessions = sessionRepository(db);
  const domains = domainRepository(db);
  const throttle = signInThrottle(db);
  const policies = signUpPolicies(db);
  // made once per process, before the first sign-in needs it (a failure is retried on first use)
  dummyPasswordHash().catch(() => (dummyHash = null));

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

  /**
   * Refusals of an account whose password was right: answered only after the password check, so
   * that without the password a pending, disabled or system account looks like an unknown one.
   */
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

    /**
     * `address` is the client's (request.ip). The throttle admits the attempt (or answers 503); then
     * exactly one argon2 verification runs whatever the account, and only a right password learns
     * more than 'Invalid username or password.'.
     */
    async signIn(req: SignInRequest, address: string): Promise<SignInResponse> {
      const domainId = await resolveDomain(req.domain);
      await throttle.begin(domainId, req.username, address);
      const row = await users.findByUsername(domainId, req.username);
      const stored = row?.password_hash ?? null;
      const matches = await verifyPassword(stored ?? (await dummyPasswordHash()), req.password);
      if (!row || !stored || !matches) throw invalidCredentials();
      await throttle.succeeded(domainId, req.username, address);
      assertCanSignIn(row, await users.roles(row.id));
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

    /** The domain's sign-up setting, for the sign-up page (public). */
    signUpPolicy: async (domain: string | undefined) => policies.read(await resolveDomain(domain)),

    /**
     * Self-service sign-up of a requester, as the domain's setting allows: refused (403) when
     * closed or the e-mail domain is not listed; active and signed in for a listed e-mail domain;
     * pending until an administrator approves it otherwise.
     */
    async signUp(req: SignUpRequest): Promise<SignUpResponse> {
      const domainId = await resolveDomain(req.domain);
      const policy = await policies.read(domainId);
      if (policy.mode === 'off')
        throw new AppError('forbidden', SIGN_UP_MESSAGES.closed, { key: 'auth.sign-up-closed' });
      const errors: ApiFieldError[] = [];
      if (!req.username.trim()) errors.push({ field: 'username', message: 'Username is required.' });
      if (!req.name.trim()) errors.push({ field: 'name', message: 'Name is required.' });
      if (!PATTERNS.email.test(req.email))
        errors.push({ field: 'email', message: 'E-mail address is not valid.' });
      if (errors.length) throw fieldErrors('Invalid request.', errors);
      const decision = signUpDecision(policy, req.email.trim());
      if (decision.outcome === 'refused') {
        const message = SIGN_UP_MESSAGES[decision.reason];
        throw new AppError('forbidden', message, {
          key: `auth.sign-up-${decision.reason}`,
          errors: decision.reason === 'domain' ? [{ field: 'email', message }] : [],
        });
      }
      assertPasswordPolicy(req.password);
      const username = req.username.trim();
      const email = req.email.trim();
      await assertUniqueUser(users, domainId, username, email);
      const id = await insertUnique(db, {
        domainId,
        username,
        name: req.name.trim(),
        email,
        passwordHash: await hashPassword(req.password),
        roleKey: 'requester',
        status: decision.outcome,
      });
      await audit.record(db, {
        auth: { domainId, user: { _id: id, username } },
        entity: 'user',
        entityId: id,
        action: 'create',
        after: { username, name: req.name.trim(), email, role: 'requester', status: decision.outcome },
        detail: { via: 'sign-up' },
      });
      if (decision.outcome === 'pending') return { status: 'pending', message: SIGN_UP_MESSAGES.pending };
      const session = await openSession((await users.findById(domainId, id))!);
      return { status: 'active', message: SIGN_UP_MESSAGES.created, ...session };
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
    async createPasswordLink(
      userId: string,
      domainId: string,
      validHours = PASSWORD_LINK_DAYS * 24,
    ): Promise<string> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + validHours * 3600_000);
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
        // the event says that the password changed, never what it is
        await audit.record(trx, {
          auth: { domainId: link.domain_id, user: null },
          entity: 'user',
          entityId: link.user_id,
          action: 'password-change',
          detail: { via: 'password link' },
        });
      });
      return { message: 'Password set.' };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

const TAKEN = {
  username: 'This username is already taken.',
  email: 'This e-mail address is already registered.',
};

/** 409 with a field error for a username or e-mail address already used in the domain. */
export async function assertUniqueUser(
  users: UserRepository,
  domainId: string,
  username: string,
  email: string,
) {
  const taken = await users.existsUsernameOrEmail(domainId, username, email);
  const errors: ApiFieldError[] = [];
  if (taken.username) errors.push({ field: 'username', message: TAKEN.username });
  if (taken.email) errors.push({ field: 'email', message: TAKEN.email });
  if (errors.length) {
    throw new AppError('conflict', errors.map((e) => e.message).join(' '), { key: 'auth.duplicate', errors });
  }
}

/**
 * Inserts the user (inside `db`'s transaction when it is one) or answers the same 409 as
 * assertUniqueUser: that check runs first for a friendly answer, but a sign-up racing it for the
 * same name is caught here by the unique constraints, never as a 5xx.
 */
export async function insertUnique(db: Db, user: NewUser): Promise<string> {
  const insert = async (trx: Db) => {
    const id = await userRepository(trx).insertIfAbsent(user);
    if (id) return id;
    await assertUniqueUser(userRepository(trx), user.domainId, user.username, user.email);
    // the other row is gone again: still a conflict, never a half-made account
    throw new AppError('conflict', TAKEN.username, {
      key: 'auth.duplicate',
      errors: [{ field: 'username', message: TAKEN.username }],
    });
  };
  return db.isTransaction ? insert(db) : db.transaction().execute(insert);
}
