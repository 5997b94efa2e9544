import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  IhubIdParamsSchema,
  IhubListRequestSchema,
  IhubListSchema,
  IhubMessageSchema,
  IhubModelParamsSchema,
  IhubResendSchema,
  IhubStatusSchema,
} from '@p2p/domain/api';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import { IMPORT_KINDS } from './erp.import.ts';
import type { Services } from '../services.ts';
import { monitorWorkbook } from './erp.xlsx.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// one answer, two media types: the JSON list, or with format=xlsx the workbook
const ListOrXlsx = {
  description: 'The messages, newest first; with format=xlsx the same list as a workbook',
  content: {
    'application/json': { schema: IhubListSchema },
    [XLSX]: { schema: { type: 'string', format: 'binary' } },
  },
};

/**
 * The integration monitor (seed 000 section 7). 'signed-in' policy: the service answers 403 to
 * everybody but the ihub roles and administrators, and scopes every read to the caller's tenant.
 */
export const erpRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { erp } = services;
  const tags = ['ihub'];
  const errors = errorResponses(400, 401, 403, 404, 409, 503);

  for (const kind of ['log', 'tracking'] as const)
    app.get(
      `/ihub/${kind}/:model`,
      {
        config: { policy: 'signed-in' },
        schema: {
          tags,
          operationId: kind === 'log' ? 'listIhubLog' : 'listIhubTracking',
          summary:
            kind === 'log'
              ? 'Every ERP message of a model (or all), newest first; format=xlsx for a workbook (ihub roles, admin)'
              : 'The latest ERP message of each document of a model; format=xlsx for a workbook (ihub roles, admin)',
          params: IhubModelParamsSchema,
          querystring: IhubListRequestSchema,
          response: { 200: ListOrXlsx, ...errors },
        },
      },
      async (req, reply) => {
        const list = await erp.list(caller(req), kind, req.params.model, req.query);
        if (req.query.format !== 'xlsx') return list;
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', XLSX)
          .header(
            'content-disposition',
            `attachment; filename="ihub-${kind}-${req.params.model}-${day}.xlsx"`,
          )
          .send(await monitorWorkbook(`${kind} ${req.params.model}`, list.items));
      },
    );

  app.get(
    '/ihub/status',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'ihubStatus',
        summary:
          'Where the integration sends (ERP, the demo simulator, or off) and the message counts by status',
        response: { 200: described(IhubStatusSchema, 'the integration status'), ...errors },
      },
    },
    (req) => erp.status(caller(req)),
  );

  app.get(
    '/ihub/message/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getIhubMessage',
        summary: 'One ERP message with its payload and answer (credentials masked)',
        params: IhubIdParamsSchema,
        response: { 200: IhubMessageSchema, ...errors },
      },
    },
    (req) => erp.get(caller(req), req.params.id),
  );

  app.post(
    '/ihub/import/:kind',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'importFromErp',
        summary:
          'Imports suppliers, materials, C004 contracts or P999 orders from the ERP now (ihub roles, admin); idempotent',
        params: Type.Object({ kind: Type.Union(IMPORT_KINDS.map((k) => Type.Literal(k))) }),
        response: {
          200: Type.Object(
            { created: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer() },
            { description: 'what the import created, updated and found unchanged' },
          ),
          ...errors,
        },
      },
    },
    (req) => erp.importNow(caller(req), req.params.kind),
  );

  const action = (name: 'retry' | 'cancel' | 'resend', summary: string) =>
    app.post(
      `/ihub/message/:id/${name}`,
      {
        config: { policy: 'signed-in' },
        schema: {
          tags,
          operationId: `${name}IhubMessage`,
          summary,
          params: IhubIdParamsSchema,
          ...(name === 'resend' ? { body: IhubResendSchema } : {}),
          response: { 200: IhubMessageSchema, ...errors },
        },
      },
      (req) =>
        name === 'cancel'
          ? erp.cancel(caller(req), req.params.id)
          : erp.retry(
              caller(req),
              req.params.id,
              name === 'resend' ? (req.body as { payload: Record<string, unknown> }).payload : undefined,
            ),
    );
  action('retry', 'Sends a dead or cancelled message again now (its document still waits in erp)');
  action('cancel', 'Cancels a waiting, dead or failed message');
  action('resend', 'Corrects the payload of a dead or cancelled message and sends it again');
};
