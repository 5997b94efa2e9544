import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroupsResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /profile/user/groups: the caller's groups and organization tree, whose plants fill the plant
 * selects. The shell's group drawer reads the same endpoint under the same key, so one answer
 * serves both without the features importing each other.
 */
export const organizationQuery = () =>
  queryOptions({
    queryKey: ['profile', 'user', 'groups'],
    queryFn: () => api.get<UserGroupsResponse>('/profile/user/groups'),
    staleTime: 5 * 60_000,
  });

export const useOrganization = (enabled: boolean) =>
  useQuery({ ...organizationQuery(), enabled, select: (groups) => groups.organization });
