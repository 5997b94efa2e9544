import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportQueryRequest, ReportSaved } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

/** POST /reporting/query/save: {message, id}. */
export const saveReport = (report: ReportQueryRequest) =>
  api.post<ReportSaved>('/reporting/query/save', report);

export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReport,
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: reportKeys.list() });
      void client.invalidateQueries({ queryKey: reportKeys.report(saved.id) });
    },
  });
}
