import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import type { SearchParams } from './search.service.ts';

/** q search text (websearch syntax), p page (1), l page size (30, at most 100), c '1'/'true' to count. */
const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  p: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  l: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$' })),
  c: Type.Optional(Type.String({ maxLength: 5 })),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
const SearchModelParams = Type.Object({ model: Type.String({ pattern: '^[a-z][a-z-]{1,40}$' }) });

const params = (query: { q?: string; p?: string; l?: string; c?: string }): SearchParams => ({
  ...(query.q !== undefined ? { q: query.q } : {}),
  ...(query.p ? { p: Number(query.p) } : {}),
  ...(query.l ? { l: Number(query.l) } : {}),
  ...(query.c ? { c: query.c } : {}),
});

/** Full-text search over the documents the caller may read. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { search } = services;
  const tags = ['search'];

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary:
          'Search every model the caller can view: {items: [{_id, model, key, title, snippet, url}], options}',
        description:
          'Hits are the best-ranked among the newest 300 matches (a page past them widens the set); ' +
          'c=1 counts exactly up to 10,000 matches and answers an estimate flagged estimated: true above.',
        querystring: SearchQuery,
      },
    },
    (req) => search.search(caller(req), params(req.query)),
  );
  app.get(
    '/search/:model',
    {
      schema: {
        tags,
        summary: 'Search one model (404 unknown model, 403 a model the caller cannot view)',
        params: SearchModelParams,
        querystring: SearchQuery,
      },
    },
    (req) => search.search(caller(req), params(req.query), req.params.model),
  );
};
