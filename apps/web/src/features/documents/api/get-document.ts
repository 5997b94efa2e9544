import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { DocumentResponse } from './types.ts';

export const getDocument = (model: string, id: string) => api.get<DocumentResponse>(documentsPath(model, id));

export const documentQuery = (model: string, id: string) =>
  queryOptions({
    queryKey: documentKeys.one(model, id),
    queryFn: () => getDocument(model, id),
    retry: false,
  });

/** A stored document; nothing is fetched for a new one (id 'new'). */
export const useDocument = (model: string, id: string | undefined) =>
  useQuery({ ...documentQuery(model, id ?? ''), enabled: Boolean(id) && id !== 'new' });
