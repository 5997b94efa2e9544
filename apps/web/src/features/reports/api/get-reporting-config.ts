import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportingConfig, ReportTimeRange } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

/** GET /config/query: data sources, field descriptors, metric functions, intervals, time ranges. */
export const getReportingConfig = () => api.get<ReportingConfig>('/config/query');

export const reportingConfigQuery = (lang: string) =>
  queryOptions({ queryKey: reportKeys.config(lang), queryFn: getReportingConfig, staleTime: 60_000 });

export const useReportingConfig = (lang: string) => useQuery(reportingConfigQuery(lang));

/** GET /reporting/config/timePeriod: the time ranges (the fifth is the default). */
export const getTimePeriods = () => api.get<ReportTimeRange[]>('/reporting/config/timePeriod');

export const useTimePeriods = (lang: string) =>
  useQuery({ queryKey: reportKeys.periods(lang), queryFn: getTimePeriods, staleTime: 300_000 });
