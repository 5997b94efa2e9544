import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDelegation, ApprovalDelegationRequest, OkResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';

/** GET /approvals/delegations: the caller's delegations running or still to come. */
export const listDelegations = () => api.get<ApprovalDelegation[]>('/approvals/delegations');

export const delegationsQuery = () =>
  queryOptions({ queryKey: approvalKeys.delegations(), queryFn: listDelegations, retry: false });

export const useDelegations = () => useQuery(delegationsQuery());

/** POST /approvals/delegations */
export const createDelegation = (body: ApprovalDelegationRequest) =>
  api.post<ApprovalDelegation>('/approvals/delegations', body);

/** DELETE /approvals/delegations/{id} */
export const deleteDelegation = (id: string) =>
  api.delete<OkResponse>(`/approvals/delegations/${encodeURIComponent(id)}`);

export function useCreateDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDelegation,
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.delegations() }),
  });
}

export function useDeleteDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDelegation,
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.delegations() }),
  });
}
