import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityListSchema,
  ActivityParamsSchema,
  ActivityQuerySchema,
  described,
  errorResponses,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';

/** Recent activity of the profile (seed 001 sections 2.2 and 7). */
export const activityRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { activity } = services;

  app.get(
    '/profile/activity/:userId',
    {
      config: { policy: 'self' },
      schema: {
        tags: ['profile'],
        operationId: 'listRecentActivity',
        summary:
          "The caller's newest documents of one activity kind (k, 0 to 11; l items, default 5) as groups " +
          '[{label, items[{_id, name, url}]}]; only documents inside the caller scope; empty when there are none',
        params: ActivityParamsSchema,
        querystring: ActivityQuerySchema,
        response: {
          200: described(ActivityListSchema, 'The activity groups of the kind'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => activity.list(caller(req), req.params.userId, req.query),
  );
};
