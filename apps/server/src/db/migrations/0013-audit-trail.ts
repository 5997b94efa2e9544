import { sql, type Kysely } from 'kysely';

/**
 * The audit trail: every change of a document, a configuration, a user or a permission, who made it,
 * when, from where, and the changed values before and after. Append-only: a trigger refuses every
 * UPDATE, DELETE and TRUNCATE, so not even the application's own role can rewrite history. No
 * foreign key ties an event to what it describes (documents are purged, users removed; their events
 * stay), and the actor's username is kept beside the id for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'text')
    .addColumn('actor_username', 'text')
    .addColumn('actor_address', 'text')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('detail', 'jsonb')
    .execute();
  // newest first per domain (the list, the export, date ranges); one entity's history
  await sql`create index audit_events_domain_at on audit_events (domain_id, at desc, id desc)`.execute(db);
  await sql`create index audit_events_domain_entity
    on audit_events (domain_id, entity, entity_id, at desc, id desc)`.execute(db);

  await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only: % is not allowed', tg_op
        using errcode = 'insufficient_privilege';
    end
  $$`.execute(db);
  await sql`create trigger audit_events_no_update_delete before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);
  await sql`create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').ifExists().execute();
  await sql`drop function if exists audit_events_append_only()`.execute(db);
}
