import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalOpinionGiven, ApprovalOpinionRequest, ApprovalView, OkResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { approvalKeys, documentsOf } from './approval-keys.ts';

/** POST /automation/approval/{id}/request: an approver asks a colleague for an opinion. */
export const requestOpinion = (id: string, body: ApprovalOpinionRequest) =>
  api.post<ApprovalView>(`/automation/approval/${encodeURIComponent(id)}/request`, body);

/** POST /automation/approval/{id}/opinion: the colleague asked gives it. */
export const giveOpinion = (id: string, body: ApprovalOpinionGiven) =>
  api.post<OkResponse>(`/automation/approval/${encodeURIComponent(id)}/opinion`, body);

/** Both move the approval and its parent: their documents and the approval are read again. */
function useRefresh(parentModel: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: approvalKeys.all }),
      client.invalidateQueries({ queryKey: documentsOf('approval') }),
      client.invalidateQueries({ queryKey: documentsOf(parentModel) }),
    ]);
}

export function useRequestOpinion(id: string, parentModel: string) {
  const refresh = useRefresh(parentModel);
  return useMutation({
    mutationFn: (body: ApprovalOpinionRequest) => requestOpinion(id, body),
    onSuccess: refresh,
  });
}

/**
 * Nothing is read again: once the opinion is given the consultant is no longer assigned, so the
 * approval (and its parent) are no longer theirs to read; the page says thank you instead.
 */
export function useGiveOpinion(id: string) {
  return useMutation({ mutationFn: (body: ApprovalOpinionGiven) => giveOpinion(id, body) });
}
