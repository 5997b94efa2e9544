import { callerLanguage, translateText, type ApiErrorBody, type ApiFieldError } from '@p2p/domain';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { AppError } from './app-error.ts';
import { registerInputGuard } from './input-guard.ts';

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

/**
 * The language of an answer: the signed-in user's `lang` (the auth hook's caller), else the
 * Accept-Language header of the request (sign-in, public routes, a refused token), else English.
 */
export const requestLanguage = (request: FastifyRequest): string =>
  callerLanguage(request.auth?.user.lang, request.headers['accept-language']);

/** How services join their field messages into the error's message (refuseFieldErrors, fieldErrors). */
const JOINERS = [', ', ' ', '\n'] as const;

/**
 * The error body in `lang`: every message the catalogue knows by its English text translated
 * (packages/domain/src/i18n), others as they are (a field message a domain producer already wrote
 * in the caller's language). A message that joins the field messages is joined again from the
 * translated ones. English answers are exactly what the service raised; `key` never changes.
 */
export function localizedErrorBody(
  status: number,
  message: string,
  key: string,
  errors: ApiFieldError[],
  lang: string,
): ApiErrorBody {
  if (lang === 'en') return errorBody(status, message, key, errors);
  const translated = errors.map((e) => ({ ...e, message: translateText(e.message, lang) }));
  const joiner = errors.length
    ? JOINERS.find((j) => errors.map((e) => e.message).join(j) === message)
    : undefined;
  const text =
    joiner === undefined ? translateText(message, lang) : translated.map((e) => e.message).join(joiner);
  return errorBody(status, text, key, translated);
}

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

/**
 * A PostgreSQL (or PGlite) error that only a value of the request can cause, as the answer it
 * deserves: the guards before the write (input-guard.ts, the domain's text and amount limits) keep
 * these from happening; this is the net for a value they do not know yet. The statement failed, so
 * the transaction around it is rolled back and nothing changed. Logged as a warning: each one
 * names a guard to add.
 */
const DATABASE_REFUSALS: ReadonlyArray<{ test: (code: string) => boolean; error: () => AppError }> = [
  // class 22, data exception: numeric overflow, NUL in text or jsonb, invalid text representation
  {
    test: (code) => code.startsWith('22'),
    error: () =>
      new AppError('bad_request', 'A value of the request cannot be stored.', { key: 'error.invalid-value' }),
  },
  // program limit exceeded: an index row or a tsvector too large for the value sent
  {
    test: (code) => code === '54000',
    error: () =>
      new AppError('bad_request', 'A value of the request is too large to store.', {
        key: 'error.value-too-large',
      }),
  },
  // unique violation: a concurrent request wrote the same row first
  {
    test: (code) => code === '23505',
    error: () =>
      new AppError('conflict', 'The request conflicts with a concurrent change; try again.', {
        key: 'error.conflict',
      }),
  },
];

function databaseRefusal(error: unknown): AppError | null {
  const e = error as { code?: unknown; severity?: unknown } | null;
  if (!e || typeof e.code !== 'string' || typeof e.severity !== 'string') return null;
  const code = e.code;
  return DATABASE_REFUSALS.find((r) => r.test(code))?.error() ?? null;
}

/**
 * One place turns every thrown error into the specification's error body; the input guard refuses
 * what no route can store (too deep JSON, NUL, unpaired surrogates) in the same shape, before any
 * route runs.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  registerInputGuard(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = requestLanguage(request);
    const refused = databaseRefusal(error);
    if (refused) {
      request.log.warn({ err: error }, 'database refused a value of the request');
      return reply
        .status(refused.statusCode)
        .send(localizedErrorBody(refused.statusCode, refused.message, refused.key, refused.errors, lang));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(localizedErrorBody(error.statusCode, error.message, error.key, error.errors, lang));
    }
    if (error.validation) {
      const entries = validationEntries(error.validation, error.validationContext);
      return reply
        .status(400)
        .send(localizedErrorBody(400, INVALID_REQUEST, 'error.validation', entries, lang));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(localizedErrorBody(status, error.message, `error.http-${status}`, [], lang));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(localizedErrorBody(status, INTERNAL_ERROR, 'error.internal', [], lang));
  });
}

/**
 * Errors the router raises before a request reaches a route (the `frameworkErrors` option of
 * Fastify): a path that does not decode ('%ED%A0%80', 400) or a path parameter over the length limit
 * (414). Without it Fastify writes its own body, not the error shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, 'router failed');
    void reply.status(status).send(errorBody(status, INTERNAL_ERROR, 'error.internal'));
    return;
  }
  const message = status === 414 ? 'A path parameter is too long.' : 'The request path is not valid.';
  request.log.info({ code: error.code }, 'refused by the router');
  void reply
    .status(status)
    .header('x-content-type-options', 'nosniff')
    .send(localizedErrorBody(status, message, `error.http-${status}`, [], requestLanguage(request)));
}

/** 404 in the error shape for API paths; other paths are left to the web app fallback. */
export const apiNotFound = (method: string, url: string): ApiErrorBody =>
  errorBody(404, `Route ${method} ${url.split('?')[0]} not found.`, 'error.not-found');
