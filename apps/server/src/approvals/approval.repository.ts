import type { ApprovalConditions, ApprovalLevelSpec, DelegationSpan, DirectoryPerson } from '@p2p/domain';
import { sql, type ColumnType, type Generated } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import { withItems } from '../reference/reference.repository.ts';

/** SQL of approval rules, delegations and the tenant's people (tables of migration 0015). */

export interface ApprovalRulesTable {
  id: ColumnType<string, never, never>;
  domain_id: string;
  model: string;
  name: string;
  priority: number;
  conditions: ColumnType<ApprovalConditions, string, string>;
  levels: ColumnType<ApprovalLevelSpec[], string, string>;
  enabled: boolean;
  version: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

export interface ApprovalDelegationsTable {
  id: ColumnType<string, never, never>;
  domain_id: string;
  user_id: string;
  substitute_id: string;
  starts_on: string;
  ends_on: string;
  created_at: Generated<Date>;
}

const withApprovals = (db: Db) =>
  db.withTables<{ approval_rules: ApprovalRulesTable; approval_delegations: ApprovalDelegationsTable }>();

export interface RuleRow {
  id: string;
  model: string;
  name: string;
  priority: number;
  conditions: ApprovalConditions;
  levels: ApprovalLevelSpec[];
  enabled: boolean;
  version: number;
  updated_at: Date;
}

export interface RuleWrite {
  model: string;
  name: string;
  priority: number;
  conditions: ApprovalConditions;
  levels: ApprovalLevelSpec[];
  enabled: boolean;
}

export interface DelegationRow {
  id: string;
  user_id: string;
  user_name: string;
  substitute_id: string;
  substitute_name: string;
  starts_on: string;
  ends_on: string;
}

const writeColumns = (r: RuleWrite) => ({
  model: r.model,
  name: r.name,
  priority: r.priority,
  conditions: json(r.conditions),
  levels: json(r.levels),
  enabled: r.enabled,
});

export function approvalRepository(db: Db) {
  const q = withApprovals(db);
  const ruleColumns = [
    sql<string>`id::text`.as('id'),
    'model',
    'name',
    'priority',
    'conditions',
    'levels',
    'enabled',
    'version',
    'updated_at',
  ] as const;

  return {
    /** The tenant's rules, of one model or all, in the order they apply. */
    async rules(domainId: string, model?: string): Promise<RuleRow[]> {
      let query = q.selectFrom('approval_rules').select(ruleColumns).where('domain_id', '=', domainId);
      if (model) query = query.where('model', '=', model);
      return (await query.orderBy('model').orderBy('priority').orderBy('id').execute()) as RuleRow[];
    },

    async rule(domainId: string, id: string): Promise<RuleRow | undefined> {
      return (await q
        .selectFrom('approval_rules')
        .select(ruleColumns)
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`id = ${id}::bigint`)
        .executeTakeFirst()) as RuleRow | undefined;
    },

    async insertRule(domainId: string, userId: string | null, r: RuleWrite): Promise<string> {
      const row = await q
        .insertInto('approval_rules')
        .values({ domain_id: domainId, ...writeColumns(r), updated_by: userId })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes only over the version the caller read; answers whether a row was written. */
    async updateRule(domainId: string, id: string, version: number, userId: string, r: RuleWrite) {
      const res = await q
        .updateTable('approval_rules')
        .set({ ...writeColumns(r), version: version + 1, updated_at: new Date(), updated_by: userId })
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`id = ${id}::bigint`)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async deleteRule(domainId: string, id: string): Promise<boolean> {
      const res = await q
        .deleteFrom('approval_rules')
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`id = ${id}::bigint`)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /**
     * The active internal users of the tenant with every role they hold: the candidates of roles,
     * committees and substitutes. Suppliers and the system user never approve.
     */
    async people(domainId: string): Promise<DirectoryPerson[]> {
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('user_roles as r', 'r.user_id', 'u.id')
        .select(['u.id', 'u.name', 'u.role_key', 'r.role_key as extra'])
        .where('u.domain_id', '=', domainId)
        .where('u.status', '=', 'active')
        .where('u.supplier_id', 'is', null)
        .where('u.role_key', 'not in', ['supplier', 'supplier-user', 'system'])
        .where(sql<boolean>`not ('supplier' = any(u.profile))`)
        .orderBy('u.name')
        .orderBy('u.id')
        .execute();
      const byId = new Map<string, { _id: string; name: string; roles: Set<string> }>();
      for (const r of rows) {
        let p = byId.get(r.id);
        if (!p) byId.set(r.id, (p = { _id: r.id, name: r.name, roles: new Set([r.role_key]) }));
        if (r.extra) p.roles.add(r.extra);
      }
      return [...byId.values()].map((p) => ({ _id: p._id, name: p.name, roles: [...p.roles] }));
    },

    /** The delegations running on `day` (yyyy-MM-dd) in the tenant. */
    async delegationsOn(domainId: string, day: string): Promise<DelegationSpan[]> {
      const rows = await q
        .selectFrom('approval_delegations')
        .select([
          'user_id',
          'substitute_id',
          sql<string>`starts_on::text`.as('starts_on'),
          sql<string>`ends_on::text`.as('ends_on'),
        ])
        .where('domain_id', '=', domainId)
        .where(sql<boolean>`starts_on <= ${day}::date and ends_on >= ${day}::date`)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        user: r.user_id,
        substitute: r.substitute_id,
        startsOn: r.starts_on,
        endsOn: r.ends_on,
      }));
    },

    /** A user's delegations (those ended more than `since` ago are history and left out). */
    async delegationsOf(domainId: string, userId: string, since: string): Promise<DelegationRow[]> {
      return (await q
        .selectFrom('approval_delegations as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .innerJoin('users as s', 's.id', 'a.substitute_id')
        .select([
          sql<string>`a.id::text`.as('id'),
          'a.user_id',
          'u.name as user_name',
          'a.substitute_id',
          's.name as substitute_name',
          sql<string>`a.starts_on::text`.as('starts_on'),
          sql<string>`a.ends_on::text`.as('ends_on'),
        ])
        .where('a.domain_id', '=', domainId)
        .where('a.user_id', '=', userId)
        .where(sql<boolean>`a.ends_on >= ${since}::date`)
        .orderBy('a.starts_on')
        .orderBy('a.id')
        .execute()) as DelegationRow[];
    },

    async insertDelegation(
      domainId: string,
      d: { userId: string; substituteId: string; startsOn: string; endsOn: string },
    ): Promise<string> {
      const row = await q
        .insertInto('approval_delegations')
        .values({
          domain_id: domainId,
          user_id: d.userId,
          substitute_id: d.substituteId,
          starts_on: d.startsOn,
          ends_on: d.endsOn,
        })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Removes one of the user's own delegations; false when it is not theirs (or gone). */
    async deleteDelegation(domainId: string, userId: string, id: string): Promise<boolean> {
      const res = await q
        .deleteFrom('approval_delegations')
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .where(sql<boolean>`id = ${id}::bigint`)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /** The catalogue's UNSPSC code of each item code (one query for every line of a document). */
    async unspscOf(domainId: string, codes: ReadonlyArray<string>): Promise<Map<string, string>> {
      if (!codes.length) return new Map();
      const rows = await withItems(db)
        .selectFrom('items')
        .select(['code', 'unspsc'])
        .where('domain_id', '=', domainId)
        .where('code', 'in', [...new Set(codes)])
        .execute();
      return new Map(rows.filter((r) => r.unspsc).map((r) => [r.code, r.unspsc as string]));
    },
  };
}

export type ApprovalRepository = ReturnType<typeof approvalRepository>;
