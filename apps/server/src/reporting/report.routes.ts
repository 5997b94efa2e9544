import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ColorListSchema,
  ColorsParamsSchema,
  described,
  errorResponses,
  ExportRequestSchema,
  ReportIdParamsSchema,
  ReportingConfigSchema,
  ReportListSchema,
  ReportQueryRequestSchema,
  ReportQuerySchema,
  ReportResultSchema,
  ReportSavedSchema,
  ReportTimeRangeListSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import { seriesColors } from './report.colors.ts';
import { exportData } from './report.export.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const binary = { schema: { type: 'string', format: 'binary' } };
const ExportFile = {
  description: 'The rows as a workbook (format xlsx, the default) or a CSV file (format csv)',
  content: { [XLSX]: binary, 'text/csv': binary },
};
const readErrors = errorResponses(400, 401, 403, 404, 503);

/** Reports (seed 000 section 7, seed 001 sections 2.9 and 7): configuration, queries, results, exports. */
export const reportingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { reporting } = services;
  const tags = ['reporting'];

  app.get(
    '/config/query',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getReportingConfig',
        summary:
          'The reporting configuration: data sources, field descriptors, metric functions, intervals, time ranges',
        description:
          "Data sources are the models the caller may view ('order') and their lines ('order-lines'); fields hidden " +
          'from its roles (and, for suppliers, staff references) are not offered.',
        response: {
          200: described(ReportingConfigSchema, 'What the report builder offers the caller'),
          ...readErrors,
        },
      },
    },
    (req) => reporting.config(caller(req)),
  );
  app.get(
    '/reporting/config/timePeriod',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'listReportTimeRanges',
        summary: 'The time ranges of reports (over the creation time); the fifth is the default',
        response: { 200: described(ReportTimeRangeListSchema, 'The time ranges'), ...readErrors },
      },
    },
    (req) => reporting.timePeriods(caller(req)),
  );
  app.get(
    '/reporting/queries',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'listReportQueries',
        summary: "The caller's reports and the tenant's shared system queries, newest first",
        response: { 200: described(ReportListSchema, 'The reports the caller may open'), ...readErrors },
      },
    },
    (req) => reporting.list(caller(req)),
  );
  app.get(
    '/reporting/query/:id',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'getReportQuery',
        summary: 'A report: one of the caller, a shared system query, or a built-in one (a dashboard figure)',
        params: ReportIdParamsSchema,
        response: {
          200: described(ReportQuerySchema, 'The report with _editable.ok for the caller'),
          ...readErrors,
        },
      },
    },
    (req) => reporting.get(caller(req), req.params.id),
  );
  app.post(
    '/reporting/query/save',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'saveReportQuery',
        summary: 'Save a report (a new one without _id, or create/duplicate); answers {message, id}',
        description:
          'The checks of seed 001 section 5 in order (400 with their exact messages); empty rows are dropped. ' +
          'System queries are shared with the tenant and saved by administrators (403 otherwise); a report ' +
          'the caller may not edit answers 403, one it cannot see 404.',
        body: ReportQueryRequestSchema,
        response: {
          200: described(ReportSavedSchema, 'Saved'),
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    (req) => reporting.save(caller(req), req.body),
  );
  app.post(
    '/reporting/query/result',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'runReportQuery',
        summary: "A report's result over the documents in the caller's scope: {items, fields, tableOptions}",
        description:
          'Every item carries `_filter`, the query string of GET /purchasing/{tableOptions.model} that lists ' +
          'exactly the documents behind it. A statement stops after 120 s (503 reporting.timeout) and, on ' +
          'PostgreSQL, when the client disconnects.',
        body: ReportQueryRequestSchema,
        response: { 200: described(ReportResultSchema, 'The rows of the report'), ...readErrors },
      },
    },
    async (req, reply) => {
      // the client went away before the answer: stop the statement (PostgreSQL)
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) gone.abort();
      };
      reply.raw.on('close', onClose);
      try {
        return await reporting.result(caller(req), req.body, gone.signal);
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
  app.get(
    '/reporting/colors/:count',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'listReportColors',
        summary: 'One colour per series (#rrggbb)',
        params: ColorsParamsSchema,
        response: { 200: described(ColorListSchema, 'The colours'), ...errorResponses(400, 401, 503) },
      },
    },
    (req) => seriesColors(req.params.count),
  );
  app.post(
    '/reporting/export-data',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'exportReportData',
        summary: 'The headers and rows sent, as an xlsx workbook or a CSV file',
        produces: [XLSX, 'text/csv'],
        body: ExportRequestSchema,
        response: { 200: ExportFile, ...errorResponses(400, 401, 503) },
      },
    },
    async (req, reply) => {
      const file = await exportData(req.body);
      const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
