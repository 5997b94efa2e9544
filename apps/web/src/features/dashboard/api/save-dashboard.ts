import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardChanged, LayoutItem } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** POST /profile/user/dashboard: stores the layout; answers {ok, message, dashboard}. */
export const saveDashboard = (layout: readonly LayoutItem[]) =>
  api.post<DashboardChanged>('/profile/user/dashboard', { layout });

/** The saved dashboard replaces the cached one, so Cancel later restores what was saved. */
export function useSaveDashboard(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDashboard,
    onSuccess: (answer) => client.setQueryData(dashboardKeys.of(userId), answer.dashboard),
  });
}
