import type { AppConfig } from '@p2p/domain';

export interface ModelRoute {
  model: string;
  path: string;
  name: string;
}

/** The list routes of the server's model routes, first route per model ('/order' for order). */
export function modelRoutes(config: Pick<AppConfig, 'routes'>): ModelRoute[] {
  const seen = new Set<string>();
  const out: ModelRoute[] = [];
  for (const r of config.routes) {
    const model = r.meta?.model;
    if (!model || seen.has(model) || !(r.view === 'model' || r.view === 'list')) continue;
    seen.add(model);
    out.push({ model, name: r.name, path: '/' + r.path.replace(/^\/+/, '').replace(/\/+$/, '') });
  }
  return out;
}
