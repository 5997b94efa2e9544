import { sql, type Kysely } from 'kysely';

/**
 * 'Forgot password': when no mail relay is configured, the request waits on the user for an
 * administrator (users.password_reset_requested_at, cleared when a link is made or the password
 * set); with a relay it also spaces the mails to one address. Password links get an index by user
 * so a new password retires the other open links of that user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_reset_requested_at', 'timestamptz').execute();
  await sql`create index password_tokens_user on password_tokens (user_id) where used_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists password_tokens_user`.execute(db);
  await db.schema.alterTable('users').dropColumn('password_reset_requested_at').execute();
}
