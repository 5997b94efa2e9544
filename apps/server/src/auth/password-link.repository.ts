import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of 'Forgot password' and the check of a password link (the tokens are stored hashed). */
export function passwordLinkRepository(db: Db) {
  return {
    /** The active person of the domain with this e-mail address (case-insensitive), if any. */
    findActiveByEmail: (domainId: string, email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'name', 'email', 'lang', 'domain_id'])
        .where('domain_id', '=', domainId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('status', '=', 'active')
        .where('role_key', '<>', 'system')
        .executeTakeFirst(),

    /** The link behind a token hash with its user's state, used or not, expired or not. */
    findLink: (tokenHash: string) =>
      db
        .selectFrom('password_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.user_id', 't.domain_id', 't.expires_at', 't.used_at', 'u.username', 'u.status'])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** When the user's newest link was made (spaces the mails a flood of requests would send). */
    newestLinkAt: async (userId: string): Promise<Date | null> => {
      const row = await db
        .selectFrom('password_tokens')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.at ? new Date(row.at as unknown as string) : null;
    },

    markRequested: (userId: string, at: Date) =>
      db.updateTable('users').set({ password_reset_requested_at: at }).where('id', '=', userId).execute(),

    /** A new password (or a link an administrator made) answers the request. */
    clearRequested: (userId: string) =>
      db.updateTable('users').set({ password_reset_requested_at: null }).where('id', '=', userId).execute(),

    /** Once a password is set, the user's other open links stop working. */
    retireOpenLinks: (userId: string, now: Date) =>
      db
        .updateTable('password_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute(),
  };
}
