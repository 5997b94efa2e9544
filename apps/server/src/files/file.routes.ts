import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FILE_SIZE_LIMIT } from '@p2p/domain';
import { described, errorResponses, UploadResponseSchema } from '@p2p/domain/api';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { caller } from '../auth/auth.hook.ts';
import { AppError } from '../lib/app-error.ts';
import type { Services } from '../services.ts';
import { FileDownload, FileParams, FileQuery } from './file.schema.ts';
import type { UploadedPart, UploadInput } from './file.service.ts';

/** Parts larger than this are cut by the multipart parser (their size is then "at least"). */
export const STREAM_CEILING = 2 * FILE_SIZE_LIMIT;
const MAX_FILES = 20;

/**
 * A download link carries the token as `?access_token=` (seed 001 section 7) because a browser
 * link cannot send a header. Only for GET /api/files/{id}: this route-level hook runs before the
 * auth choke point and turns the query parameter into the bearer header it checks. A request
 * that already sends an Authorization header keeps it.
 */
const tokenFromQuery: onRequestHookHandler = async (request) => {
  const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
  if (!request.headers.authorization && typeof token === 'string' && token)
    request.headers.authorization = `Bearer ${token}`;
};

const bad = (message: string) => new AppError('bad_request', message, { key: 'files.invalid' });

/** Reads every part; file bytes are kept up to the server cap, larger parts are only counted. */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  const files: UploadedPart[] = [];
  const fields: Record<string, string> = {};
  // throwFileSizeLimit is off for the whole plugin: an oversized part is reported with the message.
  const parts = request.parts({ limits: { fileSize: STREAM_CEILING, files: MAX_FILES, fields: 20 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= FILE_SIZE_LIMIT) chunks.push(chunk);
      }
      if (!/^files(\[\d+\])?$/.test(part.fieldname)) continue;
      files.push({
        name: part.filename || 'file',
        contentType: part.mimetype || 'application/octet-stream',
        size,
        bytes: size <= FILE_SIZE_LIMIT ? Buffer.concat(chunks) : null,
      });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  let check: UploadInput['check'] = null;
  if (fields.check) {
    try {
      const parsed = JSON.parse(fields.check) as { type?: unknown; obj?: unknown };
      if (typeof parsed?.type !== 'string') throw new Error('type');
      check = { type: parsed.type, obj: parsed.obj };
    } catch {
      throw bad('check must be JSON {type, obj}.');
    }
  }
  let maxSize: number | null = null;
  if (fields.maxSize) {
    maxSize = Number(fields.maxSize);
    if (!Number.isFinite(maxSize) || maxSize <= 0) throw bad('maxSize must be a positive number of bytes.');
  }
  return {
    files,
    maxSize,
    extensions: fields.extensions ?? null,
    check,
    documentId: fields.documentId || null,
    model: fields.model || null,
  };
}

/** '"' and control characters out; a UTF-8 filename* for the rest. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** POST /api/files (multipart) and GET /api/files/{id} (seed 001 section 7). */
export const fileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { files } = services;
  const tags = ['files'];
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post(
    '/files',
    {
      schema: {
        tags,
        operationId: 'uploadFiles',
        summary:
          'Upload files (multipart files[0..n]; optional check JSON {type, obj}, maxSize, extensions, documentId + model). ' +
          'Size and extension checks run before anything is stored. info is always null: text extraction is not available.',
        consumes: ['multipart/form-data'],
        response: {
          200: described(UploadResponseSchema, 'The stored files'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw bad('Send the files as multipart/form-data.');
      return files.upload(caller(req), await readUpload(req));
    },
  );

  app.get(
    '/files/:id',
    {
      onRequest: tokenFromQuery,
      schema: {
        tags,
        operationId: 'downloadFile',
        summary: 'The file content (inline). Accepts the token as ?access_token= for download links.',
        params: FileParams,
        querystring: FileQuery,
        response: { 200: FileDownload, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req, reply) => {
      const { meta, bytes } = await files.read(caller(req), req.params.id);
      return reply
        .header('content-type', meta.contentType)
        .header('content-length', String(bytes.length))
        .header('content-disposition', contentDisposition(meta.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
