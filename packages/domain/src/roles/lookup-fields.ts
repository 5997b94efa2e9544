/**
 * Which role sees which field of the directory and the reference look-ups (users, suppliers,
 * catalogue items). Every field not named here is seen by every caller who may use the look-up;
 * a field named here is answered only to the roles listed for it. The server narrows each answer
 * with `lookupEntryNarrower`; the answer schemas mark these fields optional.
 */
import { hasRole, VIEW_ALL_ROLES, type RoleHolder } from './roles.ts';

/** Roles that work with colleagues: they see a user's e-mail address, role and supplier link. */
export const STAFF_DIRECTORY_ROLES = [...VIEW_ALL_ROLES, 'rfx-manager'] as const;

/** Roles that keep supplier master data: VAT number, address, bank details and status. */
export const SUPPLIER_DATA_ROLES = ['admin', 'manager', 'manager-supplier'] as const;

/** Roles that buy (orders, sourcing): they see catalogue prices. */
export const CATALOGUE_PRICE_ROLES = [
  'admin',
  'manager',
  'buyer',
  'manager-purchasing',
  'rfx-manager',
] as const;

export const LOOKUP_FIELD_ROLES = {
  user: { email: STAFF_DIRECTORY_ROLES, role: STAFF_DIRECTORY_ROLES, supplier: STAFF_DIRECTORY_ROLES },
  supplier: {
    vat: SUPPLIER_DATA_ROLES,
    address: SUPPLIER_DATA_ROLES,
    iban: SUPPLIER_DATA_ROLES,
    status: SUPPLIER_DATA_ROLES,
  },
  item: { price: CATALOGUE_PRICE_ROLES },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type LookupKind = keyof typeof LOOKUP_FIELD_ROLES;

/** Whether the caller may see `field` of a `kind` look-up entry. */
export function mayViewLookupField(
  user: RoleHolder | null | undefined,
  kind: LookupKind,
  field: string,
): boolean {
  const roles = (LOOKUP_FIELD_ROLES[kind] as Record<string, readonly string[]>)[field];
  return roles ? hasRole(user, roles) : true;
}

/** The fields of a `kind` entry the caller may not see. */
function hiddenLookupFields(user: RoleHolder | null | undefined, kind: LookupKind): string[] {
  return Object.keys(LOOKUP_FIELD_ROLES[kind]).filter((field) => !mayViewLookupField(user, kind, field));
}

/**
 * What narrows every entry of one answer to the fields the caller may see: a copy without the
 * others (the entry is left as it is), or the entry itself when the caller may see every field. The
 * hidden fields are worked out once per answer, not per entry.
 */
export function lookupEntryNarrower(
  user: RoleHolder | null | undefined,
  kind: LookupKind,
): <T extends object>(entry: T) => T {
  const hidden = hiddenLookupFields(user, kind);
  if (!hidden.length) return (entry) => entry;
  return (entry) => {
    const out = { ...entry } as Record<string, unknown>;
    for (const field of hidden) delete out[field];
    return out as typeof entry;
  };
}
