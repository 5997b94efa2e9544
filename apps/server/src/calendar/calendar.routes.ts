import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CalendarEventsSchema, CalendarQuerySchema, described, errorResponses } from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';

/** The calendar's events (seed 001 section 2.11). */
export const calendarRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { calendar } = services;
  app.get(
    '/calendar/events',
    {
      config: { policy: 'documents' },
      schema: {
        tags: ['calendar'],
        operationId: 'listCalendarEvents',
        summary:
          'Events between two days (at most 120 days): expected deliveries, receptions, contract expiries, ' +
          "evaluation deadlines and approvals due, each a document inside the caller's list scope",
        querystring: CalendarQuerySchema,
        response: {
          200: described(CalendarEventsSchema, 'The events by day'),
          ...errorResponses(400, 401, 503),
        },
      },
    },
    (req) => calendar.events(caller(req), req.query),
  );
};
