import { sql, type Kysely } from 'kysely';

/**
 * Reference data for fast look-ups: the item catalogue, with trigram (pg_trgm) indexes for
 * misspelling-tolerant and substring search, and pattern btrees for prefix search by code and name.
 *
 * pg_trgm lives in one schema per database. It is created in `public` (under an advisory lock, so
 * concurrent migrations of several schemas do not race) and referred to by its schema, so a
 * connection whose search_path does not include that schema (the tests' schema per app) still finds
 * the operator classes. The queries look the schema up the same way (reference/trigram.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('p2p:create-extension:pg_trgm'))`.execute(db);
  const existing = await trgmSchema(db);
  if (!existing) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const ns = sql.id((await trgmSchema(db)) ?? 'public');

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uom', 'text', (c) => c.notNull().defaultTo('UN'))
    .addColumn('material_group', 'text')
    .addColumn('unspsc', 'text')
    .addColumn('price', sql`numeric(18,5)`)
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`create unique index items_code on items (domain_id, code)`.execute(db);
  // Prefix search (lower(code) like 'abc%'): a pattern btree answers it as a range scan.
  await sql`create index items_code_prefix on items (domain_id, lower(code) text_pattern_ops)`.execute(db);
  await sql`create index items_name_prefix on items (domain_id, lower(name) text_pattern_ops)`.execute(db);
  // Substring and misspelling search (ilike '%abc%', word similarity) on code and name.
  await sql`create index items_code_trgm on items using gin (lower(code) ${ns}.gin_trgm_ops)`.execute(db);
  await sql`create index items_name_trgm on items using gin (lower(name) ${ns}.gin_trgm_ops)`.execute(db);
  // The other look-ups search suppliers and users by name the same way.
  await sql`create index suppliers_name_trgm on suppliers using gin (lower(name) ${ns}.gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index users_name_trgm on users using gin (lower(name) ${ns}.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_name_trgm`.execute(db);
  await sql`drop index if exists suppliers_name_trgm`.execute(db);
  await db.schema.dropTable('items').execute();
}

async function trgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}
