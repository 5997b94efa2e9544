import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  ModelConfigVersionSchema,
  ModelSummarySchema,
  SavedVersionSchema,
  ValidationResultSchema,
  VersionEntrySchema,
} from '@p2p/domain/api';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import type { Db } from '../db/database.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { AdminModelParams, AdminVersionParams, SaveBody, ValidateBody } from './admin.schema.ts';
import { adminService } from './admin.service.ts';

const ConfigVersion = described(ModelConfigVersionSchema, 'The configuration and its version');
const Saved = described(SavedVersionSchema, 'The version written');

/** Model configuration admin (admin or manager; 403 otherwise). Every change is a new version. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const admin = adminService(db);
  const tags = ['admin'];
  // the accounts screen: pending sign-ups, sign-in locks, the sign-up setting
  await app.register(adminUserRoutes, { db });

  app.get(
    '/admin/models',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'listModelConfigs',
        summary: 'Models with the effective version of the caller domain',
        response: {
          200: described(Type.Array(ModelSummarySchema), 'The models and their versions'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => admin.list(caller(req)),
  );
  app.get(
    '/admin/models/:model',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'getModelConfigLatest',
        summary: 'Effective configuration (unlocalized) and its version',
        params: AdminModelParams,
        response: { 200: ConfigVersion, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => admin.get(caller(req), req.params.model),
  );
  app.get(
    '/admin/models/:model/versions',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'listModelConfigVersions',
        summary: 'Version history, newest first',
        params: AdminModelParams,
        response: {
          200: described(Type.Array(VersionEntrySchema), 'The versions, newest first'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => admin.versions(caller(req), req.params.model),
  );
  app.get(
    '/admin/models/:model/versions/:version',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'getModelConfigVersion',
        summary: 'One version of the configuration',
        params: AdminVersionParams,
        response: { 200: ConfigVersion, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    (req) => admin.get(caller(req), req.params.model, Number(req.params.version)),
  );
  app.post(
    '/admin/models/:model/validate',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'validateModelConfig',
        summary: 'Validate a configuration: {valid, errors[{field (JSON path), message}]}',
        params: AdminModelParams,
        body: ValidateBody,
        response: {
          200: described(ValidationResultSchema, 'Whether it is valid, and each problem'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => admin.validate(caller(req), req.params.model, req.body.config),
  );
  app.put(
    '/admin/models/:model',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'saveModelConfig',
        summary:
          'Save as a new version; 409 when baseVersion is not the latest, 400 with errors when invalid',
        params: AdminModelParams,
        body: SaveBody,
        response: { 200: Saved, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (req) => admin.save(caller(req), req.params.model, req.body.config, req.body.baseVersion),
  );
  app.post(
    '/admin/models/:model/restore/:version',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'restoreModelConfigVersion',
        summary: 'Copy an old version as a new version',
        params: AdminVersionParams,
        response: { 200: Saved, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (req) => admin.restore(caller(req), req.params.model, Number(req.params.version)),
  );
};
