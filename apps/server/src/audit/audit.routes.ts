import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuditExportRequestSchema,
  AuditListRequestSchema,
  AuditListSchema,
  binaryResponse,
  described,
  errorResponses,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';

const AuditCsv = binaryResponse(
  'text/csv',
  'A header row, then one row per event, newest first (at most 100,000 rows)',
);

/** The audit trail, for auditors and administrators (403 for everybody else). */
export const auditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { audit } = services;
  const tags = ['audit'];

  app.get(
    '/audit',
    {
      config: { policy: 'auditor' },
      schema: {
        tags,
        operationId: 'listAuditEvents',
        summary: 'Audit events of the caller domain, newest first: {data, count} (auditor or admin)',
        description:
          'Filters: entity, entity_id, model, actor (username or id), action, from and to (days ' +
          'yyyy-MM-dd, UTC, both included, or ISO instants); paging p (1) and l (30, at most 200).',
        querystring: AuditListRequestSchema,
        response: {
          200: described(AuditListSchema, 'One page of events and how many match'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => audit.list(caller(req), req.query),
  );

  app.get(
    '/audit/export',
    {
      config: { policy: 'auditor' },
      schema: {
        tags,
        operationId: 'exportAuditEvents',
        summary: 'The audit events of the same filters as CSV, streamed (auditor or admin)',
        description:
          'x-p2p-truncated: true says more events matched than the 100,000 rows exported; narrow the dates.',
        produces: ['text/csv'],
        querystring: AuditExportRequestSchema,
        response: { 200: AuditCsv, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (req, reply) => {
      const { truncated, lines } = await audit.exportCsv(caller(req), req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('x-p2p-truncated', String(truncated))
        .send(Readable.from(lines));
    },
  );
};
