import type { ActivityKind } from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

export interface ActivityRow {
  id: string;
  key: string | null;
  description: string | null;
  name: string | null;
}

/** A decimal text of a consumed quantity, else null (true, false, junk): read without a cast error. */
const consumed = sql`case when jsonb_typeof(l.data -> '_cq') in ('number', 'string')
    and (l.data ->> '_cq') ~ '^-?[0-9]+(\\.[0-9]+)?$' then (l.data ->> '_cq')::numeric end`;

/**
 * An order line still to be received: not a tax line, and neither marked consumed (`_cq: true`)
 * nor consumed up to its quantity.
 */
const notFullyReceived = sql<boolean>`exists (
  select 1 from document_lines l
  where l.document_id = d.id and coalesce(l.data ->> 'type', '') <> 'tax'
    and l.data -> '_cq' is distinct from 'true'::jsonb
    and coalesce(${consumed} >= l.quantity, false) = false)`;

/** The conditions of a kind beyond the caller's scope (the SQL of the kinds of activity/kinds.ts). */
function kindConditions(kind: ActivityKind, userId: string): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = [];
  if (kind.states) out.push(sql<boolean>`d.state in (${sql.join(kind.states.map((s) => sql`${s}`))})`);
  if (kind.mine === 'working')
    out.push(
      sql<boolean>`(d.created_by = ${userId} or d.updated_by = ${userId} or d.requester_id = ${userId})`,
    );
  if (kind.mine === 'approver')
    out.push(sql<boolean>`d.data -> 'assignees' @> ${JSON.stringify([{ _id: userId }])}::jsonb`);
  if (kind.approvalStep) out.push(sql<boolean>`d.data #>> '{approval,state}' = ${kind.approvalStep}`);
  if (kind.notFullyReceived) out.push(notFullyReceived);
  return out;
}

/** Kysely and SQL only: the documents of one activity kind. */
export function activityRepository(db: Db) {
  return {
    /** The newest documents of the kind inside `scope` (the caller's document scope), not deleted. */
    async documents(
      scope: RawBuilder<boolean>,
      kind: ActivityKind,
      userId: string,
      limit: number,
    ): Promise<ActivityRow[]> {
      const rows = await db
        .selectFrom('documents as d')
        .select([
          sql<string>`d.id::text`.as('id'),
          'd.key',
          sql<string | null>`d.data ->> 'description'`.as('description'),
          sql<string | null>`d.data ->> 'name'`.as('name'),
        ])
        .where(scope)
        .where('d.model', '=', kind.model)
        .where('d.deleted', '=', false)
        .where((eb) => eb.and(kindConditions(kind, userId)))
        .orderBy('d.updated_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
      return rows as ActivityRow[];
    },
  };
}
