import type { ApiFieldError } from '@p2p/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Input no route can store, refused before any route runs with a 400 in the error shape (so a
 * refusal changes nothing):
 * - JSON nested deeper than MAX_JSON_DEPTH: serialising it again (the database write, the answer)
 *   recurses and overflows the stack; no payload of the API is more than a few levels deep.
 * - NUL characters and unpaired UTF-16 surrogates in any string (or key) of the body, the query, the
 *   path parameters and the working-context header: PostgreSQL text and jsonb cannot hold them.
 * - numbers JSON reads as Infinity ('1e400').
 */
export const MAX_JSON_DEPTH = 64;

export const INVALID_INPUT = 'The request holds a value that cannot be stored.';
export const TOO_DEEP = `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** A high surrogate without its low half, or a low surrogate without its high half. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or an unpaired surrogate: text PostgreSQL cannot store. */
export const hasForbiddenText = (text: string): boolean =>
  text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);

/**
 * Whether JSON text opens more than `max` objects or arrays inside each other. One pass over the
 * text that jumps over strings, without parsing: a deep payload is refused before the parser spends
 * time on it (a few milliseconds for a 2 MiB order).
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // the closing quote is the next one not escaped by an odd number of backslashes
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let slashes = 0;
        for (let j = end - 1; text.charCodeAt(j) === 0x5c; j--) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return false; // unterminated: the parser refuses it
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const MAX_ERRORS = 10;

const join = (path: string, key: string | number): string => (path ? `${path}.${key}` : String(key));

/** A value still to visit; its path is spelled out only for an error (most requests have none). */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, root: string): string {
  const keys: Array<string | number> = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>((path, key) => join(path, key), root) || 'request';
}

function addError(errors: ApiFieldError[], visit: Visit, root: string, problem: string): void {
  const field = pathOf(visit, root);
  errors.push({ field, message: `${field} ${problem}` });
}

/**
 * Adds to `errors` every string, key and number of a parsed value that cannot be stored, as field
 * errors named by their path ('lines.0.description'), up to MAX_ERRORS in all. Iterative, so no
 * depth of input can overflow the stack. (Runs on every request: nothing is made for an absent
 * value, and no closure per call.)
 */
function addForbiddenValues(errors: ApiFieldError[], value: unknown, root: string): void {
  if (value === undefined || value === null) return;
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length && errors.length < MAX_ERRORS) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (hasForbiddenText(v))
        addError(errors, visit, root, 'contains a NUL character or an unpaired surrogate.');
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) addError(errors, visit, root, 'is not a finite number.');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: visit });
    } else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        if (hasForbiddenText(k))
          addError(errors, visit, root, 'has a key with a NUL character or an unpaired surrogate.');
        else stack.push({ value: (v as Record<string, unknown>)[k], key: k, parent: visit });
      }
    }
  }
}

/** The body, query, path parameters and decoded context header of a request, checked together. */
function requestErrors(request: FastifyRequest): ApiFieldError[] {
  const errors: ApiFieldError[] = [];
  addForbiddenValues(errors, request.params, '');
  addForbiddenValues(errors, request.query, '');
  addForbiddenValues(errors, request.body, '');
  addForbiddenValues(errors, request.userContext, 'context');
  // an object with many bad keys adds them all in one step
  return errors.length > MAX_ERRORS ? errors.slice(0, MAX_ERRORS) : errors;
}

/**
 * Replaces the JSON body parser with one that first refuses deep nesting (then parses with
 * Fastify's own parser and its prototype-poisoning rules), and adds the check of every string to
 * every route, before validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
      done(
        new AppError('bad_request', TOO_DEEP, {
          key: 'error.json-too-deep',
          errors: [{ field: 'body', message: TOO_DEEP }],
        }),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });

  // a callback, not an async function: no promise per request for a check that never waits
  app.addHook('preValidation', (request, _reply, done) => {
    const errors = requestErrors(request);
    done(
      errors.length
        ? new AppError('bad_request', INVALID_INPUT, { key: 'error.invalid-text', errors })
        : undefined,
    );
  });
}
