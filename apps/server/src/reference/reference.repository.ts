import { sql, type Generated, type RawBuilder } from 'kysely';
import type { Db, Json } from '../db/database.ts';
import {
  byteOrder,
  distanceTo,
  MIN_TRIGRAM_LENGTH,
  similarTo,
  startsWith,
  trigramSchema,
} from './trigram.ts';
import { countExactLimit, plannedRows } from '../db/capped-count.ts';

/**
 * SQL of the reference look-ups. Every query is pinned to the caller's domain; suppliers and
 * users take an extra scope (suppliers see only their own company).
 *
 * A look-up text is answered in tiers, each one index-driven and LIMITed to the rows the page needs
 * (offset + limit, at most MAX_LOOKUP_WINDOW): (1) code prefix (an exact code sorts first), by code;
 * (2) name prefix, by name; (3) only while the page is not full, the nearest fuzzy matches of name
 * and code (GiST trigram KNN, closest first). The tiers are merged in that order without duplicates.
 * No text lists everything by name. Counts are exact up to the count cap and estimated above it.
 */

/** The deepest row a look-up with a text pages to (p * l); later pages are empty. */
export const MAX_LOOKUP_WINDOW = 1000;
/** The fuzzy tier ranks the nearest of at most this many similar rows (see `tiered`). */
export const FUZZY_CANDIDATES = 100;
/** Counts up to this are exact; above it the planner's estimate is answered, flagged `estimated`. */
export const LOOKUP_COUNT_EXACT_LIMIT = 1000;

/** The item catalogue of migration 0003 (typed here so the shared Database type stays untouched). */
export interface ItemsTable {
  id: Generated<string>;
  domain_id: string;
  code: string;
  name: string;
  uom: string;
  material_group: string | null;
  unspsc: string | null;
  price: string | null;
  data: Json<Record<string, unknown>>;
}

/** The database with the items table typed. */
export const withItems = (db: Db) => db.withTables<{ items: ItemsTable }>();

export interface Page {
  /** normalized query text; '' lists everything */
  q: string;
  limit: number;
  offset: number;
  count: boolean;
}

export interface PageOf<T> {
  rows: T[];
  count: number | null;
  /** the count is the planner's estimate (more matches than the count cap) */
  estimated: boolean;
}

interface LookupSpec {
  table: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
  /** domain and scope filter on alias t */
  where: RawBuilder<boolean>;
  /** lower(...) of the code and the name (the indexed expressions) */
  code: RawBuilder<string>;
  name: RawBuilder<string>;
}

/** One page of a look-up, and its count when asked. */
async function lookup<T extends { id: string; name: string }>(
  db: Db,
  spec: LookupSpec,
  page: Page,
): Promise<PageOf<T>> {
  const ns = await trigramSchema(db);
  const rows = page.q
    ? await tiered<T>(db, ns, spec, page)
    : (
        await sql<T>`select ${spec.columns} from ${spec.table} t where ${spec.where}
          order by ${byteOrder(spec.name)}, t.id limit ${page.limit} offset ${page.offset}`.execute(db)
      ).rows;
  if (!page.count) return { rows, count: null, estimated: false };
  return { rows, ...(await countMatches(db, ns, spec, page.q)) };
}

/** The first offset + limit rows of the merged tiers, cut to the page. */
async function tiered<T extends { id: string; name: string }>(
  db: Db,
  ns: string,
  spec: LookupSpec,
  page: Page,
): Promise<T[]> {
  const end = Math.min(page.offset + page.limit, MAX_LOOKUP_WINDOW);
  if (page.offset >= end) return [];
  const { q } = page;
  const merged: T[] = [];
  const seen = new Set<string>();
  const add = (rows: T[]) => {
    for (const r of rows) {
      if (merged.length >= end) return;
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      merged.push(r);
    }
  };
  const select = (cond: RawBuilder<boolean>, order: RawBuilder<unknown>, extra = sql``) =>
    sql<T & { distance?: number }>`select ${spec.columns} ${extra} from ${spec.table} t
      where ${spec.where} and ${cond} order by ${order} limit ${end}`.execute(db);

  // 1. code prefix (the exact code is the first of its prefix range), 2. name prefix
  add((await select(startsWith(q, spec.code), sql`${byteOrder(spec.code)}, t.id`)).rows);
  if (merged.length < end)
    add((await select(startsWith(q, spec.name), sql`${byteOrder(spec.name)}, t.id`)).rows);
  // 3. the nearest fuzzy matches of name and code, closest first (a stable sort keeps name before code)
  if (merged.length < end && q.length >= MIN_TRIGRAM_LENGTH) {
    // The nearest among the first FUZZY_CANDIDATES similar rows: an exact nearest-neighbour scan
    // of the GiST index crawls through most of it when thousands of names are about as near (a
    // catalogue with 50,000 'Hydraulic fitting ...' items: 0.6 s at a million items; this: ~10 ms).
    const fuzzy = async (expr: RawBuilder<string>) =>
      (
        await sql<T & { distance?: number }>`select * from (
            select ${spec.columns}, ${distanceTo(ns, q, expr)} as distance from ${spec.table} t
            where ${spec.where} and ${similarTo(ns, q, expr)} limit ${FUZZY_CANDIDATES}
          ) c order by c.distance limit ${end}`.execute(db)
      ).rows;
    // closest first; equally close by name (only the last, partial group of the window can shift)
    const near = [...(await fuzzy(spec.name)), ...(await fuzzy(spec.code))];
    near.sort(
      (a, b) => Number(a.distance) - Number(b.distance) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    add(near.map(({ distance: _distance, ...row }) => row as T));
  }
  return merged.slice(page.offset, end);
}

/**
 * How many rows match: exact up to the count cap (every tier counted over a LIMIT cap + 1 subquery,
 * index-driven like the page), above it the planner's estimate of the whole match, flagged.
 */
async function countMatches(
  db: Db,
  ns: string,
  spec: LookupSpec,
  q: string,
): Promise<{ count: number; estimated: boolean }> {
  const cap = countExactLimit(LOOKUP_COUNT_EXACT_LIMIT);
  const ids = (cond: RawBuilder<boolean> | null) =>
    sql`(select t.id from ${spec.table} t where ${spec.where} ${cond ? sql`and ${cond}` : sql``}
      limit ${cap + 1})`;
  const conditions: RawBuilder<boolean>[] = [];
  const tiers: RawBuilder<unknown>[] = [];
  if (!q) tiers.push(ids(null));
  else {
    conditions.push(startsWith(q, spec.code), startsWith(q, spec.name));
    tiers.push(ids(conditions[0]!), ids(conditions[1]!));
    if (q.length >= MIN_TRIGRAM_LENGTH)
      for (const expr of [spec.name, spec.code]) {
        conditions.push(similarTo(ns, q, expr));
        // unordered: the first cap + 1 similar rows; a nearest-neighbour order would crawl the
        // GiST index when many names are about as near (see FUZZY_CANDIDATES)
        tiers.push(ids(conditions[conditions.length - 1]!));
      }
  }
  const { rows } = await sql<{ n: number; top: number }>`with ${sql.join(
    tiers.map((tier, i) => sql`${sql.raw(`b${i}`)} as ${tier}`),
  )} select (select count(*) from (${sql.join(
    tiers.map((_, i) => sql.raw(`select id from b${i}`)),
    sql` union `,
  )}) u)::int as n, greatest(${sql.join(tiers.map((_, i) => sql.raw(`(select count(*) from b${i})`)))})::int as top`.execute(
    db,
  );
  const n = Number(rows[0]?.n ?? 0);
  if (Number(rows[0]?.top ?? 0) <= cap) return { count: n, estimated: false };
  const where = conditions.length ? sql`${spec.where} and (${sql.join(conditions, sql` or `)})` : spec.where;
  const planned = await plannedRows(db, sql`select 1 from ${spec.table} t where ${where}`);
  return { count: Math.max(n, planned), estimated: true };
}

export interface ItemRow {
  id: string;
  code: string;
  name: string;
  uom: string;
  material_group: string | null;
  unspsc: string | null;
  price: string | null;
}

export interface SupplierRow {
  id: string;
  name: string;
  vat: string;
  status: string;
  address: Record<string, unknown> | null;
}

export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  role_key: string;
  supplier_id: string | null;
}

export function referenceRepository(db: Db) {
  return {
    items: (domainId: string, page: Page) =>
      lookup<ItemRow>(
        db,
        {
          table: sql`items`,
          columns: sql`t.id, t.code, t.name, t.uom, t.material_group, t.unspsc, t.price::text as price`,
          where: sql<boolean>`t.domain_id = ${domainId}`,
          code: sql<string>`lower(t.code)`,
          name: sql<string>`lower(t.name)`,
        },
        page,
      ),

    /**
     * Active suppliers only (a pending or rejected registration is in no look-up); `supplierId`
     * set: only that supplier (a supplier caller). `byVat` false: the code tier searches the name
     * too, so a caller who may not see VAT numbers cannot probe them by prefix.
     */
    suppliers: (domainId: string, supplierId: string | null, page: Page, byVat: boolean) =>
      lookup<SupplierRow>(
        db,
        {
          table: sql`suppliers`,
          columns: sql`t.id, t.name, t.vat, t.status, t.data -> 'address' as address`,
          where: sql<boolean>`t.domain_id = ${domainId} and t.status = 'active'
            ${supplierId ? sql`and t.id = ${supplierId}` : sql``}`,
          code: byVat ? sql<string>`lower(t.vat)` : sql<string>`lower(t.name)`,
          name: sql<string>`lower(t.name)`,
        },
        page,
      ),

    /** Active people of the domain; `supplierId` set: only that supplier's users. */
    users: (domainId: string, supplierId: string | null, page: Page) =>
      lookup<UserRow>(
        db,
        {
          table: sql`users`,
          columns: sql`t.id, t.username, t.name, t.email, t.role_key, t.supplier_id`,
          where: sql<boolean>`t.domain_id = ${domainId} and t.status = 'active' and t.role_key <> 'system'
            ${supplierId ? sql`and t.supplier_id = ${supplierId}` : sql``}`,
          code: sql<string>`lower(t.username)`,
          name: sql<string>`lower(t.name)`,
        },
        page,
      ),
  };
}

export type ReferenceRepository = ReturnType<typeof referenceRepository>;
