import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { OkResponse } from '@p2p/domain';
import type { DocumentResponse } from './types.ts';

/** DELETE /purchasing/{model}/{id}: moves the document to the trash. */
export const deleteDocument = (model: string, id: string) => api.delete<OkResponse>(documentsPath(model, id));

/** POST /purchasing/{model}/{id}/restore: takes it out of the trash; answers the document. */
export const restoreDocument = (model: string, id: string) =>
  api.post<DocumentResponse>(`${documentsPath(model, id)}/restore`, {});

/** DELETE /purchasing/{model}/{id}/purge: deletes a trashed document for good (admin level). */
export const purgeDocument = (model: string, id: string) =>
  api.delete<OkResponse>(`${documentsPath(model, id)}/purge`);

const CALLS = { delete: deleteDocument, restore: restoreDocument, purge: purgeDocument } as const;
export type TrashAction = keyof typeof CALLS;

/**
 * Delete, restore or purge one document of `model` (mutate with its id): its cached copy is
 * dropped and the model's lists (the trash included) reload.
 */
export function useTrashDocument(model: string, action: TrashAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => CALLS[action](model, id),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: documentKeys.one(model, id) });
      void client.invalidateQueries({ queryKey: documentKeys.lists(model) });
    },
  });
}
