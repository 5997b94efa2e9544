import { sql, type Kysely } from 'kysely';

/**
 * The readable text a search hit's snippet is cut from, stored in `document_search_texts` by a
 * trigger on every save, from the same data as the index (migration 0014) without the
 * role-restricted fields: the key and every string or number of the data but the ids of its
 * references. Cutting it at search time walked every hit's data with a jsonpath on every call; a
 * save pays for it once instead. A model configuration whose restricted fields change re-indexes
 * its documents (model-config.repository.ts), and this text with them.
 *
 * A table of its own, not a column of `documents`: a column made every document row about 85
 * bytes wider, and the list filters, which read thousands of rows to find a page, about 10% slower.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table document_search_texts (
    document_id bigint primary key references documents (id) on delete cascade,
    text text not null
  )`.execute(db);
  await sql`create function document_readable_text(p_key text, p_readable jsonb) returns text
    language sql immutable as $$
      select coalesce(p_key, '') || ' ' || coalesce((select string_agg(v #>> '{}', ' ')
        from jsonb_path_query(p_readable, 'strict $.** ? (@.type() == "string" || @.type() == "number")') v
        where (v #>> '{}') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-'), '')
    $$`.execute(db);
  await sql`create function documents_search_text() returns trigger language plpgsql as $$
    begin
      insert into document_search_texts (document_id, text)
      values (new.id, document_readable_text(new.key,
        document_search_data(new.data, document_search_paths(new.domain_id, new.model))))
      on conflict (document_id) do update set text = excluded.text;
      return null;
    end $$`.execute(db);
  await sql`create trigger documents_search_text after insert or update of key, data on documents
    for each row execute function documents_search_text()`.execute(db);
  await sql`insert into document_search_texts (document_id, text)
    select id, document_readable_text(key, document_search_data(data, document_search_paths(domain_id, model)))
    from documents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists documents_search_text on documents`.execute(db);
  await sql`drop function if exists documents_search_text()`.execute(db);
  await sql`drop function if exists document_readable_text(text, jsonb)`.execute(db);
  await sql`drop table if exists document_search_texts`.execute(db);
}
