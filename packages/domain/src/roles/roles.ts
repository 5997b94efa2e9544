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
 * The entries of comma-list specs already split. Every request checks dozens of specs (scope,
 * actions, fields, look-ups) and they are few: the `permissions` strings of the model configurations
 * and the code's. Bounded: past the bound (an administrator editing configurations for a long time)
 * a spec is split on every call, as before.
 */
const splitSpecs = new Map<string, readonly string[]>();
const MAX_SPLIT_SPECS = 5000;

function entriesOf(spec: string): readonly string[] {
  let out = splitSpecs.get(spec);
  if (!out) {
    out = spec.split(',');
    if (splitSpecs.size < MAX_SPLIT_SPECS) splitSpecs.set(spec, out);
  }
  return out;
}

/** Whether the user holds `key`, as its main role or one of its roles. */
function holds(user: RoleHolder | null | undefined, key: string): boolean {
  if (!user) return false;
  if (user.role?.key === key) return true;
  for (const r of user.roles ?? []) if (r.key === key) return true;
  return false;
}

/**
 * `spec` is a comma list of role keys; an entry with a leading `!` is a negation.
 * The check passes when the user holds at least one of the plain entries (or there are none)
 * and holds none of the negated ones. An empty spec never passes.
 */
export function hasRole(user: RoleHolder | null | undefined, spec: string | readonly string[]): boolean {
  // one pass, no sets or lists built: this runs many times per request
  let entries = 0;
  let wanted = 0;
  let held = false;
  for (const raw of typeof spec === 'string' ? entriesOf(spec) : spec) {
    const entry = raw.trim();
    if (!entry) continue;
    entries++;
    if (entry.startsWith('!')) {
      if (holds(user, entry.slice(1))) return false;
    } else {
      wanted++;
      if (!held) held = holds(user, entry);
    }
  }
  return entries > 0 && (wanted === 0 || held);
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
  if (user?.role?.key.startsWith('ihub')) return true;
  return (user?.roles ?? []).some((r) => r.key.startsWith('ihub'));
}

export function isSystemUser(user: RoleHolder | null | undefined): boolean {
  return holds(user, SYSTEM_ROLE);
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
