import type { ApiErrorBody, ApiFieldError } from '@p2p/domain';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { AppError } from './app-error.ts';

export const INVALID_REQUEST = 'Invalid request.';
export const INTERNAL_ERROR = 'Internal server error.';

export const errorBody = (
  status: number,
  message: string,
  key: string,
  errors: ApiFieldError[] = [],
): ApiErrorBody => ({
  message,
  key,
  _status: status,
  data: { errors },
});

/** '/company/address/city' -> 'company.address.city'; 'required' names each missing property. */
function validationEntries(list: FastifySchemaValidationError[], part: string | undefined): ApiFieldError[] {
  const entries: ApiFieldError[] = [];
  for (const v of list) {
    const base = v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const missing = (v.params as { requiredProperties?: string[]; missingProperty?: string }) ?? {};
    const props = missing.requiredProperties ?? (missing.missingProperty ? [missing.missingProperty] : null);
    if (v.keyword === 'required' && props) {
      for (const p of props) entries.push({ field: base ? `${base}.${p}` : p, message: `${p} is required.` });
      continue;
    }
    // The 'boolean' keyword repeats a failure already reported by its parent schema.
    if (v.keyword === 'boolean') continue;
    const field = base || part || 'request';
    if (!entries.some((e) => e.field === field))
      entries.push({ field, message: `${field} ${v.message ?? 'is not valid'}` });
  }
  return entries;
}

/** One place turns every thrown error into the specification's error body. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.statusCode, error.message, error.key, error.errors));
    }
    if (error.validation) {
      const entries = validationEntries(error.validation, error.validationContext);
      return reply.status(400).send(errorBody(400, INVALID_REQUEST, 'error.validation', entries));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, error.message, `error.http-${status}`));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(errorBody(status, INTERNAL_ERROR, 'error.internal'));
  });
}

/** 404 in the error shape for API paths; other paths are left to the web app fallback. */
export const apiNotFound = (method: string, url: string): ApiErrorBody =>
  errorBody(404, `Route ${method} ${url.split('?')[0]} not found.`, 'error.not-found');
