import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalView } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';

/** GET /automation/approval/{approvalId} (seed 000 section 7): assignees, levels, decisions, missing. */
export const getApproval = (id: string) =>
  api.get<ApprovalView>(`/automation/approval/${encodeURIComponent(id)}`);

export const approvalQuery = (id: string, version?: number) =>
  queryOptions({
    // the version of the document it was read with: a move of the document reads it again
    queryKey: [...approvalKeys.view(id), version ?? null],
    queryFn: () => getApproval(id),
    retry: false,
  });

export const useApproval = (id: string | undefined, version?: number) =>
  useQuery({ ...approvalQuery(id ?? '', version), enabled: Boolean(id) });
