import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { erpEnvFrom, type ErpEnv } from '../erp/erp.config.ts';

/** The repository root, found from this module's location so the cwd does not matter. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_ROOT = resolve(REPO_ROOT, 'apps/server');

export interface AppEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demo: boolean;
  /**
   * DEMO_HISTORY (default true): with the demo data, two years of history at the first start (about
   * 5,400 documents, for dashboards and reports); false keeps the 14-order demo (browser tests).
   */
  demoHistory: boolean;
  rateLimitMax: number;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none, so the
   * rate limit and the logs key on the connection's own address and a client cannot pick its key.
   */
  trustProxy: string[];
  tokenTtlHours: number;
  /** null: read the flag from app_settings */
  maintenance: boolean | null;
  externalLoginUrl: string | null;
  webDist: string;
  /**
   * origins the external chat widget loads from (CHAT_WIDGET_ORIGINS, comma list of https origins):
   * the app's Content-Security-Policy allows them for scripts, frames, images and connections
   */
  chatWidgetOrigins: string[];
  /** Logger level; tests silence it. */
  logLevel: string;
  /**
   * Where uploaded file bytes live: FILE_DIR, else `files` under DATA_DIR (for PostgreSQL too; give
   * several servers one shared FILE_DIR). The bytes never pass through the database.
   */
  fileDir: string;
  /** SMTP_URL: the relay outgoing mail goes through (mail/); null: links are shown to an administrator. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of outgoing mail. */
  mailFrom: string;
  /**
   * APP_URL: the address users open the app at, for links in e-mails (set-password); null: taken
   * from the request that causes the mail (its Host header).
   */
  appUrl: string | null;
  /** The delivery map (map/): tile URL template ({z}/{x}/{y}), its User-Agent, OSRM and Photon bases. */
  map?: MapEnv;
  /** the ERP connection (ERP_URL, credentials, sap-client; erp/erp.config.ts); none: the demo simulator */
  erp?: ErpEnv;
  /** Tests only: the stream the server log is written to (unset: standard output). */
  logDestination?: { write(line: string): void };
}

/** The directory of uploaded files (see AppEnv.fileDir); FILE_STORAGE may only name 'dir'. */
export function fileDirFrom(source: NodeJS.ProcessEnv): string {
  if (source.FILE_STORAGE && source.FILE_STORAGE !== 'dir')
    throw new Error(
      `FILE_STORAGE=${source.FILE_STORAGE} is not supported: uploads stream to a directory (FILE_DIR, default DATA_DIR/files)`,
    );
  return resolve(source.FILE_DIR || join(source.DATA_DIR || './data', 'files'));
}

const bool = (v: string | undefined): boolean | null =>
  v === undefined || v === '' ? null : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

function positiveInt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got '${v}'`);
  return n;
}

/** A comma list of https origins ('https://host[:port]'); anything else stops the start. */
function originList(name: string, raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list)
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin))
      throw new Error(`${name}: '${origin}' is not an https origin (https://host[:port]).`);
  return list;
}

/** Parsed once at boot; every other module receives the result. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  return {
    port: positiveInt('PORT', source.PORT, 8080),
    host: source.HOST || '0.0.0.0',
    dataDir: resolve(source.DATA_DIR || './data'),
    databaseUrl: source.DATABASE_URL || null,
    demo: bool(source.DEMO) ?? true,
    demoHistory: bool(source.DEMO_HISTORY) ?? true,
    rateLimitMax: positiveInt('RATE_LIMIT_MAX', source.RATE_LIMIT_MAX, 1000),
    trustProxy: (source.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    tokenTtlHours: positiveInt('TOKEN_TTL_HOURS', source.TOKEN_TTL_HOURS, 12),
    maintenance: bool(source.MAINTENANCE),
    externalLoginUrl: source.EXTERNAL_LOGIN_URL || null,
    webDist: source.WEB_DIST ? resolve(REPO_ROOT, source.WEB_DIST) : resolve(REPO_ROOT, 'apps/web/dist'),
    logLevel: source.LOG_LEVEL || 'info',
    chatWidgetOrigins: originList('CHAT_WIDGET_ORIGINS', source.CHAT_WIDGET_ORIGINS),
    fileDir: fileDirFrom(source),
    smtpUrl: source.SMTP_URL || null,
    mailFrom: source.MAIL_FROM || 'P2P <no-reply@p2p.invalid>',
    appUrl: source.APP_URL ? source.APP_URL.replace(/\/+$/, '') : null,
    map: mapEnvFrom(source),
    erp: erpEnvFrom(source),
  };
}

/** The map's providers (TILE_URL, TILE_USER_AGENT, TILE_ATTRIBUTION, OSRM_URL, GEOCODER_URL). */
export interface MapEnv {
  tileUrl: string | null;
  tileUserAgent: string;
  tileAttribution: string | null;
  osrmUrl: string | null;
  geocoderUrl: string | null;
}

export function mapEnvFrom(source: NodeJS.ProcessEnv): MapEnv {
  const url = (name: string): string | null => {
    const v = source[name]?.trim();
    if (!v) return null;
    if (!/^https?:\/\//i.test(v)) throw new Error(`${name} must be an http(s) URL, got '${v}'`);
    return v;
  };
  const tileUrl = url('TILE_URL');
  if (tileUrl && !['{z}', '{x}', '{y}'].every((p) => tileUrl.includes(p)))
    throw new Error('TILE_URL must hold {z}, {x} and {y}');
  return {
    tileUrl,
    tileUserAgent: source.TILE_USER_AGENT?.trim() || 'p2p-procurement-map/0.1 (tile proxy)',
    tileAttribution: source.TILE_ATTRIBUTION?.trim() || (tileUrl ? '© OpenStreetMap contributors' : null),
    osrmUrl: url('OSRM_URL'),
    geocoderUrl: url('GEOCODER_URL'),
  };
}
