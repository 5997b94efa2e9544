import type { Db } from '../db/database.ts';

/** SQL for bearer-token sessions and one-time password links (both stored as token hashes). */
export function sessionRepository(db: Db) {
  return {
    insert: (s: { tokenHash: string; userId: string; domainId: string; expiresAt: Date }) =>
      db
        .insertInto('sessions')
        .values({
          token_hash: s.tokenHash,
          user_id: s.userId,
          domain_id: s.domainId,
          expires_at: s.expiresAt,
        })
        .execute(),

    /** A session that is neither revoked nor expired. */
    findValid: (tokenHash: string, now: Date) =>
      db
        .selectFrom('sessions')
        .select(['token_hash', 'user_id', 'domain_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    revoke: (tokenHash: string, now: Date) =>
      db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute(),

    insertPasswordToken: (t: { tokenHash: string; userId: string; domainId: string; expiresAt: Date }) =>
      db
        .insertInto('password_tokens')
        .values({
          token_hash: t.tokenHash,
          user_id: t.userId,
          domain_id: t.domainId,
          expires_at: t.expiresAt,
        })
        .execute(),

    /** Marks an unused, unexpired link used and returns its user; undefined when the link is not valid. */
    consumePasswordToken: (tokenHash: string, now: Date) =>
      db
        .updateTable('password_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'domain_id'])
        .executeTakeFirst(),
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
