import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { DocumentResponse } from './types.ts';

/** POST /purchasing/{model}/{id}/duplicate: copies the document; answers the new one (state created). */
export const duplicateDocument = (model: string, id: string) =>
  api.post<DocumentResponse>(`${documentsPath(model, id)}/duplicate`, {});

/** Duplicates a document: the copy is cached for its form, the model's lists reload. */
export function useDuplicateDocument(model: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => duplicateDocument(model, id),
    onSuccess: (copy) => {
      client.setQueryData(documentKeys.one(model, String(copy._id)), copy);
      void client.invalidateQueries({ queryKey: documentKeys.lists(model) });
    },
  });
}
