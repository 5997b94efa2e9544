import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /profile/user/dashboard: the caller's dashboard, or its role's default (user null). */
export const getDashboard = () => api.get<Dashboard>('/profile/user/dashboard');

export const dashboardQuery = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.of(userId),
    queryFn: getDashboard,
    staleTime: 60_000,
    retry: false,
  });

export const useDashboard = (userId: string | undefined) =>
  useQuery({ ...dashboardQuery(userId ?? ''), enabled: Boolean(userId) });
