import {
  canViewModel,
  hasRole,
  actsAsSupplier,
  hasAppAccess,
  isIhub,
  isSystemUser,
  VIEW_ALL_ROLES,
  workflowOf,
  type RoleHolder,
  type SessionUser,
} from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import { AppError } from '../lib/app-error.ts';
import type { ModelConfig } from './model-config.ts';

/**
 * THE permission choke point of the document engine (seed 000 section 6). Every list, count, read,
 * update, delete, restore, purge and edit lock query is filtered by `documentScope(...).where`;
 * deny by default: a caller without a rule gets `false`, so documents outside the scope simply
 * do not exist for that caller (404, never 403).
 *
 * - view-all roles (admin, manager, buyer, auditor, director, manager-purchasing,
 *   manager-supplier): every document of the model in the caller's domain;
 * - suppliers: on supplier models only (order, contract, complaint, reception, supplier), and only
 *   documents whose supplier is their own company, from the state in which the document is sent
 *   to them (the model's supplierStates: never a draft, an approval or a rejection);
 * - other roles granted by the model's viewRoles (e.g. requester): documents they created, are the
 *   requester, recipient or manager of, or that belong to one of their groups;
 * - everyone else: nothing.
 */
export interface DocumentScope {
  /** what the caller may read and write at all: reads, saves, workflow, trash */
  where: RawBuilder<boolean>;
  /** `where` narrowed by the working context of the call: lists, counts, search, reports */
  listWhere: RawBuilder<boolean>;
  /** false when the caller cannot see the model at all (lists answer 403) */
  canView: boolean;
  /**
   * `where` (and `listWhere` when `listNarrowed` is false) is the whole model of the tenant: no
   * value of the caller's rule can change the plan of a query over it (see db/prepared-pool.ts)
   */
  wholeModel: boolean;
  /** the working context narrows `listWhere` */
  listNarrowed: boolean;
}

const seesAll = (user: RoleHolder) => hasRole(user, VIEW_ALL_ROLES);

/**
 * The caller is requester, recipient or manager of the row, one of its assignees (an approver the
 * approval rules named must see what waits for them), or shares its group.
 */
function involvement(user: SessionUser): RawBuilder<boolean> {
  const groups = user.groups.map((g) => sql`${g._id}`);
  const groupMatch = groups.length ? sql`d.group_id in (${sql.join(groups)})` : sql`false`;
  return sql<boolean>`(d.requester_id = ${user._id}
    or d.data #>> '{recipient,_id}' = ${user._id}
    or d.data #>> '{manager,_id}' = ${user._id}
    or d.data -> 'assignees' @> ${JSON.stringify([{ _id: user._id }])}::jsonb
    or ${groupMatch})`;
}

/**
 * The states in which a workflow step names one of the user's roles (not 'assigned' nor admin
 * level), and the states those steps lead to: the system user, whose integration steps move
 * orders from erp to erp-done, sees the documents its steps act on without a view rule of its own.
 */
function actingStates(user: SessionUser, model: ModelConfig): string[] {
  const states = new Set<string>();
  for (const t of workflowOf(model).transitions) {
    const roles = (typeof t.roles === 'string' ? t.roles.split(',') : [...(t.roles ?? [])])
      .map((r) => r.trim())
      .filter((r) => r && !r.startsWith('!') && r !== 'assigned');
    if (!roles.length || !hasRole(user, roles)) continue;
    for (const from of t.from) states.add(from);
    // and where the step leads, so the role still sees the outcome of its own step
    const to = (t as { to?: string }).to;
    if (to) states.add(to);
  }
  return [...states];
}

/**
 * Ihub roles see the integration monitor and nothing else of the app (seed 000 sections 2 and 6):
 * no document of the engine, not even those their monitor lists (it carries each message's
 * document key and state itself, and the erp steps are the integration's, not theirs). The ERP
 * worker acts as the tenant's system user, which keeps the states of its own steps.
 */
export const monitorOnly = (user: SessionUser): boolean =>
  isIhub(user) && !isSystemUser(user) && !seesAll(user);

export function documentScope(auth: AuthContext, model: ModelConfig): DocumentScope {
  const { user } = auth;
  const base = sql`d.domain_id = ${auth.domainId} and d.model = ${model.name}`;
  const acting = seesAll(user) || actsAsSupplier(user) ? [] : actingStates(user, model);
  const canView = !monitorOnly(user) && (canViewModel(user, model.permissions) || acting.length > 0);
  let rule: RawBuilder<unknown>;
  if (!canView) rule = sql`false`;
  else if (seesAll(user)) rule = sql`true`;
  else if (actsAsSupplier(user)) {
    const supplierId = user.supplier?._id;
    const states = model.permissions.supplierStates;
    if (!model.permissions.supplierModel || !supplierId) rule = sql`false`;
    else if (!states) rule = sql`d.supplier_id = ${supplierId}`;
    else if (!states.length) rule = sql`false`;
    else
      rule = sql`(d.supplier_id = ${supplierId} and d.state in (${sql.join(states.map((s) => sql`${s}`))}))`;
  } else {
    const own = sql`(d.created_by = ${user._id} or ${involvement(user)})`;
    rule = acting.length ? sql`(${own} or d.state in (${sql.join(acting.map((s) => sql`${s}`))}))` : own;
  }
  const where = sql<boolean>`(${base} and ${rule})`;
  const narrowed = contextFilter(auth);
  return {
    where,
    listWhere: narrowed ? sql<boolean>`(${where} and ${narrowed})` : where,
    canView,
    wholeModel: canView && seesAll(user),
    listNarrowed: narrowed !== null,
  };
}

/**
 * The working context of the group drawer (seed 000 sections 2, 4 and 6) as a filter. It only
 * narrows what the scope already allows, so a context the client made up can never widen it:
 * - a plant picked in the organization tree: the documents of that plant;
 * - a group: the documents of that group and of the groups below it in the organization tree (a
 *   company's group covers its plants); 'All': no narrowing; 'All groups': the user's groups;
 *   'Created by me' (group null): created by the user; 'My Plants': the plants of the user's
 *   filter; 'Contracts managed by me': the user is the manager; 'Assigned to me': an assignee;
 * - a location: the documents delivered there; a workgroup: created or requested by its members.
 * Suppliers and integration roles have no working context (they cannot switch group).
 */
function contextFilter(auth: AuthContext): RawBuilder<boolean> | null {
  const context = auth.context;
  if (!context || !hasAppAccess(auth.user)) return null;
  const parts: RawBuilder<boolean>[] = [];
  if (context.active === 'organization') {
    if (context.plant) parts.push(sql<boolean>`d.plant = ${context.plant}`);
  } else if (context.active === 'group' || context.group) {
    const group = groupFilter(auth, context.group ?? null);
    if (group) parts.push(group);
  }
  if (context.location) parts.push(sql<boolean>`d.data #>> '{location,_id}' = ${context.location}`);
  if (context.workgroup) {
    const members = sql`(select uw.user_id from user_workgroups uw where uw.workgroup_id = ${context.workgroup})`;
    parts.push(sql<boolean>`(d.created_by in ${members} or d.requester_id in ${members})`);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : null;
}

function groupFilter(auth: AuthContext, group: string | null): RawBuilder<boolean> | null {
  const { user } = auth;
  const me = user._id;
  switch (group) {
    case null:
    case 'created-by-me':
      return sql<boolean>`d.created_by = ${me}`;
    case 'all':
      return null;
    case 'all-groups':
      return anyOf(
        sql`d.group_id`,
        user.groups.map((g) => g._id),
      );
    case 'my-plants':
      return anyOf(sql`d.plant`, user.filter.plant ?? []);
    case 'contracts-managed':
      return sql<boolean>`d.data #>> '{manager,_id}' = ${me}`;
    case 'assigned':
      return sql<boolean>`d.data -> 'assignees' @> ${JSON.stringify([{ _id: me }])}::jsonb`;
    default:
      // a company's group covers the groups of the plants below it in the organization tree
      return sql<boolean>`d.group_id in (
        with recursive below(id, group_id) as (
          select n.id, n.group_id from org_nodes n where n.domain_id = ${auth.domainId} and n.group_id = ${group}
          union all
          select n.id, n.group_id from org_nodes n join below b on n.parent_id = b.id
        )
        select ${group}::text union select group_id from below where group_id is not null)`;
  }
}

const anyOf = (column: RawBuilder<unknown>, values: ReadonlyArray<string>): RawBuilder<boolean> =>
  values.length
    ? sql<boolean>`${column} in (${sql.join(values.map((v) => sql`${v}`))})`
    : sql<boolean>`false`;

export const assertModelVisible = (scope: DocumentScope, model: ModelConfig): void => {
  if (!scope.canView) throw new AppError('forbidden', `You are not allowed to view model '${model.name}'.`);
};
