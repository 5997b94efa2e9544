import { sql, type Generated, type RawBuilder } from 'kysely';
import type { Db, Json } from '../db/database.ts';
import { match, trigramSchema, withTrigramThreshold } from './trigram.ts';

/**
 * SQL of the reference look-ups. Every query is pinned to the caller's domain; suppliers and
 * users take an extra scope (suppliers see only their own company). Matching and ordering come from
 * trigram.ts: best match first, then name, then id (a stable order for paging).
 */

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
}

interface LookupSpec {
  table: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
  /** domain and scope filter on alias t */
  where: RawBuilder<boolean>;
  code: RawBuilder<string>;
  name: RawBuilder<string>;
}

/** One page of a look-up, and its count when asked, inside one transaction (the threshold is local). */
async function lookup<T>(db: Db, spec: LookupSpec, page: Page): Promise<PageOf<T>> {
  const ns = await trigramSchema(db);
  return withTrigramThreshold(db, async (trx) => {
    const m = page.q ? match(ns, page.q, spec.code, spec.name) : null;
    const where = m ? sql`${spec.where} and ${m.where}` : spec.where;
    const order = m ? sql`${m.rank}, ${m.codeOrder}, ${m.similarity} desc, t.name, t.id` : sql`t.name, t.id`;
    const { rows } = await sql<T>`select ${spec.columns} from ${spec.table} t where ${where}
      order by ${order} limit ${page.limit} offset ${page.offset}`.execute(trx);
    let count: number | null = null;
    if (page.count) {
      const res = await sql<{
        n: string;
      }>`select count(*)::text as n from ${spec.table} t where ${where}`.execute(trx);
      count = Number(res.rows[0]?.n ?? 0);
    }
    return { rows, count };
  });
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

    /** `supplierId` set: only that supplier (a supplier caller). */
    suppliers: (domainId: string, supplierId: string | null, page: Page) =>
      lookup<SupplierRow>(
        db,
        {
          table: sql`suppliers`,
          columns: sql`t.id, t.name, t.vat, t.status, t.data -> 'address' as address`,
          where: sql<boolean>`t.domain_id = ${domainId} and t.status <> 'rejected'
            ${supplierId ? sql`and t.id = ${supplierId}` : sql``}`,
          code: sql<string>`lower(t.vat)`,
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
