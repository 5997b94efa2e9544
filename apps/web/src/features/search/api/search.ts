import type { AppConfig } from '@p2p/domain';

/** A search hit (GET /search and /search/{model}?q&p&l&c). */
export interface SearchHit {
  _id: string;
  model: string;
  key?: string | null;
  subtype?: string | null;
  state?: string | null;
  title?: string | null;
  snippet?: string | null;
  url?: string | null;
  [k: string]: unknown;
}

export const searchUrl = (model?: string) => (model ? `/search/${encodeURIComponent(model)}` : '/search');

/** The list routes of the server's model routes, first route per model ('/order' for order). */
export function modelRoutes(config: Pick<AppConfig, 'routes'>): Array<{ model: string; path: string; name: string }> {
  const seen = new Set<string>();
  const out: Array<{ model: string; path: string; name: string }> = [];
  for (const r of config.routes) {
    const model = r.meta?.model;
    if (!model || seen.has(model) || !(r.view === 'model' || r.view === 'list')) continue;
    seen.add(model);
    out.push({ model, name: r.name, path: '/' + r.path.replace(/^\/+/, '').replace(/\/+$/, '') });
  }
  return out;
}

/** Where a hit opens: its url, else {model route}/{id}. */
export function hitUrl(hit: Pick<SearchHit, '_id' | 'model' | 'url'>, routes: Array<{ model: string; path: string }>): string {
  if (hit.url) return hit.url;
  const path = routes.find((r) => r.model === hit.model)?.path ?? `/${hit.model}`;
  return `${path === '/' ? '' : path}/${encodeURIComponent(String(hit._id))}`;
}
