import {
  API_BASE,
  HEADERS,
  TIMEOUTS,
  encodeContext,
  errorMessage,
  isInvalidTokenError,
  type ApiErrorBody,
  type ApiFieldError,
} from '@p2p/domain';
import { t } from './i18n.ts';
import { offlineStore } from './offline.ts';
import { resetSession, sessionStore } from './session.ts';
import { STORAGE_KEYS, storage } from './storage.ts';
import { showToast } from './toasts.ts';

/** A failed call: status >= 400, or status 0 for network failures and timeouts. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: string | null;
  readonly errors: ApiFieldError[];
  readonly body: Partial<ApiErrorBody> | null;
  constructor(message: string, status: number, body: Partial<ApiErrorBody> | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.key = body?.key ?? null;
    this.errors = body?.data?.errors ?? [];
    this.body = body;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable value, or FormData sent as multipart */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** long requests (reports, exports): TIMEOUTS.longMs */
  long?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The domain sent before sign-in (the one chosen on the sign-in page). */
export function preferredDomain(): string | null {
  return storage.get(STORAGE_KEYS.domain);
}

export function buildHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const { token, user } = sessionStore.get();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const domain = user?.domain ?? preferredDomain();
  if (domain) headers[HEADERS.domain] = domain;
  if (user) {
    headers[HEADERS.user] = user.username;
    headers[HEADERS.context] = encodeContext(user.context ?? {});
  }
  return { ...headers, ...extra };
}

function timeoutFor(path: string, opts: RequestOptions): number {
  if (opts.timeoutMs) return opts.timeoutMs;
  if (opts.long) return TIMEOUTS.longMs;
  if (path.startsWith('/config')) return TIMEOUTS.configMs;
  return TIMEOUTS.fetchMs;
}

export function apiUrl(path: string, query?: Query): string {
  const clean = path.startsWith(API_BASE + '/') ? path.slice(API_BASE.length) : path;
  let url = API_BASE + (clean.startsWith('/') ? clean : `/${clean}`);
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (res.status === 202) return text;
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The one way the app talks to the server. */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const headers = buildHeaders(opts.headers);
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    if (isForm) body = opts.body as FormData;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutFor(path, opts));
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
      headers,
      body,
      signal: controller.signal,
    });
  } catch (err) {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    // a caller cancelling its own request is not a network problem
    if (opts.signal?.aborted) throw err;
    const message = t('messages.network');
    showToast({ severity: 'error', detail: message });
    throw new ApiError(message, 0);
  }

  try {
    if (res.status < 400) {
      offlineStore.set(false);
      return (await readBody(res)) as T;
    }
    const parsed = await readBody(res).catch(() => undefined);
    const errBody = parsed && typeof parsed === 'object' ? (parsed as Partial<ApiErrorBody>) : null;
    const message = errorMessage(errBody, res.status, res.statusText);
    if (isInvalidTokenError(res.status, errBody?.message ?? message)) {
      if (sessionStore.get().token) resetSession('invalid-token');
    } else if (res.status === 502) {
      offlineStore.set(true);
    } else if (res.status === 503) {
      showToast({ severity: 'warn', detail: t('messages.tooManyRequests') });
    }
    throw new ApiError(message, res.status, errBody);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};
