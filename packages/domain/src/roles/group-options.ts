import type { GroupEntry, GroupOption, GroupOptionKey } from '../api/contract.ts';
import { hasAppAccess, hasRole, type RoleHolder } from './roles.ts';

export const GROUP_OPTION_LABELS: Record<GroupOptionKey, string> = {
  all: 'All',
  assigned: 'Assigned to me',
  'contracts-managed': 'Contracts managed by me',
  'my-plants': 'My Plants',
  'all-groups': 'All groups',
  'created-by-me': 'Created by me',
};

export interface GroupOptionsUser extends RoleHolder {
  groups?: ReadonlyArray<GroupEntry>;
  filterData?: boolean;
  filter?: { plant?: ReadonlyArray<string> };
}

/** Domain settings that switch on the cst and ltd role rules ("when required"). */
export interface GroupOptionSettings {
  cstRequired?: boolean;
  ltdRequired?: boolean;
}

/**
 * The options of the group list (seed 000 section 6), in display order, and whether the user's own
 * group entries are listed after them.
 */
export function groupListOptions(
  user: GroupOptionsUser,
  settings: GroupOptionSettings = {},
): { options: GroupOption[]; showGroups: boolean } {
  const limited = Boolean(settings.ltdRequired) && hasRole(user, 'ltd');
  const keys: GroupOptionKey[] = [];
  if (hasRole(user, 'buyer,auditor,director,manager-purchasing,manager-supplier')) keys.push('all');
  if (settings.cstRequired && hasRole(user, 'cst')) keys.push('assigned');
  if (!limited) keys.push('contracts-managed');
  if (!limited && user.filterData === true && (user.filter?.plant?.length ?? 0) > 0) keys.push('my-plants');
  if ((user.groups?.length ?? 0) > 1) keys.push('all-groups');
  keys.push('created-by-me');
  return { options: keys.map((key) => ({ key, label: GROUP_OPTION_LABELS[key] })), showGroups: !limited };
}

/** Group switching needs app access. */
export const canSwitchGroup = (user: RoleHolder | null | undefined): boolean => hasAppAccess(user);
