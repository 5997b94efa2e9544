import { businessError, conflictError, ErpError, transientError, type ErpMessage } from '../erp.errors.ts';
import { posOfItem } from './odata-values.ts';
import { ourFieldOf } from './sap-entities.ts';

/**
 * HTTP to SAP Gateway (OData v2) on fetch: basic credentials, `sap-client` on every call, a CSRF
 * token fetched per service with the session cookies it is bound to, one re-fetch when a write
 * answers 403 "CSRF token validation failed", a timeout per call, and SAP's v2 error document
 * mapped to typed errors with messages per field and line.
 */

export interface SapConfig {
  /** e.g. https://my-s4.example.com (without /sap/opu/odata/sap) */
  url: string;
  user: string;
  password: string;
  client: string;
  timeoutMs?: number;
  language?: string;
}

export interface SapResponse {
  status: number;
  headers: Headers;
  text: string;
  json: <T = unknown>() => T;
}

interface Session {
  token: string | null;
  cookies: Map<string, string>;
}

const SERVICE_ROOT = '/sap/opu/odata/sap/';

export function sapHttp(config: SapConfig) {
  const sessions = new Map<string, Session>();
  const auth = 'Basic ' + Buffer.from(`${config.user}:${config.password}`).toString('base64');
  const session = (service: string) => {
    let s = sessions.get(service);
    if (!s) sessions.set(service, (s = { token: null, cookies: new Map() }));
    return s;
  };

  function address(service: string, path: string): string {
    const u = new URL(config.url.replace(/\/$/, '') + SERVICE_ROOT + service + '/' + path.replace(/^\//, ''));
    u.searchParams.set('sap-client', config.client);
    if (config.language) u.searchParams.set('sap-language', config.language);
    return u.toString();
  }

  async function send(
    service: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) {
    const s = session(service);
    const cookie = [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let res: Response;
    try {
      res = await fetch(address(service, path), {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
    } catch (err) {
      // the request may have reached the ERP: a write's outcome is unknown
      const write = method !== 'GET' && method !== 'HEAD';
      throw transientError(`ERP not reachable: ${(err as Error).message}`, null, write);
    }
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      if (i > 0) s.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
    } satisfies SapResponse;
  }

  async function fetchToken(service: string): Promise<string> {
    const res = await send(service, 'GET', '', { 'x-csrf-token': 'Fetch' });
    const token = res.headers.get('x-csrf-token');
    if (res.status >= 400 || !token) throw toError(res, 'GET');
    session(service).token = token;
    return token;
  }

  return {
    /**
     * One call. Writes carry the CSRF token (fetched first when none); a 403 that asks for a token
     * fetches a new one once and repeats the call. Answers >= 400 become typed errors.
     */
    async request(
      service: string,
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      path: string,
      opts: { body?: string; headers?: Record<string, string> } = {},
    ): Promise<SapResponse> {
      const write = method !== 'GET';
      const go = async () => {
        const token = write ? (session(service).token ?? (await fetchToken(service))) : null;
        return send(
          service,
          method,
          path,
          {
            ...(token ? { 'x-csrf-token': token } : {}),
            ...(opts.body !== undefined && !opts.headers?.['content-type']
              ? { 'content-type': 'application/json' }
              : {}),
            ...opts.headers,
          },
          opts.body,
        );
      };
      let res = await go();
      if (write && res.status === 403 && res.headers.get('x-csrf-token')?.toLowerCase() === 'required') {
        session(service).token = null;
        res = await go();
      }
      if (res.status >= 400) throw toError(res, method);
      return res;
    },
    /** forget tokens and cookies (tests; a new process starts without) */
    reset: () => sessions.clear(),
  };
}

export type SapHttp = ReturnType<typeof sapHttp>;

interface SapV2Error {
  error?: {
    code?: string;
    message?: { lang?: string; value?: string };
    innererror?: {
      errordetails?: Array<{ code?: string; message?: string; target?: string; severity?: string }>;
    };
  };
}

/** The item and property of a v2 message target such as `to_PurchaseOrderItem('20')/OrderQuantity`. */
export function targetOf(target: string | undefined): { field: string | null; line: { pos: number } | null } {
  if (!target) return { field: null, line: null };
  const item = /Item\(?[^)]*?'?0*(\d+)'?\)?\/?(\w+)?$/.exec(target) ?? /Item\/0*(\d+)\/(\w+)$/.exec(target);
  if (item) return { line: { pos: posOfItem(item[1]!) }, field: item[2] ?? null };
  const prop = /(\w+)$/.exec(target.replace(/^\//, ''));
  return { field: prop?.[1] ?? null, line: null };
}

/** SAP's v2 error document -> our error kinds with messages per field and line. */
export function toError(res: SapResponse, method: string): ErpError {
  let doc: SapV2Error = {};
  try {
    doc = JSON.parse(res.text) as SapV2Error;
  } catch {
    /* not JSON: an HTML error page of a proxy */
  }
  const main = doc.error?.message?.value ?? `ERP answered ${res.status}`;
  const code = doc.error?.code ?? String(res.status);
  if (res.status === 412 || res.status === 428 || res.status === 409) return conflictError(main, res.status);
  if (res.status >= 500 || res.status === 429 || res.status === 408)
    return transientError(main, res.status, res.status === 504 && method !== 'GET');
  if (res.status === 401 || res.status === 403)
    // credentials or authorisations: nothing the buyer can correct; the operator must act
    return transientError(main, res.status);
  const details: ErpMessage[] = (doc.error?.innererror?.errordetails ?? [])
    .filter((d) => d.code !== '/IWBEP/CX_MGW_BUSI_EXCEPTION')
    .map((d) => {
      const { field, line } = targetOf(d.target);
      return {
        code: d.code ?? code,
        // SAP's text as it is, on our field and line
        message: d.message ?? main,
        severity: d.severity === 'warning' || d.severity === 'info' ? d.severity : 'error',
        field: field ? ourFieldOf(field) : null,
        line,
        ...(field ? { erpField: field } : {}),
      };
    });
  if (!details.length) details.push({ code, message: main, severity: 'error', field: null, line: null });
  return businessError(main, details, res.status);
}
