import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described, errorResponses, SearchResponseSchema } from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import { SearchModelParams, SearchQuery } from './search.schema.ts';
import type { SearchParams } from './search.service.ts';

const params = (query: { q?: string; p?: string; l?: string; c?: string }): SearchParams => ({
  ...(query.q !== undefined ? { q: query.q } : {}),
  ...(query.p ? { p: Number(query.p) } : {}),
  ...(query.l ? { l: Number(query.l) } : {}),
  ...(query.c ? { c: query.c } : {}),
});

const SearchAnswer = described(SearchResponseSchema, 'One page of hits');

/** Full-text search over the documents the caller may read. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { search } = services;
  const tags = ['search'];

  app.get(
    '/search',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'searchDocuments',
        summary:
          'Search every model the caller can view: {items: [{_id, model, key, title, snippet, url}], options}',
        description:
          'Hits are the best-ranked among the newest 300 matches (a page past them widens the set); ' +
          'c=1 counts exactly up to 10,000 matches and answers an estimate flagged estimated: true above.',
        querystring: SearchQuery,
        response: { 200: SearchAnswer, ...errorResponses(400, 401, 403, 503) },
      },
    },
    (req) => search.search(caller(req), params(req.query)),
  );
  app.get(
    '/search/:model',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'searchModel',
        summary: 'Search one model (404 unknown model, 403 a model the caller cannot view)',
        params: SearchModelParams,
        querystring: SearchQuery,
        response: { 200: SearchAnswer, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => search.search(caller(req), params(req.query), req.params.model),
  );
};
