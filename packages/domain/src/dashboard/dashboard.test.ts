import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LayoutItem, Widget } from '../api/dashboard.ts';
import { WHAT_IDS } from '../reporting/dashboard-what.ts';
import { renderMessage, translateText } from '../i18n/render.ts';
import {
  DASHBOARD_COLS,
  DASHBOARD_MARGIN,
  DASHBOARD_ROW_HEIGHT,
  frameUrl,
  gaugeColor,
  isFrameUrl,
  NEW_WIDGET_SIZE,
} from './constants.ts';
import {
  addWidget,
  applyPositions,
  duplicateWidget,
  layoutErrors,
  nextItemId,
  removeWidget,
  setWidgetParams,
} from './layout.ts';
import { DASHBOARD_TEXTS } from './messages.ts';
import { roleDefaultWhat } from './role-defaults.ts';

const query = (componentId = 'draft-orders'): Widget => ({ component: 'v-query', componentId, params: {} });
const item = (i: number, over: Partial<LayoutItem> = {}): LayoutItem => ({
  i,
  x: 0,
  y: 0,
  w: 4,
  h: 3,
  widget: query(),
  ...over,
});
const role = (key: string) => ({ role: { key }, roles: [{ key }] });

describe('the grid constants (seed 001 section 9)', () => {
  it('has 12 columns for lg, md and sm, 6 for xs and xxs, rows of 60 and margins of 15 by 15', () => {
    expect(DASHBOARD_COLS).toEqual({ lg: 12, md: 12, sm: 12, xs: 6, xxs: 6 });
    expect(DASHBOARD_ROW_HEIGHT).toBe(60);
    expect(DASHBOARD_MARGIN).toEqual([15, 15]);
    expect(NEW_WIDGET_SIZE).toEqual({ w: 6, h: 6 });
  });

  it('colours a gauge green below 70, amber from 70 to under 90, red from 90', () => {
    expect([0, 69.99, 70, 89.99, 90, 150].map(gaugeColor)).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'red',
    ]);
  });
});

describe('layout rules (seed 001 section 4.3)', () => {
  it('gives a new widget the highest id plus one, 6 by 6, editable, under the others', () => {
    const layout = [item(3, { y: 2, h: 4 }), item(7)];
    const next = addWidget(layout, { component: 'v-activity', params: { kind: 2, count: 5 } });
    expect(next).toHaveLength(3);
    expect(next[2]).toEqual({
      i: 8,
      x: 0,
      y: 6,
      w: 6,
      h: 6,
      editable: true,
      widget: { component: 'v-activity', params: { kind: 2, count: 5 } },
    });
    expect(addWidget([], query())[0]!.i).toBe(1);
  });

  it('next id is always above every id, whatever the layout', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 30 }), (ids) => {
        const next = nextItemId(ids.map((i) => ({ i })));
        return ids.every((i) => next > i) && next === Math.max(0, ...ids) + 1;
      }),
    );
  });

  it('duplicates a widget with its own params and removes one by id', () => {
    const layout = [item(1, { widget: { component: 'v-query', componentId: '12', params: { tr: 'all' } } })];
    const copied = duplicateWidget(layout, 1);
    expect(copied.map((x) => x.i)).toEqual([1, 2]);
    expect(copied[1]!.widget).toEqual(layout[0]!.widget);
    expect(copied[1]!.widget.params).not.toBe(layout[0]!.widget.params);
    expect(removeWidget(copied, 1).map((x) => x.i)).toEqual([2]);
    expect(duplicateWidget(layout, 99)).toEqual(layout);
  });

  it('takes the grid positions and the edited params onto the items, keeping the rest', () => {
    const layout = [item(1), item(2, { editable: true })];
    const moved = applyPositions(layout, [{ i: '2', x: 6, y: 1, w: 5, h: 7 }]);
    expect(moved[1]).toEqual({ ...layout[1], x: 6, y: 1, w: 5, h: 7 });
    expect(moved[0]).toBe(layout[0]);
    expect(setWidgetParams(moved, 2, { tr: 'year' })[1]!.widget.params).toEqual({ tr: 'year' });
  });
});

describe('layout checks', () => {
  it('accepts a proper layout of every kind', () => {
    expect(
      layoutErrors([
        item(1),
        item(2, { x: 4, widget: { component: 'v-activity', params: { kind: 11, count: 50 } } }),
        item(3, { x: 8, widget: { component: 'v-iframe', params: { url: 'https://example.com/x' } } }),
        item(4, { y: 3, widget: { component: 'v-iframe', params: { source: 'stats-helpdesk' } } }),
        item(5, { y: 3, x: 6, widget: { component: 'v-iframe', params: {} } }),
      ]),
    ).toEqual([]);
  });

  it('refuses twice an id, a widget past column 12, a minimum above its maximum, bad settings', () => {
    const errors = layoutErrors([
      item(1),
      item(1, { x: 10, w: 4 }),
      item(2, { minW: 5, maxW: 3 }),
      item(3, { widget: { component: 'v-query', componentId: ' ' } }),
      item(4, { widget: { component: 'v-activity', params: { kind: 12, count: 0 } } }),
      item(5, { widget: { component: 'v-iframe', params: { url: 'javascript:alert(1)', source: 'x' } } }),
    ]);
    expect(errors).toEqual([
      { field: 'layout.1.i', message: DASHBOARD_TEXTS.duplicateId },
      { field: 'layout.1.w', message: DASHBOARD_TEXTS.outsideGrid },
      { field: 'layout.2.minW', message: DASHBOARD_TEXTS.minAboveMax },
      { field: 'layout.3.widget.componentId', message: DASHBOARD_TEXTS.reportRequired },
      { field: 'layout.4.widget.params.kind', message: DASHBOARD_TEXTS.activityKind },
      { field: 'layout.4.widget.params.count', message: DASHBOARD_TEXTS.activityCount },
      { field: 'layout.5.widget.params.url', message: DASHBOARD_TEXTS.frameUrl },
      { field: 'layout.5.widget.params.source', message: DASHBOARD_TEXTS.frameSource },
    ]);
  });

  it('frames show http(s) pages and paths of the app, never other schemes or protocol-relative hosts', () => {
    for (const ok of ['https://a.test', 'http://a.test/p?q=1', '/help', '/order?x=1'])
      expect(isFrameUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.test',
      '/\\evil.test',
      'data:text/html,x',
      'ftp://a',
      '',
    ])
      expect(isFrameUrl(bad), bad).toBe(false);
    expect(frameUrl({ source: 'stats-helpdesk' })).toBe('/help');
    expect(frameUrl({ url: ' https://a.test ', source: 'stats-helpdesk' })).toBe('https://a.test');
    expect(frameUrl({ source: 'constructor' })).toBeNull();
    expect(frameUrl({ url: 'javascript:x' })).toBeNull();
  });
});

describe('role defaults and messages', () => {
  it('gives each role known figures, a supplier only the ones about its deliveries', () => {
    for (const key of ['admin', 'buyer', 'requester', 'supplier', 'rfx-manager', 'auditor'])
      for (const id of roleDefaultWhat(role(key))) expect(WHAT_IDS, key).toContain(id);
    expect(roleDefaultWhat(role('supplier'))).not.toContain('draft-orders');
    expect(roleDefaultWhat(role('requester'))[0]).toBe('draft-requisitions');
    expect(new Set(roleDefaultWhat(role('buyer')))).toEqual(new Set(WHAT_IDS));
  });

  it('answers the save and reset notices in English and Portuguese, and the checks by their text', () => {
    expect(renderMessage('dashboard.saved', {}, 'pt')).toBe('Painel guardado');
    expect(renderMessage('dashboard.reset', { role: { en: 'Buyer', pt: 'Comprador' } }, 'pt')).toBe(
      'Painel reposto com a predefinição da função Comprador',
    );
    expect(translateText(DASHBOARD_TEXTS.outsideGrid, 'pt')).toBe(
      'O widget não cabe nas 12 colunas da grelha.',
    );
  });
});
