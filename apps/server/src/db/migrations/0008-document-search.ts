import { sql, type Kysely } from 'kysely';

/**
 * Full-text search on a stored tsvector instead of an expression index. With the expression
 * index PostgreSQL found the matches quickly but had to parse `data::text` again for every match
 * to rank it and to re-check it on the heap: a common word over a million documents took 1.2 s.
 * A stored column is parsed once per write, ranking reads it, and ANALYZE keeps per-word
 * statistics on it, so the planner knows a common word from a rare one (a common word is then
 * answered by walking the newest documents, a rare one through the GIN index).
 * The expression is the one of the former index: same text, same matches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column search tsvector
    generated always as (to_tsvector('simple'::regconfig, coalesce(key, '') || ' ' || (data::text))) stored`.execute(
    db,
  );
  await sql`drop index if exists documents_text`.execute(db);
  await sql`create index documents_search on documents using gin (search)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_search`.execute(db);
  await sql`alter table documents drop column if exists search`.execute(db);
  await sql`create index documents_text on documents using gin
    (to_tsvector('simple'::regconfig, coalesce(key, '') || ' ' || (data::text)))`.execute(db);
}
