/**
 * The first calls of a reload, started by the small `early` entry (src/early.ts) while the app's
 * code is still loading: the user, the app configuration and, on a document form's url, what the
 * form needs (its model configuration, the purchasing configuration, the organization and the
 * document). The api client takes each answer once, for the same url and headers; anything else
 * goes to the network as usual. Without a session nothing is asked.
 */
import { savedLanguage } from './languages.ts';
import { apiUrl, headersFor } from './request.ts';
import { STORAGE_KEYS, storage } from './storage.ts';
import { storedSession, type StoredSession } from './stored-session.ts';

interface EarlyCall {
  headers: string;
  response: Promise<Response>;
}

const started = new Map<string, EarlyCall>();
/** answers not taken by then are dropped (the app asks again itself) */
const KEEP_MS = 30_000;

// code-unit order, not localeCompare: the first localeCompare of a page builds the ICU collator
// while the app's code waits to run (70 ms under bench:web's sampling profiler)
const headersKey = (headers: Record<string, string>) =>
  JSON.stringify(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function start(session: StoredSession, path: string): void {
  const url = apiUrl(path);
  const headers = headersFor(session);
  const response = fetch(url, { headers });
  // a failure is the taker's to handle; unhandled until taken
  response.catch(() => undefined);
  started.set(url, { headers: headersKey(headers), response });
  setTimeout(() => started.delete(url), KEEP_MS);
}

/** The early answer of a GET of `url` with these headers, once; null when none was started. */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | null {
  const call = started.get(url);
  if (!call) return null;
  started.delete(url);
  return call.headers === headersKey(headers) ? call.response : null;
}

/** The form routes of the app configuration last seen: route path ('/order') -> model. */
export function rememberFormRoutes(routes: Record<string, string>): void {
  storage.setJson(STORAGE_KEYS.formRoutes, routes);
}

const encode = encodeURIComponent;

/**
 * Starts the calls a reload of `pathname` makes first. Answers true when the url is a document
 * form's (the caller then loads the form's code at once too).
 */
export function startEarlyRequests(pathname: string): boolean {
  const session = storedSession();
  if (!session) return false;
  const get = (path: string) => start(session, path);
  const lang = savedLanguage();
  const match = /^(\/[^/]+)\/([^/]+)(?:\/[^/]+)?\/?$/.exec(pathname);
  const routes = storage.getJson<Record<string, string>>(STORAGE_KEYS.formRoutes) ?? {};
  const model = match ? routes[match[1]!] : undefined;
  const id = match && model ? decodeURIComponent(match[2]!) : undefined;
  // the document first: it is the longest answer (a 2,000-line order is ~50 ms of the server's
  // work), and the server answers in the order it is asked while the app's code downloads
  if (model && id && id !== 'new') get(`/purchasing/${encode(model)}/${encode(id)}`);
  get('/profile/user/me');
  get(`/config/app/${encode(lang)}`);
  if (!model) return false;
  get(`/config/model/${encode(lang)}/${encode(model)}`);
  get('/config/purchasing');
  get('/profile/user/groups');
  return true;
}
