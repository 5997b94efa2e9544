import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import { DocumentParams } from '../documents/document.schema.ts';
import type { Services } from '../services.ts';

const UserParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });

/** Favorite documents (seed 001 section 2.1). */
export const favoriteRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { favorites } = services;
  app.post(
    '/purchasing/:model/:id/favorite',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Toggle the document as a favorite of the caller',
        params: DocumentParams,
      },
    },
    (req) => favorites.toggle(caller(req), req.params.model, req.params.id),
  );
  app.get(
    '/profile/favorites/:userId',
    {
      schema: {
        tags: ['favorites'],
        summary: "The caller's favorites grouped by model: [{label, model, route, items[{_id, name, url}]}]",
        params: UserParams,
      },
    },
    (req) => favorites.list(caller(req), req.params.userId),
  );
};
