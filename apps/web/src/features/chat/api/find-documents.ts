import type { SearchItem, SearchResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/** GET /search?q: the documents a chat may be about (those the caller reads), ten at a time. */
export const findDocuments = async (q: string): Promise<SearchItem[]> =>
  (await api.get<SearchResponse>('/search', { query: { q, p: 1, l: 10, c: 0 } })).items;
