import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRule, ApprovalRuleRequest, OkResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';

/** GET /admin/approval-rules: every rule of the tenant, in the order they apply per model. */
export const listApprovalRules = () => api.get<ApprovalRule[]>('/admin/approval-rules');

export const approvalRulesQuery = () =>
  queryOptions({ queryKey: approvalKeys.rules(), queryFn: listApprovalRules, retry: false });

export const useApprovalRules = (enabled: boolean) => useQuery({ ...approvalRulesQuery(), enabled });

/** POST /admin/approval-rules (new) or PUT /admin/approval-rules/{id} over the version read. */
export const saveApprovalRule = (id: string | null, body: ApprovalRuleRequest) =>
  id
    ? api.put<ApprovalRule>(`/admin/approval-rules/${encodeURIComponent(id)}`, body)
    : api.post<ApprovalRule>('/admin/approval-rules', body);

/** DELETE /admin/approval-rules/{id} */
export const deleteApprovalRule = (id: string) =>
  api.delete<OkResponse>(`/admin/approval-rules/${encodeURIComponent(id)}`);

export function useSaveApprovalRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ApprovalRuleRequest }) =>
      saveApprovalRule(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.rules() }),
  });
}

export function useDeleteApprovalRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteApprovalRule,
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.rules() }),
  });
}
