import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { DocumentData, DocumentResponse } from './types.ts';

/** POST /purchasing/{model}: creates a document (the server computes its values). */
export const createDocument = (model: string, body: DocumentData) =>
  api.post<DocumentResponse>(documentsPath(model), body);

/** PUT /purchasing/{model}/{id}: saves a document; `_version` must match (409 when stale). */
export const updateDocument = (model: string, id: string, body: DocumentData) =>
  api.put<DocumentResponse>(documentsPath(model, id), body);

export interface SaveInput {
  /** absent: a new document */
  id?: string;
  body: DocumentData;
}

/** Creates or saves a document; the answer becomes the cached document, the model's lists reload. */
export function useSaveDocument(model: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveInput) =>
      id === undefined ? createDocument(model, body) : updateDocument(model, id, body),
    onSuccess: (saved) => {
      const id = String(saved._id);
      client.setQueryData(documentKeys.one(model, id), saved);
      void client.invalidateQueries({ queryKey: documentKeys.lists(model) });
      void client.invalidateQueries({ queryKey: documentKeys.timeline(model, id) });
    },
  });
}
