import { searchHiddenPaths, type FieldConfig } from '@p2p/domain';
import { sql, type Kysely } from 'kysely';

/**
 * What suppliers and other roles must not learn from documents:
 *
 * 1. Timeline messages get an audience ('internal' or 'supplier'): suppliers read only what is
 *    addressed to them. Every message written before is internal.
 * 2. Document keys are the server's: a counter per tenant and model numbers new documents, and a
 *    key is unique per tenant and model (duplicates left by client-chosen keys are renamed first,
 *    the newest copy getting a '-dup-<id>' suffix, so the unique index can be built).
 * 3. The full-text index leaves out the fields whose viewRoles restrict who reads them: the
 *    stored `search` column is written by a trigger from the key and the data without the paths of
 *    `document_search_hidden` (maintained from the model configurations by the server), instead of
 *    being generated from the whole data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_messages add column audience text not null default 'internal'`.execute(db);

  await db.schema
    .createTable('document_key_counters')
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('last', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_key_counters_pk', ['domain_id', 'model'])
    .execute();
  await sql`update documents d set key = d.key || '-dup-' || d.id
    from (select id, row_number() over (partition by domain_id, model, key order by id) as n
          from documents where key is not null) x
    where x.id = d.id and x.n > 1`.execute(db);
  await sql`create unique index documents_model_key on documents (domain_id, model, key)
    where key is not null`.execute(db);

  await db.schema
    .createTable('document_search_hidden')
    .addColumn('domain_key', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('paths', sql`text[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('document_search_hidden_pk', ['domain_key', 'model'])
    .execute();
  await sql`create function document_search_data(p_data jsonb, p_hidden text[]) returns jsonb
    language plpgsql immutable as $$
    declare d jsonb := p_data; p text;
    begin
      if p_hidden is not null then
        foreach p in array p_hidden loop d := d #- string_to_array(p, '.'); end loop;
      end if;
      return d;
    end $$`.execute(db);
  await sql`create function document_search_paths(p_domain text, p_model text) returns text[]
    language sql stable as $$
      select h.paths from document_search_hidden h
      where h.model = p_model and h.domain_key in (p_domain, '*')
      order by h.domain_key = '*' limit 1
    $$`.execute(db);
  await sql`create function documents_search_vector() returns trigger language plpgsql as $$
    begin
      new.search := to_tsvector('simple'::regconfig, coalesce(new.key, '') || ' ' ||
        document_search_data(new.data, document_search_paths(new.domain_id, new.model))::text);
      return new;
    end $$`.execute(db);

  // The effective configurations: a domain's own newest version, else the shipped default.
  const configs = await sql<{
    domain_key: string;
    model: string;
    config: { form?: { fields?: FieldConfig[] } };
  }>`
    select distinct on (coalesce(domain_id, '*'), model) coalesce(domain_id, '*') as domain_key, model, config
    from model_configs order by coalesce(domain_id, '*'), model, version desc`.execute(db);
  for (const row of configs.rows) {
    const paths = searchHiddenPaths(row.config.form?.fields ?? []);
    await sql`insert into document_search_hidden (domain_key, model, paths)
      values (${row.domain_key}, ${row.model}, ${paths}::text[])`.execute(db);
  }

  await sql`drop index if exists documents_search`.execute(db);
  await sql`alter table documents drop column search`.execute(db);
  await sql`alter table documents add column search tsvector`.execute(db);
  await sql`update documents set search = to_tsvector('simple'::regconfig, coalesce(key, '') || ' ' ||
    document_search_data(data, document_search_paths(domain_id, model))::text)`.execute(db);
  await sql`create trigger documents_search before insert or update of key, data on documents
    for each row execute function documents_search_vector()`.execute(db);
  await sql`create index documents_search on documents using gin (search)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists documents_search on documents`.execute(db);
  await sql`drop index if exists documents_search`.execute(db);
  await sql`alter table documents drop column if exists search`.execute(db);
  await sql`alter table documents add column search tsvector
    generated always as (to_tsvector('simple'::regconfig, coalesce(key, '') || ' ' || (data::text))) stored`.execute(
    db,
  );
  await sql`create index documents_search on documents using gin (search)`.execute(db);
  await sql`drop function if exists documents_search_vector()`.execute(db);
  await sql`drop function if exists document_search_paths(text, text)`.execute(db);
  await sql`drop function if exists document_search_data(jsonb, text[])`.execute(db);
  await db.schema.dropTable('document_search_hidden').ifExists().execute();
  await sql`drop index if exists documents_model_key`.execute(db);
  await db.schema.dropTable('document_key_counters').ifExists().execute();
  await sql`alter table document_messages drop column if exists audience`.execute(db);
}
