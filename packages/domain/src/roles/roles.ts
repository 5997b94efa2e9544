/** Roles and role checks of seed 000 section 6. */

export const ROLE_KEYS = [
  'admin',
  'manager',
  'buyer',
  'auditor',
  'director',
  'manager-purchasing',
  'manager-supplier',
  'requester',
  'supplier',
  'supplier-user',
  'exc',
  'cexc',
  'rfx-manager',
  'ihub-operator',
  'system',
] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

/** The user that runs background work; it can never sign in. */
export const SYSTEM_ROLE = 'system';

/** The smallest slice of a user the role rules need. */
export interface RoleHolder {
  role?: { key: string } | null;
  roles?: ReadonlyArray<{ key: string }>;
  _profile?: ReadonlyArray<string>;
}

export function roleKeys(user: RoleHolder | null | undefined): string[] {
  if (!user) return [];
  const keys = new Set<string>();
  if (user.role?.key) keys.add(user.role.key);
  for (const r of user.roles ?? []) keys.add(r.key);
  return [...keys];
}

/**
 * `spec` is a comma list of role keys; an entry with a leading `!` is a negation.
 * The check passes when the user holds at least one of the plain entries (or there are none)
 * and holds none of the negated ones. An empty spec never passes.
 */
export function hasRole(user: RoleHolder | null | undefined, spec: string | readonly string[]): boolean {
  const entries = (typeof spec === 'string' ? spec.split(',') : [...spec])
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return false;
  const held = new Set(roleKeys(user));
  const wanted = entries.filter((e) => !e.startsWith('!'));
  const refused = entries.filter((e) => e.startsWith('!')).map((e) => e.slice(1));
  if (refused.some((r) => held.has(r))) return false;
  return wanted.length === 0 || wanted.some((r) => held.has(r));
}

/** Admin or manager; only admin when `strict`. */
export function isAdminLevel(user: RoleHolder | null | undefined, strict = false): boolean {
  return hasRole(user, strict ? 'admin' : 'admin,manager');
}

/** Role supplier or supplier-user, or a supplier profile. */
export function isSupplier(user: RoleHolder | null | undefined): boolean {
  return hasRole(user, 'supplier,supplier-user') || (user?._profile ?? []).includes('supplier');
}

export function isIhub(user: RoleHolder | null | undefined): boolean {
  return roleKeys(user).some((k) => k.startsWith('ihub'));
}

export function isSystemUser(user: RoleHolder | null | undefined): boolean {
  return roleKeys(user).includes(SYSTEM_ROLE);
}

/** Access to the internal application: sidebar, group switching. Ihub roles and suppliers lack it. */
export function hasAppAccess(user: RoleHolder | null | undefined): boolean {
  if (!user || isSystemUser(user)) return false;
  return !isSupplier(user) && !isIhub(user);
}

/** Roles that see every document of a model without an explicit rule. */
export const VIEW_ALL_ROLES = [
  'admin',
  'manager',
  'buyer',
  'auditor',
  'director',
  'manager-purchasing',
  'manager-supplier',
] as const;
export const EDIT_DEFAULT_ROLES = ['admin', 'manager'] as const;

/**
 * A supplier acting as a supplier: restricted to its own company's documents, prices as net values,
 * no internal comments or staff names. A user who also holds an internal view-all role (a buyer who
 * is registered as a supplier contact too) works as that internal role: the internal role wins,
 * the same rule for the scope of queries, the edit and delete verdicts and what the web app shows.
 */
export function actsAsSupplier(user: RoleHolder | null | undefined): boolean {
  return isSupplier(user) && !hasRole(user, VIEW_ALL_ROLES);
}

/**
 * View default: the view-all roles (and suppliers on supplier models) see a model; others need the
 * model's explicit `viewRoles`.
 */
export function canViewModel(
  user: RoleHolder | null | undefined,
  model: { supplierModel?: boolean; viewRoles?: string },
): boolean {
  if (hasRole(user, VIEW_ALL_ROLES)) return true;
  if (model.supplierModel && isSupplier(user)) return true;
  return model.viewRoles ? hasRole(user, model.viewRoles) : false;
}

/**
 * Whether a supplier sees a document of the model in `state` (its own documents only; the
 * supplier check is the caller's): the model's supplierStates, every state when it names none.
 */
export function supplierSeesState(model: { supplierStates?: ReadonlyArray<string> }, state: string): boolean {
  return !model.supplierStates || model.supplierStates.includes(state);
}

/** Edit default: admin and manager only, unless the model names `editRoles`. */
export function canEditModel(user: RoleHolder | null | undefined, model: { editRoles?: string }): boolean {
  if (hasRole(user, EDIT_DEFAULT_ROLES)) return true;
  return model.editRoles ? hasRole(user, model.editRoles) : false;
}
