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

/**
 * The equality filters of a list (GET /purchasing/{model}?{src}={value}, a comma list for any of):
 * the route's `meta.filter`, then the page url's query string, so a shared link such as
 * /reception?evaluation=due keeps its filter (the url wins over the route for the same key). The
 * keys of the list call itself (q, p, l, s, c, ts) are never filters.
 */
export function listFilters(route: RouteFilter | undefined, search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(route ?? {})) if (!LIST_QUERY_KEYS.has(k)) out[k] = asText(v);
  for (const k of new Set(search.keys())) {
    if (LIST_QUERY_KEYS.has(k)) continue;
    out[k] = search.getAll(k).join(',');
  }
  return out;
}
