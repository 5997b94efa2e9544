import {
  canViewModel,
  hasRole,
  isAdminLevel,
  actsAsSupplier,
  VIEW_ALL_ROLES,
  type RoleHolder,
  type SessionUser,
} from '@p2p/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AuthContext } from '../auth/auth.service.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
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
 *   documents whose supplier is their own company;
 * - other roles granted by the model's viewRoles (e.g. requester): documents they created, are the
 *   requester, recipient or manager of, or that belong to one of their groups;
 * - everyone else: nothing.
 */
export interface DocumentScope {
  where: RawBuilder<boolean>;
  /** false when the caller cannot see the model at all (lists answer 403) */
  canView: boolean;
}

const seesAll = (user: RoleHolder) => hasRole(user, VIEW_ALL_ROLES);

/** The caller is requester, recipient or manager of the row, or shares its group. */
function involvement(user: SessionUser): RawBuilder<boolean> {
  const groups = user.groups.map((g) => sql`${g._id}`);
  const groupMatch = groups.length ? sql`d.group_id in (${sql.join(groups)})` : sql`false`;
  return sql<boolean>`(d.requester_id = ${user._id}
    or d.data #>> '{recipient,_id}' = ${user._id}
    or d.data #>> '{manager,_id}' = ${user._id}
    or ${groupMatch})`;
}

export function documentScope(auth: AuthContext, model: ModelConfig): DocumentScope {
  const { user } = auth;
  const base = sql`d.domain_id = ${auth.domainId} and d.model = ${model.name}`;
  const canView = canViewModel(user, model.permissions);
  let rule: RawBuilder<unknown>;
  if (!canView) rule = sql`false`;
  else if (seesAll(user)) rule = sql`true`;
  else if (actsAsSupplier(user)) {
    const supplierId = user.supplier?._id;
    rule = model.permissions.supplierModel && supplierId ? sql`d.supplier_id = ${supplierId}` : sql`false`;
  } else rule = sql`(d.created_by = ${user._id} or ${involvement(user)})`;
  return { where: sql<boolean>`(${base} and ${rule})`, canView };
}

export function assertCanPurge(auth: AuthContext): void {
  if (!isAdminLevel(auth.user)) throw forbidden('Only administrators can purge documents.');
}

/** Supplier writes are pinned to the caller's own supplier company. */
export const pinnedSupplier = (auth: AuthContext): string | null =>
  actsAsSupplier(auth.user) ? (auth.user.supplier?._id ?? null) : null;

export const assertModelVisible = (scope: DocumentScope, model: ModelConfig): void => {
  if (!scope.canView) throw new AppError('forbidden', `You are not allowed to view model '${model.name}'.`);
};
