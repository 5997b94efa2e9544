import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { EditInfo } from './types.ts';

/** GET /purchasing/{model}/{id}/edit-start: records that the caller edits; answers who else does. */
export const editStart = (model: string, id: string) =>
  api.get<EditInfo>(`${documentsPath(model, id)}/edit-start`);

/** GET /purchasing/{model}/{id}/edit-check: who else is editing the document. */
export const editCheck = (model: string, id: string) =>
  api.get<EditInfo>(`${documentsPath(model, id)}/edit-check`);

/** Who else edits the document (asked once per document; edit-start answers it again). */
export const editorsQuery = (model: string, id: string) =>
  queryOptions({
    queryKey: documentKeys.editors(model, id),
    queryFn: () => editCheck(model, id),
    staleTime: Infinity,
    retry: false,
  });

/** Starts editing; its answer (who else edits) replaces the edit-check's. */
export function useEditStart(model: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => editStart(model, id),
    onSuccess: (info) => client.setQueryData(documentKeys.editors(model, id), info),
  });
}
