import { ROLE_KEYS, type RoleKey } from '@p2p/domain';
import type { Db } from '../db/database.ts';

/** Human labels of the role keys; the roles table is reference data needed even without demo data. */
export const ROLE_NAMES: Record<RoleKey, string> = {
  admin: 'Administrator',
  manager: 'Manager',
  buyer: 'Buyer',
  auditor: 'Auditor',
  director: 'Director',
  'manager-purchasing': 'Purchasing Manager',
  'manager-supplier': 'Supplier Manager',
  requester: 'Requester',
  supplier: 'Supplier',
  'supplier-user': 'Supplier User',
  exc: 'Exception Approver',
  cexc: 'Contract Exception Approver',
  'rfx-manager': 'RFx Manager',
  'ihub-operator': 'Integration Hub Operator',
  system: 'System',
};

export async function ensureRoles(db: Db): Promise<void> {
  await db
    .insertInto('roles')
    .values(ROLE_KEYS.map((key) => ({ key, name: ROLE_NAMES[key] })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
