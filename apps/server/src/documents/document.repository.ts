import { sql, type RawBuilder } from 'kysely';
import { cappedCount, countExactLimit } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import { PLAN_ONCE } from '../db/prepared-pool.ts';
import { documentLines } from './document-lines.repository.ts';
import { documentReferenceReads } from './document-references.repository.ts';

/** SQL of documents, lines and edit locks. Every document query takes a scope. */

/** Document ids are bigint keys: decimal digits, at most 18 of them (they fit a PostgreSQL bigint). */
export const DOCUMENT_ID_PATTERN = '^[0-9]{1,18}$';
const DOCUMENT_ID = new RegExp(DOCUMENT_ID_PATTERN);
export const isDocumentId = (id: string): boolean => DOCUMENT_ID.test(id);

export interface DocumentRow {
  id: string;
  model: string;
  type: string;
  subtype: string | null;
  key: string | null;
  state: string;
  supplier_id: string | null;
  supplier_name: string | null;
  requester_id: string | null;
  requester_name: string | null;
  group_id: string | null;
  group_key: string | null;
  group_name: string | null;
  plant: string | null;
  created_by: string;
  created_by_name: string | null;
  created_at: Date;
  updated_by: string;
  updated_at: Date;
  version: number;
  deleted: boolean;
  data: Record<string, unknown>;
  gross_value: string;
  discount_value: string;
  cost_value: string;
  net_value: string;
  tax_value: string;
  value: string;
  list_value: string;
}

export interface DocumentWrite {
  type: string;
  subtype: string | null;
  key: string | null;
  state: string;
  supplier_id: string | null;
  requester_id: string | null;
  group_id: string | null;
  plant: string | null;
  data: Record<string, unknown>;
  totals: Record<
    'grossValue' | 'discountValue' | 'costValue' | 'netValue' | 'taxValue' | 'value' | 'listValue',
    string
  >;
}

export interface ListQuery {
  scope: RawBuilder<boolean>;
  deleted: boolean;
  conditions: RawBuilder<boolean>[];
  /** the sort or a condition reads a joined table (needsJoins of document.fields.ts) */
  joins: boolean;
  sort: { expression: RawBuilder<unknown>; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
  /**
   * the statement's plan cannot depend on its values (the whole model, no condition): it is
   * prepared once per connection and kept with a generic plan (db/prepared-pool.ts)
   */
  planOnce?: boolean;
}

export { COUNT_EXACT_LIMIT, countExactLimit } from '../db/capped-count.ts';

const buildBase = (db: Db) =>
  db
    .selectFrom('documents as d')
    .leftJoin('suppliers as s', 's.id', 'd.supplier_id')
    .leftJoin('users as r', 'r.id', 'd.requester_id')
    .leftJoin('users as c', 'c.id', 'd.created_by')
    .leftJoin('groups as g', 'g.id', 'd.group_id');

const buildSelectRow = (db: Db) =>
  buildBase(db).select([
    sql<string>`d.id::text`.as('id'),
    'd.model',
    'd.type',
    'd.subtype',
    'd.key',
    'd.state',
    'd.supplier_id',
    's.name as supplier_name',
    'd.requester_id',
    'r.name as requester_name',
    'd.group_id',
    'g.key as group_key',
    'g.name as group_name',
    'd.plant',
    'd.created_by',
    'c.name as created_by_name',
    'd.created_at',
    'd.updated_by',
    'd.updated_at',
    'd.version',
    'd.deleted',
    'd.data',
    sql<string>`d.gross_value::text`.as('gross_value'),
    sql<string>`d.discount_value::text`.as('discount_value'),
    sql<string>`d.cost_value::text`.as('cost_value'),
    sql<string>`d.net_value::text`.as('net_value'),
    sql<string>`d.tax_value::text`.as('tax_value'),
    sql<string>`d.value::text`.as('value'),
    sql<string>`d.list_value::text`.as('list_value'),
  ]);

/**
 * Kysely builders are immutable: the joins and the 29 columns of a document row are built once per
 * connection (or transaction) and reused by every query, rather than parsed again per request. The
 * list's outer statement takes them as SQL text compiled once (they bind no parameter): compiling
 * the 29 columns and 4 joins was most of the cost of building a list query.
 */
const builders = new WeakMap<
  Db,
  {
    base: ReturnType<typeof buildBase>;
    selectRow: ReturnType<typeof buildSelectRow>;
    rowSql: RawBuilder<unknown>;
  }
>();
const builtFor = (db: Db) => {
  let built = builders.get(db);
  if (!built) {
    const selectRow = buildSelectRow(db);
    builders.set(db, (built = { base: buildBase(db), selectRow, rowSql: sql.raw(selectRow.compile().sql) }));
  }
  return built;
};
const base = (db: Db) => builtFor(db).base;
const selectRow = (db: Db) => builtFor(db).selectRow;

const totalsColumns = (t: DocumentWrite['totals']) => ({
  gross_value: t.grossValue,
  discount_value: t.discountValue,
  cost_value: t.costValue,
  net_value: t.netValue,
  tax_value: t.taxValue,
  value: t.value,
  list_value: t.listValue,
});

/** The columns a save writes from a document, shared by insert and update. */
const headerColumns = (w: DocumentWrite) => ({
  type: w.type,
  subtype: w.subtype,
  key: w.key,
  state: w.state,
  supplier_id: w.supplier_id,
  requester_id: w.requester_id,
  group_id: w.group_id,
  plant: w.plant,
  data: json(w.data),
  ...totalsColumns(w.totals),
});

/** A page size fit to be written into the statement: an integer of 1..1000, or an error. */
function pageSize(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`page size ${n} is not an integer of 1..1000`);
  return n;
}

export function documentRepository(db: Db) {
  return {
    /**
     * One page, as a deferred join: the page's ids first (scope, filters, order, offset; the
     * unused joins are removed by the planner, so deep pages skip rows in the list index without
     * reading them: page 1,000 of a million documents 60 -> 6 ms), then the 30 rows with their
     * columns and joins, in the same order: in one statement planned once when no bound value
     * can change its plan (`planOnce`), else in two (below).
     */
    async list(q: ListQuery): Promise<DocumentRow[]> {
      const dir = q.sort.direction === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
      // without joins when nothing reads them: PostgreSQL then pages with an index-only scan
      const from = q.joins ? base(db) : db.selectFrom('documents as d');
      let ids = from.select('d.id').where(q.scope).where('d.deleted', '=', q.deleted);
      for (const c of q.conditions) ids = ids.where(c);
      // The page size as a literal (an integer of 1..200), and the first page without an offset:
      // a prepared statement whose limit is a parameter is planned anew on every call (the planner
      // cannot cost a generic plan for an unknown limit), and planning this statement costs more
      // than running it (0.8 against 0.4 ms at a million documents). Deeper pages keep their offset
      // a parameter, so page numbers do not each make a statement.
      let page = ids
        .orderBy(sql`${q.sort.expression} ${dir}`)
        .orderBy(sql`d.id ${dir}`)
        .limit(sql.lit(pageSize(q.limit)));
      if (q.offset > 0) page = page.offset(q.offset);
      if (q.planOnce) {
        const { rows } =
          await sql<DocumentRow>`${PLAN_ONCE}${builtFor(db).rowSql} inner join ${page} as "p" on "p"."id" = "d"."id" order by ${q.sort.expression} ${dir}, d.id ${dir}`.execute(
            db,
          );
        return rows;
      }
      // A page whose plan depends on its values (a filter, a search, a narrowed scope) is planned
      // on every call; planned with the rows' 29 columns and 4 joins around it, that took twice as
      // long (2.1 against 0.6 ms at a million documents). So its ids come first, then their rows
      // through a statement planned once, in the ids' order.
      const pageIds = (
        await page
          .clearSelect()
          .select(sql<string>`d.id::text`.as('id'))
          .execute()
      ).map((r) => r.id);
      if (!pageIds.length) return [];
      const { rows } =
        await sql<DocumentRow>`${PLAN_ONCE}${builtFor(db).rowSql} where d.id = any(${pageIds}::bigint[])`.execute(
          db,
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return pageIds.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The list's count: exact when at most `exactLimit` documents match (counted over a subquery
     * LIMITed to exactLimit + 1, so a huge list is never counted row by row); above that the
     * planner's row estimate of the same scoped query (EXPLAIN, nothing runs), flagged `estimated`.
     */
    async count(
      q: Omit<ListQuery, 'sort' | 'limit' | 'offset'>,
      exactLimit = countExactLimit(),
    ): Promise<{ count: number; estimated: boolean }> {
      let query = (q.joins ? base(db) : db.selectFrom('documents as d'))
        .select(sql<number>`1`.as('one'))
        .where(q.scope)
        .where('d.deleted', '=', q.deleted);
      for (const c of q.conditions) query = query.where(c);
      return cappedCount(db, query, exactLimit);
    },

    /** One document inside the scope; `lock` takes a row lock for the write that follows. */
    async find(
      scope: RawBuilder<boolean>,
      id: string,
      opts: { lock?: boolean } = {},
    ): Promise<DocumentRow | undefined> {
      let query = selectRow(db)
        .where(scope)
        .where(sql<boolean>`d.id = ${id}::bigint`);
      if (opts.lock) query = query.forUpdate('d');
      return (await query.executeTakeFirst()) as DocumentRow | undefined;
    },

    /** The next number of the tenant's model: one row per model, locked until the transaction ends. */
    async nextKeyNumber(domainId: string, model: string): Promise<string> {
      const row = await db
        .insertInto('document_key_counters')
        .values({ domain_id: domainId, model, last: 1 })
        .onConflict((oc) =>
          oc.columns(['domain_id', 'model']).doUpdateSet({ last: sql`document_key_counters.last + 1` }),
        )
        .returning(sql<string>`last::text`.as('last'))
        .executeTakeFirstOrThrow();
      return row.last;
    },

    async insert(domainId: string, model: string, userId: string, w: DocumentWrite): Promise<string> {
      const row = await db
        .insertInto('documents')
        .values({
          domain_id: domainId,
          model,
          ...headerColumns(w),
          created_by: userId,
          updated_by: userId,
        })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes only when the version still matches; answers whether a row was written. */
    async update(
      id: string,
      version: number,
      userId: string,
      w: DocumentWrite & { deleted: boolean },
    ): Promise<boolean> {
      const res = await db
        .updateTable('documents')
        .set({
          ...headerColumns(w),
          deleted: w.deleted,
          updated_by: userId,
          updated_at: new Date(),
          version: version + 1,
        })
        .where(sql<boolean>`id = ${id}::bigint`)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async purge(id: string): Promise<void> {
      await db
        .deleteFrom('documents')
        .where(sql<boolean>`id = ${id}::bigint`)
        .execute();
    },

    ...documentReferenceReads(db),
    ...documentLines(db),
  };
}

export type DocumentRepository = ReturnType<typeof documentRepository>;
