import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerLanguage } from '@p2p/domain';
import {
  AvailableWidgetListSchema,
  DashboardChangedSchema,
  DashboardSaveSchema,
  DashboardSchema,
  described,
  errorResponses,
} from '@p2p/domain/api';
import type { FastifyRequest } from 'fastify';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';

/** The caller's language for the notices (its saved language, else Accept-Language). */
const langOf = (req: FastifyRequest) => callerLanguage(caller(req).user.lang, req.headers['accept-language']);

/** The dashboard of widgets (seed 001 sections 2.8, 4.3 and 7): always the caller's own. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { dashboards } = services;
  const tags = ['dashboard'];

  app.get(
    '/profile/user/widgets',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'listAvailableWidgets',
        summary: 'The widgets the caller may add: the activity kinds and the reports it may open',
        description:
          "type 'user-activity' (component v-activity, _id the activity kind) is an Activity widget; any " +
          'other type (component v-query, _id the report) a Report widget: the caller’s own and shared ' +
          'reports, the built-in dashboard figures its scope counts and the report of all of them.',
        response: {
          200: described(AvailableWidgetListSchema, 'The available widgets'),
          ...errorResponses(401, 503),
        },
      },
    },
    (req) => dashboards.widgets(caller(req), langOf(req)),
  );

  app.get(
    '/profile/user/dashboard',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'getDashboard',
        summary: "The caller's dashboard, or the default of its role (user null)",
        description:
          'The role default holds one tile per dashboard figure (seed 000 section 9) that the role works ' +
          "with and the caller's list scope counts: a v-query widget of the built-in report of that figure.",
        response: {
          200: described(DashboardSchema, 'The dashboard with its layout and owner'),
          ...errorResponses(401, 503),
        },
      },
    },
    (req) => dashboards.get(caller(req)),
  );

  app.post(
    '/profile/user/dashboard',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'saveDashboard',
        summary: "Store the caller's dashboard layout; answers {ok, message, dashboard}",
        description:
          'Every item is checked (unique ids, inside the 12 columns, minimum not above maximum, each kind’s ' +
          'settings, a report the caller may open); any failure answers 400 with every failing item and ' +
          'stores nothing. An owner sent along is ignored: the dashboard is always the caller’s.',
        body: DashboardSaveSchema,
        response: {
          200: described(DashboardChangedSchema, 'Saved'),
          ...errorResponses(400, 401, 503),
        },
      },
    },
    (req) => dashboards.save(caller(req), req.body, langOf(req)),
  );

  app.get(
    '/profile/user/dashboard/reset',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'resetDashboard',
        summary: "Delete the caller's own dashboard; answers {ok, message, dashboard} with the role default",
        response: {
          200: described(DashboardChangedSchema, 'The role default'),
          ...errorResponses(401, 503),
        },
      },
    },
    (req) => dashboards.reset(caller(req), langOf(req)),
  );
};
