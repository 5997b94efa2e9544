import { sql, type Kysely } from 'kysely';

/**
 * List indexes that match the list query exactly (bench:documents found both gaps). The list sorts
 * with `desc nulls last` / `asc nulls first`; an index on plain `id desc` (nulls first) does not
 * match, so every first page sorted the whole model. The JSON sort fields of the shipped models
 * get expression indexes in the same shape as document.fields.ts writes them.
 */
const JSON_SORT_FIELDS = ['deliveryDate', 'description'] as const;

const indexName = (field: string) => `documents_sort_${field.replace(/[^A-Za-z0-9]/g, '_').toLowerCase()}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_list`.execute(db);
  await sql`create index documents_list on documents (domain_id, model, deleted, id desc nulls last)`.execute(
    db,
  );
  for (const field of JSON_SORT_FIELDS) {
    await sql`create index ${sql.id(indexName(field))} on documents
      (domain_id, model, deleted, (jsonb_extract_path_text(data, ${sql.lit(field)})) desc nulls last, id desc nulls last)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const field of JSON_SORT_FIELDS)
    await sql`drop index if exists ${sql.id(indexName(field))}`.execute(db);
  await sql`drop index if exists documents_list`.execute(db);
  await sql`create index documents_list on documents (domain_id, model, deleted, id desc)`.execute(db);
}
