import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { DocumentList } from './types.ts';

/** Query keys of the list call that are not filters: the server reads every other key as one. */
export const LIST_QUERY_KEYS: ReadonlySet<string> = new Set(['q', 'p', 'l', 's', 'c', 'ts']);

export interface ListDocumentsParams {
  model: string;
  /** the deleted documents (GET /purchasing/{model}/trash) */
  trash?: boolean;
  page: number;
  size: number;
  /** a field src, a leading minus for descending */
  sort: string;
  q: string;
  /** equality filters on the fields the model declares filterable ({state: 'approval'}); others answer 400 */
  filters?: Readonly<Record<string, string>>;
  /** ask for the count of matching documents (default yes) */
  count?: boolean;
}

/** GET /purchasing/{model}[/trash]?q&p&l&s&c and the filters as further keys. */
export function listDocuments({
  model,
  trash,
  page,
  size,
  sort,
  q,
  filters,
  count = true,
}: ListDocumentsParams) {
  const path = trash ? `${documentsPath(model)}/trash` : documentsPath(model);
  return api.get<DocumentList>(path, {
    query: { ...filters, ...(q ? { q } : {}), p: page, l: size, s: sort, c: count ? 1 : 0 },
  });
}

export const listDocumentsQuery = (params: ListDocumentsParams) => {
  const { model, ...rest } = params;
  return queryOptions({
    queryKey: documentKeys.list(model, rest),
    queryFn: () => listDocuments(params),
    // the rows of the last page stay while the next one loads
    placeholderData: keepPreviousData,
  });
};

export const useDocuments = (params: ListDocumentsParams) => useQuery(listDocumentsQuery(params));
