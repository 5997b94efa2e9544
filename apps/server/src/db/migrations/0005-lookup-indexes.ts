import { sql, type Kysely } from 'kysely';

/**
 * Indexes of the tiered reference look-ups (reference/reference.repository.ts), replacing those of 0003:
 *
 * - prefix tiers and the plain listing: btrees on `(domain_id, lower(x) collate "C")`. In the C
 *   collation a LIKE 'abc%' is an index range and the range comes out in the order the page wants
 *   (the text_pattern_ops btrees of 0003 answer the range but not the order, so a common prefix
 *   sorted every match);
 * - the fuzzy tier: GiST trigram indexes, which, unlike GIN, answer ORDER BY distance LIMIT n as a
 *   nearest-neighbour scan (the GIN indexes made PostgreSQL score and sort every match of a common
 *   word). The GIN trigram indexes are no longer used and are dropped.
 *
 * pg_trgm's operator classes are named with the schema holding the extension (see 0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ns = sql.id(await trgmSchema(db));
  // 256-byte signatures (default 12): on a large catalogue the small ones saturate and prune nothing
  const gist = sql`${ns}.gist_trgm_ops(siglen = 256)`;

  await sql`drop index if exists items_code_prefix`.execute(db);
  await sql`drop index if exists items_name_prefix`.execute(db);
  await sql`drop index if exists items_code_trgm`.execute(db);
  await sql`drop index if exists items_name_trgm`.execute(db);
  await sql`drop index if exists suppliers_name_trgm`.execute(db);
  await sql`drop index if exists users_name_trgm`.execute(db);

  await sql`create index items_code_lower on items (domain_id, (lower(code)) collate "C")`.execute(db);
  await sql`create index items_name_lower on items (domain_id, (lower(name)) collate "C", id)`.execute(db);
  await sql`create index items_code_gist on items using gist (lower(code) ${gist})`.execute(db);
  await sql`create index items_name_gist on items using gist (lower(name) ${gist})`.execute(db);
  await sql`create index suppliers_name_lower on suppliers (domain_id, (lower(name)) collate "C", id)`.execute(
    db,
  );
  await sql`create index suppliers_name_gist on suppliers using gist (lower(name) ${gist})`.execute(db);
  await sql`create index users_name_lower on users (domain_id, (lower(name)) collate "C", id)`.execute(db);
  await sql`create index users_name_gist on users using gist (lower(name) ${gist})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const ns = sql.id(await trgmSchema(db));
  const gin = sql`${ns}.gin_trgm_ops`;
  for (const index of [
    'users_name_gist',
    'users_name_lower',
    'suppliers_name_gist',
    'suppliers_name_lower',
    'items_name_gist',
    'items_code_gist',
    'items_name_lower',
    'items_code_lower',
  ])
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  await sql`create index items_code_prefix on items (domain_id, lower(code) text_pattern_ops)`.execute(db);
  await sql`create index items_name_prefix on items (domain_id, lower(name) text_pattern_ops)`.execute(db);
  await sql`create index items_code_trgm on items using gin (lower(code) ${gin})`.execute(db);
  await sql`create index items_name_trgm on items using gin (lower(name) ${gin})`.execute(db);
  await sql`create index suppliers_name_trgm on suppliers using gin (lower(name) ${gin})`.execute(db);
  await sql`create index users_name_trgm on users using gin (lower(name) ${gin})`.execute(db);
}

async function trgmSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The pg_trgm extension is not installed (migration 0003).');
  return schema;
}
