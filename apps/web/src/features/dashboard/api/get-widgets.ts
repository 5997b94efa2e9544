import { useQuery } from '@tanstack/react-query';
import type { AvailableWidget, ReportTimeRange } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** GET /profile/user/widgets: the activity kinds and the reports the caller may add. */
export const getWidgets = () => api.get<AvailableWidget[]>('/profile/user/widgets');

/** Loaded when the dashboard is being configured (names of the widgets, the Add drawer). */
export const useWidgets = (userId: string | undefined, lang: string, enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.widgets(userId ?? '', lang),
    queryFn: getWidgets,
    enabled: enabled && Boolean(userId),
    staleTime: 30_000,
    retry: false,
  });

/** GET /reporting/config/timePeriod: the periods a report widget's settings offer. */
export const getTimePeriods = () => api.get<ReportTimeRange[]>('/reporting/config/timePeriod');

export const useTimePeriods = (lang: string, enabled: boolean) =>
  useQuery({ queryKey: dashboardKeys.periods(lang), queryFn: getTimePeriods, enabled, staleTime: 300_000 });
