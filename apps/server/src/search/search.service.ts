import { PAGING } from '@p2p/domain';
import type { AuthContext } from '../auth/auth.service.ts';
import type { Db } from '../db/database.ts';
import { assertModelVisible, documentScope } from '../documents/document.scope.ts';
import { modelConfigRepository } from '../documents/document.repository.ts';
import { isModel, MODELS } from '../documents/model-config.ts';
import { notFound } from '../lib/app-error.ts';
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
export function searchService(db: Db) {
  const repo = searchRepository(db);
  const modelConfigs = modelConfigRepository(db);

  return {
    /** `model` unset: every model the caller can view. Unknown model 404, a model not viewable 403. */
    async search(auth: AuthContext, params: SearchParams, model?: string) {
      const page = Math.max(1, params.p ?? PAGING.page);
      const pagesize = Math.min(MAX_SEARCH_PAGE_SIZE, Math.max(1, params.l ?? PAGING.pageSize));
      const wantCount = params.c === '1' || params.c === 'true';
      if (model !== undefined && !isModel(model)) throw notFound(`Unknown model '${model}'.`);

      const names = model === undefined ? MODELS : [model];
      const configs = (await Promise.all(names.map((name) => modelConfigs.latest(auth.domainId, name))))
        .filter((found) => found !== undefined)
        .map((found) => found.config);
      if (model !== undefined && !configs.length) throw notFound(`Model '${model}' has no configuration.`);
      const scopes = configs
        .map((config) => {
          const scope = documentScope(auth, config);
          if (model !== undefined) assertModelVisible(scope, config);
          return scope;
        })
        .filter((s) => s.canView)
        .map((s) => s.where);

      const q = (params.q ?? '').trim().slice(0, MAX_QUERY_LENGTH);
      const empty = { items: [] as SearchItem[], options: { count: wantCount ? 0 : null, page, pagesize } };
      if (!q || !scopes.length) return empty;

      const hits = await repo.search({ scopes, q, limit: pagesize, offset: (page - 1) * pagesize });
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
