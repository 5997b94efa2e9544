import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppConfigSchema,
  described,
  errorResponses,
  HelpDocSchema,
  NavigationSchema,
  OfflineResponseSchema,
  RoutesResponseSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import { LangParams } from '../lib/schemas.ts';
import type { Services } from '../services.ts';
import { HelpParams, OfflineBody } from './config.schema.ts';

/** App configuration (public), routes (public, the offline poll), navigation and help. */
export const configRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { config, help } = services;
  const tags = ['config'];

  app.get(
    '/config/app/:lang',
    {
      config: { public: true, policy: 'public' },
      schema: {
        tags,
        operationId: 'getAppConfig',
        summary: 'Application configuration',
        params: LangParams,
        response: {
          200: described(AppConfigSchema, 'The application configuration'),
          ...errorResponses(400, 503),
        },
      },
    },
    (req) => config.app(req.params.lang),
  );

  app.get(
    '/config/routes/:lang',
    {
      config: { public: true, policy: 'public' },
      schema: {
        tags,
        operationId: 'getRoutes',
        summary: 'Configured routes (offline poll)',
        params: LangParams,
        response: {
          200: described(RoutesResponseSchema, 'The configured routes'),
          ...errorResponses(400, 503),
        },
      },
    },
    () => config.routes(),
  );

  app.get(
    '/config/navigation/:lang',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getNavigation',
        summary: 'Sidebar navigation',
        params: LangParams,
        response: {
          200: described(NavigationSchema, 'The sidebar entries of the caller'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => config.navigation(caller(req), req.params.lang),
  );

  app.put(
    '/config/offline',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'setOfflineNotice',
        summary:
          'Set the offline notice of the app configuration (admin level): users see the offline screen ' +
          'with this message until it is cleared with null',
        body: OfflineBody,
        response: {
          200: described(OfflineResponseSchema, 'The notice now in force (null: none)'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => config.setOffline(caller(req), req.body.message),
  );

  app.get(
    '/config/help/:lang/:doc',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getHelpDoc',
        summary: 'A help document',
        params: HelpParams,
        response: {
          200: described(HelpDocSchema, 'The help document'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => help.doc(caller(req), req.params.lang, req.params.doc),
  );
};
