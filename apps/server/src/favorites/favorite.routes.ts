import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described, errorResponses, FavoriteListSchema, FavoriteToggleSchema } from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import { DocumentParams } from '../documents/document.schema.ts';
import type { Services } from '../services.ts';
import { FavoriteUserParams } from './favorite.schema.ts';

/** Favorite documents (seed 001 section 2.1). */
export const favoriteRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { favorites } = services;
  const tags = ['favorites'];

  app.post(
    '/purchasing/:model/:id/favorite',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'toggleFavorite',
        summary: 'Toggle the document as a favorite of the caller',
        params: DocumentParams,
        response: {
          200: described(FavoriteToggleSchema, 'Whether the document is a favorite now'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => favorites.toggle(caller(req), req.params.model, req.params.id),
  );
  app.get(
    '/profile/favorites/:userId',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'listFavorites',
        summary: "The caller's favorites grouped by model: [{label, model, route, items[{_id, name, url}]}]",
        params: FavoriteUserParams,
        response: {
          200: described(FavoriteListSchema, 'The favorites of the caller, by model'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => favorites.list(caller(req), req.params.userId),
  );
};
