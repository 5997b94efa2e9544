import type { ApiFieldError } from '@p2p/domain';

/** Every failure the services raise, mapped once to an HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  token_invalid: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  internal: 500,
  unavailable: 503,
  rate_limited: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The stable `key` of the error body, e.g. 'auth.token-invalid'; defaults to 'error.<code>'. The
 * message is the English text (the spec's where it gives one): the error handler answers it in the
 * caller's language through the message catalogue of the domain (packages/domain/src/i18n), so a
 * new message gets its Portuguese text there.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: string;
  readonly errors: ApiFieldError[];
  readonly statusCode: number;

  constructor(code: ErrorCode, message: string, opts: { key?: string; errors?: ApiFieldError[] } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.key = opts.key ?? `error.${code.replace(/_/g, '-')}`;
    this.errors = opts.errors ?? [];
  }
}

/** A 400 carrying one entry per failing field. */
export const fieldErrors = (message: string, errors: ApiFieldError[], key = 'error.validation'): AppError =>
  new AppError('validation', message, { key, errors });

export const notFound = (message = 'Not found.'): AppError => new AppError('not_found', message);
export const forbidden = (message = 'You are not allowed to do this.', key?: string): AppError =>
  new AppError('forbidden', message, key ? { key } : {});

/**
 * Throws the errors as one 400 (their messages joined, as the save's validation does), or nothing
 * when there are none: `refuseFieldErrors(amountLimitErrors(priced), 'document.invalid')`.
 */
export function refuseFieldErrors(errors: ApiFieldError[], key = 'error.validation'): void {
  if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors, key);
}
