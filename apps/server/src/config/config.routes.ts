import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import { LangParams } from '../lib/schemas.ts';
import type { Services } from '../services.ts';

const HelpParams = Type.Object({
  lang: Type.String({ pattern: '^[a-z]{2}$' }),
  doc: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }),
});

/** App configuration (public), routes (public, the offline poll), navigation and help. */
export const configRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { config, help } = services;

  app.get(
    '/config/app/:lang',
    {
      config: { public: true },
      schema: { tags: ['config'], summary: 'Application configuration', params: LangParams },
    },
    (req) => config.app(req.params.lang),
  );

  app.get(
    '/config/routes/:lang',
    {
      config: { public: true },
      schema: { tags: ['config'], summary: 'Configured routes (offline poll)', params: LangParams },
    },
    () => config.routes(),
  );

  app.get(
    '/config/navigation/:lang',
    { schema: { tags: ['config'], summary: 'Sidebar navigation', params: LangParams } },
    (req) => config.navigation(caller(req), req.params.lang),
  );

  app.put(
    '/config/offline',
    {
      schema: {
        tags: ['config'],
        summary:
          'Set the offline notice of the app configuration (admin level): users see the offline screen ' +
          'with this message until it is cleared with null',
        body: Type.Object({ message: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]) }),
      },
    },
    (req) => config.setOffline(caller(req), req.body.message),
  );

  app.get(
    '/config/help/:lang/:doc',
    { schema: { tags: ['config'], summary: 'A help document', params: HelpParams } },
    (req) => help.doc(caller(req), req.params.lang, req.params.doc),
  );
};
