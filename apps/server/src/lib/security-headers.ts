import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers of every answer (helmet): a Content-Security-Policy the web app runs under,
 * X-Content-Type-Options nosniff, Referrer-Policy, frame rules, and Cache-Control no-store on API
 * answers (they carry tokens, personal data and documents; no shared or browser cache may keep them).
 */

type Directives = Record<string, string[]>;

/**
 * The web app's policy. The built app (apps/web: index.html and Vite's output) loads every script
 * from a file of its own origin: no inline script, no eval, so script-src is 'self' alone.
 * style-src needs 'unsafe-inline': PrimeReact injects <style> elements at runtime (component and
 * z-index styles) and sets style attributes; styles cannot run code, scripts stay locked down.
 */
export const APP_CSP: Readonly<Directives> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // domain logos and icons are files of the app; data: for small images Vite inlines, blob: for
  // downloaded files shown before they are saved
  'img-src': ["'self'", 'data:', 'blob:'],
  // the themes' Inter font and PrimeIcons are files of the app (Vite may inline small ones)
  'font-src': ["'self'", 'data:'],
  // the API is on the same origin
  'connect-src': ["'self'"],
  // the service worker (/sw.js)
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  // the embedded-page route (/frame/{source}) shows pages of the app itself
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // no other site frames the app (clickjacking); the app's own pages and EMBEDDABLE_PREFIXES may be
  // framed by the app itself (adjustHeaders)
  'frame-ancestors': ["'none'"],
  // no upgrade-insecure-requests: the app is also served over plain HTTP inside company networks,
  // where upgrading every request would break it
};

/**
 * The API documentation (@fastify/swagger-ui at /api/docs) runs under the same policy: it loads
 * its scripts from files (no inline script) and its data: images are allowed; checked in
 * Chromium without a violation, so it needs no relaxed policy of its own.
 */
export const DOCS_PREFIX = '/api/docs';

/**
 * Answers the app may show inside its own pages (an order PDF or a file in a frame of the app,
 * opened with a download token): framed by the same origin only, never by another site.
 */
export const EMBEDDABLE_PREFIXES: readonly string[] = ['/api/purchasing/order-pdf/', '/api/files/'];

/**
 * API answers a cache may keep: the documentation's static files, the health probe and the base map's
 * tiles (public images, which the tile route lets the browser keep for a day).
 */
const CACHEABLE_API_PREFIXES: readonly string[] = [DOCS_PREFIX, '/api/health', '/api/map/tiles'];

/**
 * The answer's policy with framing by the same origin allowed. A route's own stricter policy (the
 * file download's `sandbox; default-src 'none'`) is kept; only its frame-ancestors changes.
 */
export function allowSameOriginFraming(csp: string): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors\b/i.test(d));
  return [...directives, "frame-ancestors 'self'"].join('; ');
}

const pathOf = (url: string): string => url.split('?')[0] ?? '/';
const under = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/**
 * The per-path exceptions, set after the route answered (routes may have set headers of their own).
 * A callback hook, not an async function: no promise per answer for work that never waits.
 */
function adjustHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  const path = pathOf(request.url);
  const isApi = path === '/api' || path.startsWith('/api/');
  // the app's own pages too: the dashboard's frame widget and /frame/{source} show them in the app
  const appPage = !isApi && /^text\/html\b/.test(String(reply.getHeader('content-type') ?? ''));
  if (appPage || EMBEDDABLE_PREFIXES.some((p) => path.startsWith(p))) {
    const csp = reply.getHeader('content-security-policy');
    reply.header('content-security-policy', allowSameOriginFraming(typeof csp === 'string' ? csp : ''));
    reply.header('x-frame-options', 'SAMEORIGIN');
  }
  if (isApi && !CACHEABLE_API_PREFIXES.some((p) => under(path, p))) {
    const current = reply.getHeader('cache-control');
    if (typeof current !== 'string' || !/\bno-store\b/.test(current))
      reply.header('cache-control', 'no-store');
  }
  done(null, payload);
}

/**
 * The app's policy with the external chat widget's origins (env CHAT_WIDGET_ORIGINS) allowed where
 * a widget needs them: its script, its frame, its images and its connections. Nothing else opens.
 */
export function appCsp(widgetOrigins: ReadonlyArray<string> = []): Directives {
  const out: Directives = { ...APP_CSP };
  for (const d of ['script-src', 'frame-src', 'img-src', 'connect-src'])
    out[d] = [...(APP_CSP[d] ?? []), ...widgetOrigins];
  return out;
}

/**
 * The headers helmet writes on every answer, read once by running its middleware against a response
 * that records them: they depend only on the options, never on the request.
 */
function helmetHeaders(setHeaders: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  setHeaders({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Registers helmet's headers and the per-path exceptions on the root instance (every route, the
 * 404s too). Helmet runs once, here: @fastify/helmet built its middleware again from these options
 * on every request (parsing the CSP directives each time), and even built once, its chain of a dozen
 * middlewares, each setting one header on the raw response, was the largest cost of a look-up
 * outside the database. Each answer now takes the same header set in one call, before its route
 * runs, so a route's own header of the same name (the file download's stricter policy) still wins.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { chatWidgetOrigins?: ReadonlyArray<string> } = {},
): Promise<void> {
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: appCsp(options.chatWidgetOrigins) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HTTPS deployments: 180 days, this host only (other hosts of the company may still be HTTP)
      strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
      // the app loads nothing cross-origin; COEP would only get in the way of opened PDFs
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', adjustHeaders);
}
