import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SearchResponse } from '@p2p/domain';

export interface SearchParams {
  /** one model; absent: every model the caller can view */
  model?: string;
  q: string;
  page: number;
  size: number;
}

/** GET /search[/{model}]?q&p&l&c: hits ranked by the server (it takes no sort). */
export const searchDocuments = ({ model, q, page, size }: SearchParams) =>
  api.get<SearchResponse>(model ? `/search/${encodeURIComponent(model)}` : '/search', {
    query: { q, p: page, l: size, c: 1 },
  });

export const searchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: () => searchDocuments(params),
    placeholderData: keepPreviousData,
    enabled: params.q !== '',
  });

export const useSearch = (params: SearchParams) => useQuery(searchQuery(params));
