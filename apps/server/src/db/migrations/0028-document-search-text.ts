import { sql, type Kysely } from 'kysely';

/**
 * The readable text a search hit's snippet is cut from, stored in `documents.search_text` and
 * written by the trigger that writes `search` (migration 0014), from the same data without the
 * role-restricted fields: the key and every string or number of the data but the ids of its
 * references. Cutting it at search time walked every hit's data with a jsonpath and stripped the
 * restricted fields again on every call; a save pays for it once instead. A model configuration
 * whose restricted fields change re-indexes its documents (model-config.repository.ts), and this
 * column with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column search_text text`.execute(db);
  await sql`create function document_readable_text(p_key text, p_readable jsonb) returns text
    language sql immutable as $$
      select coalesce(p_key, '') || ' ' || coalesce((select string_agg(v #>> '{}', ' ')
        from jsonb_path_query(p_readable, 'strict $.** ? (@.type() == "string" || @.type() == "number")') v
        where (v #>> '{}') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-'), '')
    $$`.execute(db);
  await sql`create or replace function documents_search_vector() returns trigger language plpgsql as $$
    declare readable jsonb := document_search_data(new.data, document_search_paths(new.domain_id, new.model));
    begin
      new.search := to_tsvector('simple'::regconfig, coalesce(new.key, '') || ' ' || readable::text);
      new.search_text := document_readable_text(new.key, readable);
      return new;
    end $$`.execute(db);
  // sets search_text only: the trigger (update of key or data) does not fire, `search` stays
  await sql`update documents set search_text =
    document_readable_text(key, document_search_data(data, document_search_paths(domain_id, model)))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function documents_search_vector() returns trigger language plpgsql as $$
    begin
      new.search := to_tsvector('simple'::regconfig, coalesce(new.key, '') || ' ' ||
        document_search_data(new.data, document_search_paths(new.domain_id, new.model))::text);
      return new;
    end $$`.execute(db);
  await sql`drop function if exists document_readable_text(text, jsonb)`.execute(db);
  await sql`alter table documents drop column if exists search_text`.execute(db);
}
