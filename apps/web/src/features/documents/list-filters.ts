import { LIST_QUERY_KEYS } from './api/list-documents.ts';

/** A filter value of a route: one value, or several (any of them matches). */
export type FilterValue = string | number | boolean | ReadonlyArray<string | number>;

/** The filters a route names in its meta (`meta.filter: {state: 'approval'}`). */
export type RouteFilter = Readonly<Record<string, FilterValue>>;

const asText = (v: FilterValue): string => (Array.isArray(v) ? v.join(',') : String(v));

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isFilterValue = (v: unknown): v is FilterValue =>
  isScalar(v) || (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number'));

/**
 * The `filter` of a route's meta (server configuration, so read defensively): its entries whose
 * values are texts, numbers, booleans or lists of them; undefined when it has none.
 */
export function routeFilter(meta: Readonly<Record<string, unknown>> | undefined): RouteFilter | undefined {
  const raw = meta?.filter;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw).flatMap(([k, v]) => (isFilterValue(v) ? [[k, v] as const] : []));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Keys of the page url that are the page's own, never a filter of the list call (the trash view). */
export const PAGE_ONLY_KEYS: ReadonlySet<string> = new Set(['trash']);

/**
 * The filters a link carries in the page url's query string (/orders?supplier=..&createdFrom=..,
 * /reception?evaluation=due), a comma list for several values: every key but those of the list
 * call itself (q, p, l, s, c, ts) and the page's own (trash).
 */
export function linkFilters(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of new Set(search.keys())) {
    if (LIST_QUERY_KEYS.has(k) || PAGE_ONLY_KEYS.has(k)) continue;
    out[k] = search.getAll(k).join(',');
  }
  return out;
}

/**
 * The equality filters of a list (GET /purchasing/{model}?{src}={value}, a comma list for any of):
 * the route's `meta.filter`, then the link's (linkFilters), so a shared link keeps its filter (the
 * url wins over the route for the same key).
 */
export function listFilters(route: RouteFilter | undefined, search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(route ?? {})) if (!LIST_QUERY_KEYS.has(k)) out[k] = asText(v);
  return { ...out, ...linkFilters(search) };
}

/** The url without the link's filters: the list's own state (page, size, sort, search) stays. */
export function withoutLinkFilters(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of search) if (LIST_QUERY_KEYS.has(k) || PAGE_ONLY_KEYS.has(k)) next.append(k, v);
  // another set of rows starts on its first page
  next.delete('p');
  return next;
}

/** The url without one of the link's filters (a filter chip's remove); another set of rows starts on page 1. */
export function withoutLinkFilter(search: URLSearchParams, key: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(key);
  next.delete('p');
  return next;
}
