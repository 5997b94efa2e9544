import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described, DueEvaluationsSchema, errorResponses } from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';

/** Evaluations that fall due with time (the periods of contracts in force). */
export const evaluationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post(
    '/evaluations/due',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['evaluations'],
        operationId: 'createDueEvaluations',
        summary: "Creates the evaluations due in the caller's tenant (the scheduler calls it daily)",
        description:
          'The next contract evaluation of every contract in force (erp-done) whose period is over, and ' +
          'the order evaluation of every order with a received reception and none yet. Running it again ' +
          'creates nothing more.',
        response: {
          200: described(DueEvaluationsSchema, 'The evaluations created by this run'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => services.evaluations.createDue(caller(req)),
  );
};
