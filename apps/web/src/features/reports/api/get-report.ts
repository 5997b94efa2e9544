import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportList, ReportQuery } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

/** GET /reporting/query/{id}: a stored report, a shared system query or a built-in figure. */
export const getReport = (id: string) => api.get<ReportQuery>(`/reporting/query/${encodeURIComponent(id)}`);

export const reportQuery = (id: string) =>
  queryOptions({ queryKey: reportKeys.report(id), queryFn: () => getReport(id), staleTime: 30_000 });

export const useReport = (id: string | null) => useQuery({ ...reportQuery(id ?? ''), enabled: Boolean(id) });

/** GET /reporting/queries: the caller's reports and the shared ones, newest first. */
export const listReports = () => api.get<ReportList>('/reporting/queries');

export const useReports = () => useQuery({ queryKey: reportKeys.list(), queryFn: listReports });
