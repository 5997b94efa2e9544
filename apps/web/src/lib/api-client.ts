import {
  TIMEOUTS,
  errorMessage,
  isInvalidTokenError,
  type ApiErrorBody,
  type ApiFieldError,
} from '@p2p/domain';
import { t } from './i18n.ts';
import { networkDownStore, offlineStore } from './offline.ts';
import { takeEarly } from './early-requests.ts';
import { apiUrl, headersFor, type Query } from './request.ts';
import { resetSession, sessionStore } from './session.ts';
import { showToast } from './toasts.ts';

export { apiUrl, preferredDomain, type Query } from './request.ts';

/** The headers of a call in the current session. */
export const buildHeaders = (extra: Record<string, string> = {}): Record<string, string> =>
  headersFor(sessionStore.get(), extra);

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

function timeoutFor(path: string, opts: RequestOptions): number {
  if (opts.timeoutMs) return opts.timeoutMs;
  if (opts.long) return TIMEOUTS.longMs;
  if (path.startsWith('/config')) return TIMEOUTS.configMs;
  return TIMEOUTS.fetchMs;
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

/** `pending`, or a rejection when `signal` aborts first (an early call obeys the caller's timeout). */
const untilAborted = <T>(pending: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });

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
    const url = apiUrl(path, opts.query);
    const method = opts.method ?? (opts.body !== undefined ? 'POST' : 'GET');
    // a reload's first calls were started before the app's code loaded (early-requests.ts)
    const early = method === 'GET' ? takeEarly(url, headers) : null;
    res = await (early
      ? untilAborted(early, controller.signal)
      : fetch(url, { method, headers, body, signal: controller.signal }));
  } catch (err) {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    // a caller cancelling its own request is not a network problem
    if (opts.signal?.aborted) throw err;
    const message = t('messages.network');
    // the banner says it on every view from now on; a toast only for the first failure
    if (!networkDownStore.get()) showToast({ severity: 'error', detail: message });
    networkDownStore.set(true);
    throw new ApiError(message, 0);
  }

  // an answer, whatever it says, means the network is back, unless the browser itself still says
  // it is offline (an answer a service worker got on its own is no sign): its 'online' event clears it
  if (typeof navigator === 'undefined' || navigator.onLine !== false) networkDownStore.set(false);
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
