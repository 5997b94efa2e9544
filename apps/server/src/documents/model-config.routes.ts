import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  FormGroupFieldsMapSchema,
  FormGroupFieldsSchema,
  ModelConfigResponseSchema,
  PurchasingConfigSchema,
  SubtypesResponseSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import { FormGroupIds, FormGroupParams, ModelConfigParams, ModelConfigQuery } from './document.schema.ts';

const readErrors = errorResponses(400, 401, 403, 404, 503);

/** The model configurations as the web app reads them (seed 000 section 7, /config/...). */
export const modelConfigRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { documents } = services;

  app.get(
    '/config/model/:lang/:model',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['config'],
        operationId: 'getModelConfig',
        summary: 'Model configuration (latest version, or version _v); answers the version as _v',
        params: ModelConfigParams,
        querystring: ModelConfigQuery,
        response: {
          200: described(ModelConfigResponseSchema, 'The model configuration, labels in the asked language'),
          ...readErrors,
        },
      },
    },
    (req) =>
      documents.config(
        caller(req),
        req.params.lang,
        req.params.model,
        req.query._v ? Number(req.query._v) : undefined,
      ),
  );
  app.get(
    '/config/formGroupFields/:key',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['config'],
        operationId: 'getFormGroupFields',
        summary: "Fields of one form group; key is '{model}.{group}' (e.g. order.delivery)",
        params: FormGroupParams,
        response: { 200: described(FormGroupFieldsSchema, 'The fields of the group'), ...readErrors },
      },
    },
    async (req) =>
      (await documents.formGroupFields(caller(req), caller(req).user.lang, [req.params.key]))[req.params.key],
  );
  app.post(
    '/config/formGroupFields',
    {
      config: { policy: 'signed-in', storesNothing: true },
      schema: {
        tags: ['config'],
        operationId: 'getFormGroupFieldsBatch',
        summary: "Fields of several form groups: body is an array of '{model}.{group}' ids",
        body: FormGroupIds,
        response: {
          200: described(FormGroupFieldsMapSchema, 'The fields of each group, by group id'),
          ...readErrors,
        },
      },
    },
    (req) => documents.formGroupFields(caller(req), caller(req).user.lang, req.body),
  );
  app.get(
    '/config/subtype',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['config'],
        operationId: 'getSubtypes',
        summary: 'Subtypes per model',
        response: {
          200: described(SubtypesResponseSchema, 'The subtypes of each model that has some'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => documents.subtypes(caller(req)),
  );
  app.get(
    '/config/purchasing',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['config'],
        operationId: 'getPurchasingConfig',
        summary: 'Purchasing configuration: models, currencies, tax codes',
        response: {
          200: described(PurchasingConfigSchema, 'Models, currencies, tax codes and price conditions'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => documents.purchasing(caller(req)),
  );
};
