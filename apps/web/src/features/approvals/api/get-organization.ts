import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgNode, UserGroupsResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /profile/user/groups: the groups and plants a rule's conditions choose from. The shell and the
 * documents feature read the same endpoint under the same key, so one answer serves them all.
 */
export const organizationQuery = () =>
  queryOptions({
    queryKey: ['profile', 'user', 'groups'],
    queryFn: () => api.get<UserGroupsResponse>('/profile/user/groups'),
    staleTime: 5 * 60_000,
  });

export interface Choice {
  value: string;
  label: string;
}

function walk(
  nodes: ReadonlyArray<OrgNode>,
  out: { groups: Map<string, string>; plants: Map<string, string> },
) {
  for (const n of nodes) {
    if (n.group?._id && !out.groups.has(n.group._id)) out.groups.set(n.group._id, n.label);
    if (n.type === 'plant') out.plants.set(n.key, n.label);
    walk(n.children ?? [], out);
  }
}

/** The groups (by id) and plants (by key) of the organization, named. */
export function useOrganizationChoices() {
  return useQuery({
    ...organizationQuery(),
    select: (answer): { groups: Choice[]; plants: Choice[] } => {
      const out = { groups: new Map<string, string>(), plants: new Map<string, string>() };
      for (const g of answer.groups) out.groups.set(g._id, g.name);
      walk(answer.organization, out);
      const list = (m: Map<string, string>) => [...m].map(([value, label]) => ({ value, label }));
      return { groups: list(out.groups), plants: list(out.plants) };
    },
  });
}
