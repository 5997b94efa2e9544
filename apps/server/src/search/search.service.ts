import { PAGING, searchHiddenPaths } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { searchRepository } from './search.repository.ts';

export const MAX_SEARCH_PAGE_SIZE = 100;
const MAX_QUERY_LENGTH = 200;

export interface SearchParams {
  q?: string;
  p?: number;
  l?: number;
  c?: string;
}

export interface SearchItem {
  _id: string;
  model: string;
  key: string | null;
  subtype: string | null;
  state: string;
  title: string;
  /** HTML-escaped text around the hits, each hit in <b>...</b> */
  snippet: string;
  url: string;
}

/**
 * Full-text search (websearch syntax: words, "phrases", or, -exclusions) over the documents the
 * caller may read: every query is filtered by documentScope of each model searched (suppliers only
 * find their own documents of supplier models), and deleted documents are left out.
 */
export function searchService(db: Db, access: Pick<DocumentAccess, 'viewableModels'>) {
  const repo = searchRepository(db);

  return {
    /** `model` unset: every model the caller can view. Unknown model 404, a model not viewable 403. */
    async search(auth: AuthContext, params: SearchParams, model?: string) {
      const page = Math.max(1, params.p ?? PAGING.page);
      const pagesize = Math.min(MAX_SEARCH_PAGE_SIZE, Math.max(1, params.l ?? PAGING.pageSize));
      const wantCount = params.c === '1' || params.c === 'true';
      // the working context narrows search as it narrows lists
      const viewable = await access.viewableModels(auth, model);
      const scopes = viewable.map(({ scope }) => scope.listWhere);
      // what the index leaves out of every searched model never titles a hit (the stored snippet
      // text leaves it out already)
      const hidden = [...new Set(viewable.flatMap(({ model: m }) => searchHiddenPaths(m.form.fields)))];

      const q = (params.q ?? '').trim().slice(0, MAX_QUERY_LENGTH);
      const empty = { items: [] as SearchItem[], options: { count: wantCount ? 0 : null, page, pagesize } };
      if (!q || !scopes.length) return empty;

      const hits = await repo.search({ scopes, q, hidden, limit: pagesize, offset: (page - 1) * pagesize });
      const counted = wantCount ? await repo.count({ scopes, q }) : null;
      const items: SearchItem[] = hits.map((h) => ({
        _id: h.id,
        model: h.model,
        key: h.key,
        subtype: h.subtype,
        state: h.state,
        title: h.title,
        snippet: h.snippet,
        url: `/${h.model}/${h.id}`,
      }));
      return {
        items,
        options: {
          count: counted ? counted.count : null,
          page,
          pagesize,
          ...(counted?.estimated ? { estimated: true as const } : {}),
        },
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
