import { sql, type ColumnType, type Expression, type SqlBool } from 'kysely';
import { cappedCount } from '../db/capped-count.ts';
import type { Db, Json } from '../db/database.ts';
import { json } from '../db/database.ts';

/**
 * SQL of audit_events (migration 0013): append, list and export, always inside one domain. The
 * table refuses UPDATE, DELETE and TRUNCATE itself; this repository never tries them.
 */

type Changes = Record<string, unknown> | null;

export interface AuditEventsTable {
  id: ColumnType<string, never, never>;
  domain_id: string;
  at: ColumnType<Date, never, never>;
  actor_id: string | null;
  actor_username: string | null;
  actor_address: string | null;
  entity: string;
  entity_id: string;
  model: string | null;
  action: string;
  before: Json<Changes>;
  after: Json<Changes>;
  detail: Json<unknown>;
}

/** The table is described here, beside its only SQL, rather than in the shared Database type. */
type AuditDb = { audit_events: AuditEventsTable };
const auditDb = (db: Db) => db.$extendTables<AuditDb>();

export interface AuditWrite {
  domainId: string;
  actorId: string | null;
  actorUsername: string | null;
  actorAddress: string | null;
  entity: string;
  entityId: string;
  model: string | null;
  action: string;
  before: Changes;
  after: Changes;
  detail: unknown;
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  model?: string;
  /** a username or a user id */
  actor?: string;
  action?: string;
  /** inclusive lower bound */
  from?: Date;
  /** exclusive upper bound */
  to?: Date;
}

export interface AuditRow {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_username: string | null;
  actor_address: string | null;
  entity: string;
  entity_id: string;
  model: string | null;
  action: string;
  before: Changes;
  after: Changes;
  detail: unknown;
}

/**
 * Where a keyset page starts: after this event (newest first). `at` is the stored text of the time
 * (microseconds; a JS Date keeps milliseconds only and would skip events of the same millisecond).
 */
export interface AuditCursor {
  at: string;
  id: string;
}

const COLUMNS = [
  sql<string>`id::text`.as('id'),
  'at',
  'actor_id',
  'actor_username',
  'actor_address',
  'entity',
  'entity_id',
  'model',
  'action',
  'before',
  'after',
  'detail',
] as const;

export function auditRepository(db: Db) {
  const adb = auditDb(db);

  function matching(domainId: string, f: AuditFilter) {
    let query = adb.selectFrom('audit_events').where('domain_id', '=', domainId);
    if (f.entity) query = query.where('entity', '=', f.entity);
    if (f.entityId) query = query.where('entity_id', '=', f.entityId);
    if (f.model) query = query.where('model', '=', f.model);
    if (f.action) query = query.where('action', '=', f.action);
    if (f.actor) {
      const actor = f.actor;
      query = query.where((eb) => eb.or([eb('actor_username', '=', actor), eb('actor_id', '=', actor)]));
    }
    if (f.from) query = query.where('at', '>=', f.from as never);
    if (f.to) query = query.where('at', '<', f.to as never);
    return query;
  }

  return {
    /** Writes one event; pass the caller's transaction so a rolled-back change records nothing. */
    async append(e: AuditWrite): Promise<void> {
      await adb
        .insertInto('audit_events')
        .values({
          domain_id: e.domainId,
          actor_id: e.actorId,
          actor_username: e.actorUsername,
          actor_address: e.actorAddress,
          entity: e.entity,
          entity_id: e.entityId,
          model: e.model,
          action: e.action,
          before: json(e.before),
          after: json(e.after),
          detail: json(e.detail ?? null),
        })
        .execute();
    },

    /** One page, newest first (offset paging, like the document lists). */
    page(domainId: string, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
      return matching(domainId, f)
        .select(COLUMNS)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute() as Promise<AuditRow[]>;
    },

    /** Exact up to the count cap, the planner's estimate above it. */
    count(domainId: string, f: AuditFilter) {
      return cappedCount(db, matching(domainId, f).select(sql<number>`1`.as('one')));
    },

    /**
     * The next `limit` events after `cursor` (newest first): a keyset page, so an export of 100,000
     * events costs the same per batch at its end as at its start.
     */
    after(
      domainId: string,
      f: AuditFilter,
      cursor: AuditCursor | null,
      limit: number,
    ): Promise<Array<AuditRow & { at_key: string }>> {
      let query = matching(domainId, f);
      if (cursor) {
        const older: Expression<SqlBool> = sql<SqlBool>`(at, id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`;
        query = query.where(older);
      }
      return query
        .select([...COLUMNS, sql<string>`at::text`.as('at_key')])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute() as Promise<Array<AuditRow & { at_key: string }>>;
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
