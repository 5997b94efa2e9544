import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { caller } from '../auth/auth.hook.ts';
import type { Db } from '../db/database.ts';
import { AdminModelParams, AdminVersionParams, SaveBody, ValidateBody } from './admin.schema.ts';
import { adminService } from './admin.service.ts';

/** Model configuration admin (admin or manager; 403 otherwise). Every change is a new version. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const admin = adminService(db);
  const tags = ['admin'];

  app.get(
    '/admin/models',
    { schema: { tags, summary: 'Models with the effective version of the caller domain' } },
    (req) => admin.list(caller(req)),
  );
  app.get(
    '/admin/models/:model',
    {
      schema: {
        tags,
        summary: 'Effective configuration (unlocalized) and its version',
        params: AdminModelParams,
      },
    },
    (req) => admin.get(caller(req), req.params.model),
  );
  app.get(
    '/admin/models/:model/versions',
    { schema: { tags, summary: 'Version history, newest first', params: AdminModelParams } },
    (req) => admin.versions(caller(req), req.params.model),
  );
  app.get(
    '/admin/models/:model/versions/:version',
    { schema: { tags, summary: 'One version of the configuration', params: AdminVersionParams } },
    (req) => admin.get(caller(req), req.params.model, Number(req.params.version)),
  );
  app.post(
    '/admin/models/:model/validate',
    {
      schema: {
        tags,
        summary: 'Validate a configuration: {valid, errors[{field (JSON path), message}]}',
        params: AdminModelParams,
        body: ValidateBody,
      },
    },
    (req) => admin.validate(caller(req), req.params.model, req.body.config),
  );
  app.put(
    '/admin/models/:model',
    {
      schema: {
        tags,
        summary:
          'Save as a new version; 409 when baseVersion is not the latest, 400 with errors when invalid',
        params: AdminModelParams,
        body: SaveBody,
      },
    },
    (req) => admin.save(caller(req), req.params.model, req.body.config, req.body.baseVersion),
  );
  app.post(
    '/admin/models/:model/restore/:version',
    { schema: { tags, summary: 'Copy an old version as a new version', params: AdminVersionParams } },
    (req) => admin.restore(caller(req), req.params.model, Number(req.params.version)),
  );
};
