import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  DownloadLinkSchema,
  errorResponses,
  UploadResponseSchema,
  UploadTooLargeSchema,
} from '@p2p/domain/api';
import type { onRequestHookHandler } from 'fastify';
import { authHook, caller } from '../auth/auth.hook.ts';
import { tokenInvalid } from '../auth/auth.service.ts';
import type { Services } from '../services.ts';
import { badRequest, PayloadTooLarge } from './file.errors.ts';
import { FileDownload, FileParams, FileQuery } from './file.schema.ts';
import type { FileContent } from './file.service.ts';
import { discardStaged, stageUpload } from './file.upload.ts';

/** '"' and control characters out; a UTF-8 filename* for the rest. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** POST /api/files (multipart), GET /api/files/{id} (seed 001 section 7) and its download links. */
export const fileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { files } = services;
  const tags = ['files'];
  await app.register(multipart, { throwFileSizeLimit: false });

  /**
   * The download route authenticates itself (it is marked public, so the app's choke point does
   * not run): an Authorization header goes through the same auth hook as every route; without
   * one, `?access_token=` must be a download token for this very file (checked in the handler).
   * A bearer token in the query is never accepted: query strings end up in logs and histories.
   */
  const requireAuth = authHook(services.auth);
  const headerOrLinkToken: onRequestHookHandler = async (request, reply) => {
    if (request.headers.authorization) return requireAuth.call(app, request, reply, () => {});
    const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token !== 'string' || !token) throw tokenInvalid();
  };

  app.post(
    '/files',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'uploadFiles',
        summary:
          'Upload files (multipart files[0..n]; optional check JSON {type, obj}, maxSize, extensions, documentId + model). ' +
          'The files stream to storage; at most 20 files and 50,000,000 bytes per request and 1,000,000,000 bytes ' +
          'stored per user (413). Size and extension checks run before anything is kept. With a check, info is ' +
          'the text of the fields recognised in the PDFs (summarize: VAT number, name, address; taxAuthority and ' +
          'socialSecurity: the regularised situation, NIF and dates), read by OCR (tesseract) for scans where the ' +
          'server has it, and recognised holds the same findings as fields (vat, name, address, street, postcode, ' +
          'city, regularized, issued, validTo) for a form to fill its own; both null without a check.',
        consumes: ['multipart/form-data'],
        response: {
          200: described(UploadResponseSchema, 'The stored files'),
          413: UploadTooLargeSchema,
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
      const auth = caller(req);
      const staged = await stageUpload(req, files.storage, await files.uploadBudget(auth)).catch(
        (err: unknown) => {
          // the client may still be sending: close the connection rather than read the rest
          if (err instanceof PayloadTooLarge) void reply.header('connection', 'close');
          throw err;
        },
      );
      try {
        return await files.upload(auth, staged);
      } finally {
        await discardStaged(files.storage, staged);
      }
    },
  );

  app.post(
    '/files/:id/download-token',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'createFileDownloadLink',
        summary:
          'A link to download the file for 5 minutes without the bearer token: ' +
          '/api/files/{id}?access_token={download token}. 404 outside the caller scope.',
        params: FileParams,
        response: {
          200: described(DownloadLinkSchema, 'The download link and when it expires'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => files.downloadLink(caller(req), req.params.id),
  );

  app.get(
    '/files/:id',
    {
      config: { public: true, policy: 'documents' },
      onRequest: headerOrLinkToken,
      schema: {
        tags,
        operationId: 'downloadFile',
        summary:
          'The file content (inline). Needs the bearer header, or for download links a download token ' +
          'as ?access_token= (POST /files/{id}/download-token); a bearer token there is refused (401).',
        params: FileParams,
        querystring: FileQuery,
        response: { 200: FileDownload, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req, reply) => {
      const { meta, stream, size }: FileContent = req.auth
        ? await files.read(req.auth, req.params.id)
        : await files.readWithToken(req.query.access_token ?? '', req.params.id);
      if (meta.sha256) void reply.header('etag', `"${meta.sha256}"`);
      return reply
        .header('content-type', meta.contentType)
        .header('content-length', String(size))
        .header('content-disposition', contentDisposition(meta.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
