import { isAdminLevel, type AdminUser, type AdminUserAction, type SignUpPolicy } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { signInThrottle, type SignInState } from '../auth/sign-in-throttle.ts';
import { signUpPolicies } from '../auth/sign-up-policy.ts';
import { userRepository } from '../auth/user.repository.ts';
import { audit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { AppError, forbidden, notFound } from '../lib/app-error.ts';

/** The users screen lists at most this many people (pending ones first). */
export const ADMIN_USERS_LIMIT = 500;

type ListedRow = Awaited<ReturnType<ReturnType<typeof userRepository>['listForAdmin']>>[number];

const NO_FAILURES: SignInState = { failures: 0, locked: false, blockedUntil: null };

/** A self sign-up waits for approval; a supplier contact waits for its registration instead. */
const isApprovable = (r: Pick<ListedRow, 'status' | 'supplier_id' | 'password_hash'>) =>
  r.status === 'pending' && r.supplier_id === null && r.password_hash !== null;

const toAdminUser = (r: ListedRow, signIn: SignInState): AdminUser => ({
  _id: r.id,
  username: r.username,
  name: r.name,
  email: r.email,
  role: r.role_key,
  status: r.status,
  approvable: isApprovable(r),
  createdAt: new Date(r.created_at).toISOString(),
  signIn,
  passwordResetRequestedAt: r.password_reset_requested_at
    ? new Date(r.password_reset_requested_at).toISOString()
    : null,
});

/**
 * The administrator's accounts work (admin level): the domain's users with their sign-in state,
 * approving or rejecting pending sign-ups, lifting sign-in locks, and the domain's sign-up setting.
 */
export function adminUsersService(db: Db) {
  const users = userRepository(db);
  const throttle = signInThrottle(db);
  const policies = signUpPolicies(db);

  function assertAdmin(auth: AuthContext): void {
    if (!isAdminLevel(auth.user)) throw forbidden('Only administrators can manage accounts.');
  }

  async function listed(auth: AuthContext): Promise<AdminUser[]> {
    const rows = await users.listForAdmin(auth.domainId, ADMIN_USERS_LIMIT);
    const states = await throttle.accountStates(
      auth.domainId,
      rows.map((r) => r.username),
    );
    return rows.map((r) => toAdminUser(r, states.get(r.username) ?? NO_FAILURES));
  }

  async function one(auth: AuthContext, userId: string): Promise<AdminUser> {
    const row = await users.findForAdmin(auth.domainId, userId);
    if (!row) throw notFound('User not found.');
    const states = await throttle.accountStates(auth.domainId, [row.username]);
    return toAdminUser(row, states.get(row.username) ?? NO_FAILURES);
  }

  async function decide(auth: AuthContext, userId: string, status: 'active' | 'disabled') {
    assertAdmin(auth);
    const user = await one(auth, userId);
    if (!user.approvable)
      throw new AppError('conflict', 'This account does not wait for approval.', {
        key: 'admin.user-not-pending',
      });
    await db.transaction().execute(async (trx) => {
      await userRepository(trx).setStatus(user._id, status);
      await audit.record(trx, {
        auth,
        entity: 'user',
        entityId: user._id,
        action: status === 'active' ? 'enable' : 'disable',
        before: { status: user.status },
        after: { status },
      });
    });
    return one(auth, userId);
  }

  return {
    async list(auth: AuthContext): Promise<AdminUser[]> {
      assertAdmin(auth);
      return listed(auth);
    },

    async approve(auth: AuthContext, userId: string): Promise<AdminUserAction> {
      return { message: 'Account approved.', user: await decide(auth, userId, 'active') };
    },

    async reject(auth: AuthContext, userId: string): Promise<AdminUserAction> {
      return { message: 'Account rejected.', user: await decide(auth, userId, 'disabled') };
    },

    /** Lifts the sign-in lock and any running wait of the account. */
    async unlock(auth: AuthContext, userId: string): Promise<AdminUserAction> {
      assertAdmin(auth);
      const user = await one(auth, userId);
      await throttle.unlock(auth.domainId, user.username);
      await audit.record(db, {
        auth,
        entity: 'user',
        entityId: user._id,
        action: 'unlock',
        before: user.signIn,
      });
      return { message: 'Account unlocked.', user: { ...user, signIn: NO_FAILURES } };
    },

    async signUpPolicy(auth: AuthContext): Promise<SignUpPolicy> {
      assertAdmin(auth);
      return policies.read(auth.domainId);
    },

    async saveSignUpPolicy(auth: AuthContext, policy: SignUpPolicy): Promise<SignUpPolicy> {
      assertAdmin(auth);
      const before = await policies.read(auth.domainId);
      const saved = await policies.save(auth.domainId, policy);
      await audit.record(db, {
        auth,
        entity: 'settings',
        entityId: 'signUp',
        action: 'config',
        before,
        after: saved,
      });
      return saved;
    },
  };
}

export type AdminUsersService = ReturnType<typeof adminUsersService>;
