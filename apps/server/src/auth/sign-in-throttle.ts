import { MESSAGES } from '@p2p/domain';
import type { ColumnType } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Sign-in protection against password guessing (README "Sign-in protection"). Failures are counted
 * per account (domain + username as typed, known or not, so the answers tell nothing about who
 * exists) and per client address (`request.ip`). The first `freeFailures` cost nothing; each further
 * one opens a wait that doubles from `firstDelayMs` up to `maxDelayMs`, during which sign-in answers
 * 503 with the specification's text and Retry-After. An account reaching `lockAfter` failures is
 * locked until an administrator unlocks it. A success forgets the account's failures; counts that
 * saw no attempt for `forgetAfterMs` start again from zero.
 */
export const SIGN_IN_THROTTLE = {
  account: { freeFailures: 5, lockAfter: 20, forgetAfterMs: 24 * 3600_000 },
  // higher: many people may share one address (an office behind a NAT)
  address: { freeFailures: 30, lockAfter: null, forgetAfterMs: 3600_000 },
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  /** how often a process deletes rows no longer needed (unlocked, older than a day) */
  pruneEveryMs: 3600_000,
} as const;

type Scope = 'account' | 'address';

/** The table of migration 0010 (typed here so the shared Database type stays untouched). */
interface SignInThrottleTable {
  scope: Scope;
  domain_id: string;
  subject: string;
  failures: number;
  blocked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_attempt_at: ColumnType<Date, Date | undefined, Date>;
}

const withThrottle = (db: Db) => db.withTables<{ sign_in_throttle: SignInThrottleTable }>();

/** The wait after `failures` failures: none up to `free`, then 1 s, 2 s, 4 s ... up to the cap. */
export function throttleDelayMs(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(SIGN_IN_THROTTLE.firstDelayMs * 2 ** (failures - free - 1), SIGN_IN_THROTTLE.maxDelayMs);
}

/** 503 in the error shape: a wait is running (Retry-After) or the account is locked (none). */
export class SignInThrottled extends AppError {
  readonly retryAfterSeconds: number | null;
  constructor(kind: 'wait' | 'locked', retryAfterSeconds: number | null) {
    super('rate_limited', MESSAGES.tooManyRequests, {
      key: kind === 'locked' ? 'auth.account-locked' : 'auth.sign-in-throttled',
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface Key {
  scope: Scope;
  domain_id: string;
  subject: string;
}

const keysOf = (domainId: string, username: string, address: string): Key[] => [
  { scope: 'account', domain_id: domainId, subject: username },
  { scope: 'address', domain_id: '', subject: address },
];

export interface SignInState {
  failures: number;
  locked: boolean;
  blockedUntil: string | null;
}

export function signInThrottle(db: Db) {
  let lastPrune = 0;

  async function prune(now: Date): Promise<void> {
    if (now.getTime() - lastPrune < SIGN_IN_THROTTLE.pruneEveryMs) return;
    lastPrune = now.getTime();
    const before = new Date(now.getTime() - SIGN_IN_THROTTLE.account.forgetAfterMs);
    await withThrottle(db)
      .deleteFrom('sign_in_throttle')
      .where('locked_at', 'is', null)
      .where('last_attempt_at', '<', before)
      .execute();
  }

  return {
    /**
     * Admits one sign-in attempt or throws SignInThrottled. An admitted attempt is counted as a
     * failure before the password is checked (`succeeded` takes it back), so a burst of parallel
     * guesses cannot all pass before the first failure is written.
     */
    async begin(domainId: string, username: string, address: string, now = new Date()): Promise<void> {
      await prune(now);
      await db.transaction().execute(async (trx) => {
        const t = withThrottle(trx);
        const rows = [];
        // always account before address, so concurrent attempts lock rows in one order
        for (const key of keysOf(domainId, username, address)) {
          await t
            .insertInto('sign_in_throttle')
            .values({ ...key, failures: 0, last_attempt_at: now })
            .onConflict((oc) => oc.columns(['scope', 'domain_id', 'subject']).doNothing())
            .execute();
          const row = await t
            .selectFrom('sign_in_throttle')
            .selectAll()
            .where('scope', '=', key.scope)
            .where('domain_id', '=', key.domain_id)
            .where('subject', '=', key.subject)
            .forUpdate()
            .executeTakeFirstOrThrow();
          rows.push(row);
        }
        if (rows.some((r) => r.locked_at)) throw new SignInThrottled('locked', null);
        const waitMs = Math.max(0, ...rows.map((r) => (r.blocked_until ? +r.blocked_until - +now : 0)));
        if (waitMs > 0) throw new SignInThrottled('wait', Math.ceil(waitMs / 1000));

        for (const row of rows) {
          const policy = SIGN_IN_THROTTLE[row.scope];
          const stale = now.getTime() - new Date(row.last_attempt_at).getTime() > policy.forgetAfterMs;
          const failures = (stale ? 0 : row.failures) + 1;
          const delay = throttleDelayMs(failures, policy.freeFailures);
          await t
            .updateTable('sign_in_throttle')
            .set({
              failures,
              blocked_until: delay ? new Date(now.getTime() + delay) : null,
              locked_at: policy.lockAfter !== null && failures >= policy.lockAfter ? now : null,
              last_attempt_at: now,
            })
            .where('scope', '=', row.scope)
            .where('domain_id', '=', row.domain_id)
            .where('subject', '=', row.subject)
            .execute();
        }
      });
    },

    /**
     * The password was right: the account starts afresh; the address only gets this attempt back
     * (a guesser must not clear its address by signing in to an account of its own now and then).
     */
    async succeeded(domainId: string, username: string, address: string): Promise<void> {
      const [account, byAddress] = keysOf(domainId, username, address) as [Key, Key];
      const t = withThrottle(db);
      await t
        .deleteFrom('sign_in_throttle')
        .where('scope', '=', account.scope)
        .where('domain_id', '=', account.domain_id)
        .where('subject', '=', account.subject)
        .execute();
      await t
        .updateTable('sign_in_throttle')
        .set((eb) => ({
          failures: eb.fn('greatest', [eb('failures', '-', 1), eb.lit(0)]),
          blocked_until: eb
            .case()
            .when('failures', '<=', SIGN_IN_THROTTLE.address.freeFailures + 1)
            .then(null)
            .else(eb.ref('blocked_until'))
            .end(),
        }))
        .where('scope', '=', byAddress.scope)
        .where('domain_id', '=', byAddress.domain_id)
        .where('subject', '=', byAddress.subject)
        .execute();
    },

    /** The sign-in state of these usernames of a domain (absent: no failures). */
    async accountStates(domainId: string, usernames: string[]): Promise<Map<string, SignInState>> {
      const out = new Map<string, SignInState>();
      if (!usernames.length) return out;
      const rows = await withThrottle(db)
        .selectFrom('sign_in_throttle')
        .select(['subject', 'failures', 'blocked_until', 'locked_at', 'last_attempt_at'])
        .where('scope', '=', 'account')
        .where('domain_id', '=', domainId)
        .where('subject', 'in', usernames)
        .execute();
      const now = Date.now();
      for (const r of rows) {
        const stale =
          !r.locked_at &&
          now - new Date(r.last_attempt_at).getTime() > SIGN_IN_THROTTLE.account.forgetAfterMs;
        const blocked = r.blocked_until && +new Date(r.blocked_until) > now ? r.blocked_until : null;
        out.set(r.subject, {
          failures: stale ? 0 : r.failures,
          locked: Boolean(r.locked_at),
          blockedUntil: blocked ? new Date(blocked).toISOString() : null,
        });
      }
      return out;
    },

    /** An administrator lifts the lock and the wait of an account: its failures are forgotten. */
    unlock: (domainId: string, username: string) =>
      withThrottle(db)
        .deleteFrom('sign_in_throttle')
        .where('scope', '=', 'account')
        .where('domain_id', '=', domainId)
        .where('subject', '=', username)
        .execute(),
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
