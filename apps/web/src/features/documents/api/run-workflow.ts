import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { ReopenRequest, WorkflowRequest } from '@p2p/domain';
import type { DocumentResponse } from './types.ts';

/** POST /purchasing/{model}/{id}/workflow: runs an offered workflow action; answers the document. */
export const runWorkflow = (model: string, id: string, body: WorkflowRequest) =>
  api.post<DocumentResponse>(`${documentsPath(model, id)}/workflow`, body);

/**
 * POST /purchasing/{model}/{id}/reopen: reopens a closed or archived document (the model action
 * 'reopen'); answers the document, back in state updated.
 */
export const reopenDocument = (model: string, id: string, body: ReopenRequest) =>
  api.post<DocumentResponse>(`${documentsPath(model, id)}/reopen`, body);

/** A state change: the comment and the version the user saw (409 when someone wrote in between). */
export interface WorkflowInput extends WorkflowRequest {
  /** the model action 'reopen' (its own call), not a workflow transition of that name */
  reopen?: boolean;
}

/** A state change of one document: the answer becomes the cached document; lists and timeline reload. */
export function useRunWorkflow(model: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reopen, ...body }: WorkflowInput) =>
      reopen ? reopenDocument(model, id, body) : runWorkflow(model, id, { action, ...body }),
    onSuccess: (moved) => {
      client.setQueryData(documentKeys.one(model, id), moved);
      void client.invalidateQueries({ queryKey: documentKeys.lists(model) });
      void client.invalidateQueries({ queryKey: documentKeys.timeline(model, id) });
    },
  });
}
