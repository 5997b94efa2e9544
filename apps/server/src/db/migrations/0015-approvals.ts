import { sql, type Kysely } from 'kysely';

/**
 * Approvals:
 * 1. approval_rules: per tenant and model, conditions and levels as data (edited in /admin); each
 *    save grows `version`, so two administrators never overwrite each other unknowingly.
 * 2. approval_delegations: a user names a substitute from one day to another (both included).
 * 3. 'Assigned to me' (the working context's 'assigned' group, document.scope.ts) filters on
 *    data->'assignees' @> [{_id}]: a GIN index on that expression answers it from the index instead
 *    of reading every document of the model (its first page at a million documents).
 * 4. The approval documents of a parent, found by the parent's id (approvals never trust what the
 *    parent's editable data says about its approval).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('approval_rules')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('conditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('levels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
  await sql`create index approval_rules_model on approval_rules (domain_id, model, priority, id)`.execute(db);

  await db.schema
    .createTable('approval_delegations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('substitute_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('approval_delegations_range', sql`ends_on >= starts_on`)
    .addCheckConstraint('approval_delegations_other', sql`substitute_id <> user_id`)
    .execute();
  await sql`create index approval_delegations_user on approval_delegations (domain_id, user_id, ends_on)`.execute(
    db,
  );
  await sql`create index approval_delegations_day on approval_delegations (domain_id, ends_on, starts_on)`.execute(
    db,
  );

  await sql`create index documents_assignees on documents using gin ((data -> 'assignees') jsonb_path_ops)`.execute(
    db,
  );
  await sql`create index documents_approval_parent on documents (domain_id, (data #>> '{parent,_id}'), id desc)
    where model = 'approval'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_approval_parent`.execute(db);
  await sql`drop index if exists documents_assignees`.execute(db);
  await db.schema.dropTable('approval_delegations').ifExists().execute();
  await db.schema.dropTable('approval_rules').ifExists().execute();
}
