import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { Db, Json } from '../db/database.ts';
import { json } from '../db/database.ts';

/** SQL of the stored report queries (migration 0020). Every query is scoped by the tenant. */

export interface ReportQueriesTable {
  id: ColumnType<string, never, never>;
  domain_id: string;
  owner_id: string | null;
  type: 'user-query' | 'system-query';
  name: string;
  source: string | null;
  body: Json<Record<string, unknown>>;
  editable: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

export interface ReportRow {
  id: string;
  owner_id: string | null;
  type: 'user-query' | 'system-query';
  name: string;
  source: string | null;
  body: Record<string, unknown>;
  editable: boolean;
  updated_at: Date;
}

export interface ReportWrite {
  type: 'user-query' | 'system-query';
  name: string;
  source: string | null;
  body: Record<string, unknown>;
}

/** Stored ids are bigint keys (the built-in system queries have names instead). */
export const isStoredId = (id: string): boolean => /^[0-9]{1,18}$/.test(id);

const COLUMNS = [
  sql<string>`id::text`.as('id'),
  'owner_id',
  'type',
  'name',
  'source',
  'body',
  'editable',
  'updated_at',
] as const;

export function reportRepository(base: Db) {
  const db = base.withTables<{ report_queries: ReportQueriesTable }>();
  /** The caller's own reports and the tenant's shared ones (owner null). */
  const visible = (domainId: string, userId: string) =>
    db
      .selectFrom('report_queries')
      .select(COLUMNS)
      .where('domain_id', '=', domainId)
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('owner_id', 'is', null)]));
  return {
    async find(domainId: string, userId: string, id: string): Promise<ReportRow | undefined> {
      return (await visible(domainId, userId)
        .where(sql<boolean>`id = ${id}::bigint`)
        .executeTakeFirst()) as ReportRow | undefined;
    },

    async list(domainId: string, userId: string, limit = 500): Promise<ReportRow[]> {
      return (await visible(domainId, userId).orderBy('id', 'desc').limit(limit).execute()) as ReportRow[];
    },

    async insert(domainId: string, ownerId: string | null, userId: string, w: ReportWrite): Promise<string> {
      const row = await db
        .insertInto('report_queries')
        .values({ domain_id: domainId, owner_id: ownerId, ...w, body: json(w.body), updated_by: userId })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      domainId: string,
      id: string,
      userId: string,
      ownerId: string | null,
      w: ReportWrite,
    ): Promise<void> {
      await db
        .updateTable('report_queries')
        .set({ ...w, owner_id: ownerId, body: json(w.body), updated_by: userId, updated_at: new Date() })
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`id = ${id}::bigint`)
        .execute();
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;
