import { describe, expect, it } from 'vitest';
import { isValidElement, type ReactElement } from 'react';
import type { RouteConfig } from '@p2p/domain';
import { VIEW_KINDS } from '@p2p/domain/api';
import { testConfig } from '../test/render.tsx';
import { appRoutes } from './route-table.tsx';
import { ConfigRuleRoute, FrameRoute, ObjectRoute, QrRoute } from './routes/kit-views.tsx';

const route = (view: RouteConfig['view'], meta: RouteConfig['meta'] = {}): RouteConfig => ({
  path: `/kind-${view}`,
  name: `kind-${view}`,
  view,
  meta,
});

describe('configured route view kinds (seed 000 section 2)', () => {
  const routes = appRoutes(testConfig({ routes: VIEW_KINDS.map((v) => route(v, { model: 'supplier' })) }));
  const elementOf = (path: string) => routes.find((r) => r.path === path)!.element as ReactElement;

  // the placeholder pages ('arrives in a later release') are gone: every route is a named view
  const nameOf = (el: ReactElement) =>
    typeof el.type === 'string' ? el.type : ((el.type as { name?: string }).name ?? '');
  it('every kind renders a real view, no placeholder', () => {
    for (const view of VIEW_KINDS) {
      const el = elementOf(`/kind-${view}`);
      expect(isValidElement(el), view).toBe(true);
      expect(nameOf(el), view).not.toMatch(/placeholder/i);
    }
    for (const r of routes) expect(nameOf(r.element as ReactElement), r.path).not.toMatch(/placeholder/i);
  });
  it('obj and invoicesObj open one record; config-rule the rules; frame and qr their pages', () => {
    expect(elementOf('/kind-obj').type).toBe(ObjectRoute);
    expect(elementOf('/kind-invoicesObj').type).toBe(ObjectRoute);
    expect(elementOf('/kind-config-rule').type).toBe(ConfigRuleRoute);
    expect(elementOf('/frame/:source').type).toBe(FrameRoute);
    expect(elementOf('/qr').type).toBe(QrRoute);
  });
});
