import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins, counted per account (domain and username, whether or not such a user exists, so
 * the throttle tells nothing about who has an account) and per client address (domain ''). After a
 * few failures each further one opens a growing wait (`blocked_until`); an account that keeps
 * failing is locked (`locked_at`) until an administrator unlocks it. See auth/sign-in-throttle.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('account', 'address')`))
    .addColumn('domain_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sign_in_throttle_pk', ['scope', 'domain_id', 'subject'])
    .execute();
  // the periodic prune deletes old unlocked rows
  await sql`create index sign_in_throttle_last_attempt on sign_in_throttle (last_attempt_at)
    where locked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').ifExists().execute();
}
