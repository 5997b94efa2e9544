import {
  GROUP_OPTION_LABELS,
  roleName,
  type GroupEntry,
  type GroupOptionKey,
  type SessionUser,
} from '@p2p/domain';
import type { UserRepository, UserRow } from './user.repository.ts';

/** Builds the SessionUser of the contract from a user row plus its roles and groups. */
export async function toSessionUser(users: UserRepository, row: UserRow): Promise<SessionUser> {
  const [roles, groups, places] = await Promise.all([
    users.roles(row.id),
    users.groups(row.domain_id, row.id),
    users.places(row.id),
  ]);
  // role names in the user's language (the header and the account page show them)
  const named = (r: { key: string; name: string }) => ({
    key: r.key,
    name: roleName(r.key, row.lang, r.name),
  });
  const role = named({ key: row.role_key, name: row.role_name });
  // The primary role always leads the list, even if user_roles lacks it.
  const allRoles = [role, ...roles.filter((r) => r.key !== role.key).map(named)];
  const context = row.context ?? {};
  const group = await contextGroup(users, row.domain_id, groups, context.group ?? null);
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role,
    roles: allRoles,
    lang: row.lang,
    domain: row.domain_id,
    supplier: row.supplier_id ? { _id: row.supplier_id, name: row.supplier_name ?? '' } : null,
    _profile: row.profile ?? [],
    group,
    groups,
    locations: places.locations,
    workgroups: places.workgroups,
    filter: row.filter ?? {},
    filterData: row.filter_data,
    context,
  };
}

/**
 * The group the user works in: one of their groups, a group-list option ('All', 'Created by me', ...)
 * or a company or plant picked in the organization tree.
 */
async function contextGroup(
  users: UserRepository,
  domainId: string,
  own: GroupEntry[],
  groupId: string | null,
): Promise<GroupEntry | null> {
  if (!groupId) return null;
  const mine = own.find((g) => g._id === groupId);
  if (mine) return mine;
  if (groupId in GROUP_OPTION_LABELS) {
    return { _id: groupId, key: groupId, name: GROUP_OPTION_LABELS[groupId as GroupOptionKey] };
  }
  return users.contextGroup(domainId, groupId);
}
