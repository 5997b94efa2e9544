import type { FastifyServerOptions } from 'fastify';

/** Fastify's logger options (pino's, with Fastify's serializers). */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The server log never carries a credential: bearer tokens, cookies, download tokens, password
 * links or passwords. Fastify logs each request's method and URL (and errors); a URL carries a
 * download token as `?access_token=` and a set-password link token as a path segment, and a
 * header or body could reach the log through an error or a later `request.log` call, so both
 * the URL serializer and pino's redaction scrub them.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential (compared lower-case). */
const SECRET_PARAMS = new Set(['access_token', 'token', 'password', 'refresh_token', 'secret']);

/** Path segments that are credentials: /api/auth/set-password/{token}. */
const SECRET_PATH = /(\/set-password\/)[^/?#]+/gi;

/** The URL with credential values in its query and path replaced by [redacted]. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
      } catch {
        name = raw.toLowerCase();
      }
      return SECRET_PARAMS.has(name) ? `${raw}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Every place a credential may sit in a logged object (pino fast-redact paths). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  // a credential as a key of the logged object itself, or of any object in it
  'password',
  'newPassword',
  'token',
  'access_token',
  'accessToken',
  'tokenHash',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.access_token',
  '*.accessToken',
  '*.tokenHash',
  'body.password',
  'body.token',
  'req.body.password',
  'req.body.token',
  'req.query.access_token',
  'req.query.token',
  'query.access_token',
  'query.token',
];

/**
 * The Fastify logger of the app: `false` when silent, else pino options with the URL serializer
 * and the redaction above. `destination` (tests) receives the log lines instead of stdout.
 */
export function loggerOptions(env: {
  logLevel: string;
  logDestination?: { write(line: string): void } | undefined;
}): false | LoggerOptions {
  if (env.logLevel === 'silent') return false;
  return {
    level: env.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(env.logDestination ? { stream: env.logDestination } : {}),
  };
}
