import { sql, type Kysely } from 'kysely';

/**
 * The ERP outbox (erp/): one row per message to or from the ERP, written in the transaction that
 * moves a document to `erp`, worked with FOR UPDATE SKIP LOCKED by every server instance; it is
 * also the integration monitor (/api/ihub/...). `external_ref` travels with the document to the
 * ERP so a retry after an unknown outcome finds it instead of creating it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table erp_outbox (
    id bigint generated always as identity primary key,
    domain_id text not null references domains(id),
    document_id bigint references documents(id),
    model text not null,
    interface text not null,
    direction text not null default 'out' check (direction in ('out', 'in')),
    status text not null default 'queued'
      check (status in ('queued', 'running', 'done', 'failed', 'dead', 'cancelled')),
    external_ref text not null,
    attempts integer not null default 0,
    max_attempts integer not null default 8,
    next_at timestamptz not null default now(),
    locked_by text,
    locked_until timestamptz,
    payload jsonb not null,
    answer jsonb,
    error jsonb,
    erp_key text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index erp_outbox_due on erp_outbox (next_at) where status in ('queued', 'running')`.execute(
    db,
  );
  await sql`create index erp_outbox_document on erp_outbox (document_id, id desc)`.execute(db);
  await sql`create index erp_outbox_monitor on erp_outbox (domain_id, model, id desc)`.execute(db);
  // one live message per document and interface: a double click on 'Send to ERP' cannot queue two
  await sql`create unique index erp_outbox_live on erp_outbox (document_id, interface)
    where status in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists erp_outbox`.execute(db);
}
