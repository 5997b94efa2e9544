import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardChanged } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /profile/user/dashboard/reset: deletes the user's own dashboard, answers the role default. */
export const resetDashboard = () => api.get<DashboardChanged>('/profile/user/dashboard/reset');

export function useResetDashboard(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetDashboard,
    onSuccess: (answer) => client.setQueryData(dashboardKeys.of(userId), answer.dashboard),
  });
}
