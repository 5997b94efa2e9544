import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NavItem, UserGroupsResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

export const navigationQuery = (lang: string) =>
  queryOptions({
    queryKey: ['config', 'navigation', lang],
    queryFn: () => api.get<NavItem[]>(`/config/navigation/${encodeURIComponent(lang)}`),
    staleTime: 5 * 60_000,
  });
export const useNavigation = (lang: string, enabled = true) =>
  useQuery({ ...navigationQuery(lang), enabled });

export const groupsQuery = () =>
  queryOptions({
    queryKey: ['profile', 'user', 'groups'],
    queryFn: () => api.get<UserGroupsResponse>('/profile/user/groups'),
    staleTime: 5 * 60_000,
  });
export const useUserGroups = (enabled = true) => useQuery({ ...groupsQuery(), enabled });
