import { sql, type Kysely } from 'kysely';

/**
 * List sort indexes that no value can break. The btree indexes of 0006 held the whole text of a
 * JSON field: a value over about 2,700 bytes (a long description, or fewer characters of a script
 * that takes 3 or 4 bytes each) made every write of that document fail with 'index row size
 * exceeds btree maximum'. They now hold the first SORT_PREFIX_LENGTH characters (at most 800
 * bytes), far under the limit whatever the text; the list sorts by the same prefix, then by id, so
 * its order is the same for every value shorter than the prefix and stable for the rest.
 *
 * The list's sort expression (documents/document.fields.ts, sortSpec) must be written the same
 * way, `left(jsonb_extract_path_text(d.data, <src>), 200)`, for PostgreSQL to use these indexes.
 */
export const SORT_PREFIX_LENGTH = 200;

const JSON_SORT_FIELDS = ['deliveryDate', 'description'] as const;

const indexName = (field: string) => `documents_sort_${field.replace(/[^A-Za-z0-9]/g, '_').toLowerCase()}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const field of JSON_SORT_FIELDS) {
    await sql`drop index if exists ${sql.id(indexName(field))}`.execute(db);
    await sql`create index ${sql.id(indexName(field))} on documents
      (domain_id, model, deleted,
       (left(jsonb_extract_path_text(data, ${sql.lit(field)}), ${sql.lit(SORT_PREFIX_LENGTH)})) desc nulls last,
       id desc nulls last)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const field of JSON_SORT_FIELDS) {
    await sql`drop index if exists ${sql.id(indexName(field))}`.execute(db);
    await sql`create index ${sql.id(indexName(field))} on documents
      (domain_id, model, deleted, (jsonb_extract_path_text(data, ${sql.lit(field)})) desc nulls last, id desc nulls last)`.execute(
      db,
    );
  }
}
