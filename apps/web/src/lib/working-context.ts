import type { Query, QueryClient } from '@tanstack/react-query';
import {
  GROUP_OPTION_LABELS,
  findOrgPath,
  type GroupEntry,
  type GroupOptionKey,
  type SessionUser,
  type UserConfigResponse,
  type UserContext,
  type UserGroupsResponse,
} from '@p2p/domain';
import { api } from './api-client.ts';
import { i18n } from './i18n.ts';
import { sessionStore, updateSessionUser } from './session.ts';

/**
 * The working context (group, plant, location, workgroup) travels in the x-p2p-context header of
 * every call and the server narrows lists, counts and search by it. This module changes it and makes
 * every cached answer read in the previous context go away.
 */

/** The locations and workgroups of a user; sessions stored by older builds may lack them. */
export const userLocations = (user: SessionUser): readonly GroupEntry[] => user.locations ?? [];
export const userWorkgroups = (user: SessionUser): readonly GroupEntry[] => user.workgroups ?? [];

/** Configuration answers do not depend on the working context (they do on the domain). */
const isConfigQuery = (query: Query): boolean => query.queryKey[0] === 'config';

/**
 * After the context (or the domain) changed: answers cached for pages not on screen are dropped, so
 * none shows the previous scope, and every query on screen is fetched again, cancelling the fetches
 * still running with the previous header. Not awaited by callers: the refetch runs in the background.
 */
export function refetchForNewScope(client: QueryClient, { includeConfig = false } = {}): Promise<void> {
  const inScope = (query: Query) => includeConfig || !isConfigQuery(query);
  client.removeQueries({ predicate: (query) => inScope(query) && query.getObserversCount() === 0 });
  return client.invalidateQueries({ predicate: inScope }, { cancelRefetch: true });
}

/**
 * Saves the context (POST /profile/user/config) and works in it from the next call on: the session
 * keeps exactly the context chosen, which the header then carries.
 */
export async function changeWorkingContext(context: UserContext, client: QueryClient): Promise<void> {
  const res = await api.post<UserConfigResponse>('/profile/user/config', { context });
  const user = res?.user ?? sessionStore.get().user;
  if (user) updateSessionUser({ ...user, context }, res?.token);
  void refetchForNewScope(client);
}

/**
 * The name of what the user works in: the session's group, else the picked plant of the organization
 * tree, else a group entry or list option matching the context, else the picked location or
 * workgroup, else 'Created by me' for a group choice without a group, else ''.
 */
export function currentGroupName(user: SessionUser, groups?: UserGroupsResponse): string {
  if (user.group?.name) return user.group.name;
  const ctx = user.context ?? {};
  if (ctx.plant && groups) {
    const node = findOrgPath(groups.organization, ctx.plant).at(-1);
    if (node) return node.label;
  }
  if (ctx.group) {
    const entry = [...user.groups, ...(groups?.groups ?? [])].find((g) => g._id === ctx.group);
    if (entry) return entry.name;
    if (Object.hasOwn(GROUP_OPTION_LABELS, ctx.group))
      return i18n.t(`groupOptions.${ctx.group as GroupOptionKey}`);
  }
  if (ctx.location) {
    const location = userLocations(user).find((l) => l._id === ctx.location);
    if (location) return location.name;
  }
  if (ctx.workgroup) {
    const workgroup = userWorkgroups(user).find((w) => w._id === ctx.workgroup);
    if (workgroup) return workgroup.name;
  }
  if (ctx.active === 'group' && !ctx.group) return i18n.t('groupOptions.created-by-me');
  return '';
}
