/**
 * The rules of a dashboard layout (seed 001 sections 3 and 4.3): the next item id, a new, duplicated
 * or removed widget, and the checks of a layout the server stores (the web offers only what passes).
 */
import { ACTIVITY_KINDS, ACTIVITY_MAX_COUNT } from '../activity/kinds.ts';
import type { LayoutItem, Widget } from '../api/dashboard.ts';
import {
  DASHBOARD_LIMITS,
  DASHBOARD_MAX_COLS,
  FRAME_SOURCES,
  isFrameUrl,
  NEW_WIDGET_SIZE,
} from './constants.ts';
import { DASHBOARD_TEXTS } from './messages.ts';

/** The id of a new item: the highest id plus one (the first item of an empty layout is 1). */
export function nextItemId(layout: ReadonlyArray<Pick<LayoutItem, 'i'>>): number {
  return layout.reduce((max, item) => Math.max(max, item.i), 0) + 1;
}

/** The row under every item: where a new widget goes so that it moves nothing. */
export const layoutBottom = (layout: ReadonlyArray<Pick<LayoutItem, 'y' | 'h'>>): number =>
  layout.reduce((max, item) => Math.max(max, item.y + item.h), 0);

/** A new widget from the Add widget drawer: id highest + 1, 6 by 6, editable, under the others. */
export function addWidget(layout: readonly LayoutItem[], widget: Widget): LayoutItem[] {
  const item: LayoutItem = {
    i: nextItemId(layout),
    x: 0,
    y: layoutBottom(layout),
    ...NEW_WIDGET_SIZE,
    editable: true,
    widget: { ...widget, params: { ...(widget.params ?? {}) } },
  };
  return [...layout, item];
}

/** A copy of item `i` with the next id, right under the layout, with its own copy of the params. */
export function duplicateWidget(layout: readonly LayoutItem[], i: number): LayoutItem[] {
  const source = layout.find((item) => item.i === i);
  if (!source) return [...layout];
  const copy: LayoutItem = {
    ...source,
    i: nextItemId(layout),
    y: layoutBottom(layout),
    editable: true,
    widget: structuredCopy(source.widget),
  };
  return [...layout, copy];
}

export const removeWidget = (layout: readonly LayoutItem[], i: number): LayoutItem[] =>
  layout.filter((item) => item.i !== i);

/** Item `i` with new widget params (the Edit widget drawer's Save). */
export const setWidgetParams = (
  layout: readonly LayoutItem[],
  i: number,
  params: Record<string, unknown>,
): LayoutItem[] =>
  layout.map((item) =>
    item.i === i ? { ...item, widget: { ...item.widget, params: { ...params } } } : item,
  );

/** Positions and sizes from the grid (drag, resize, compaction) onto the items; the rest is kept. */
export function applyPositions(
  layout: readonly LayoutItem[],
  positions: ReadonlyArray<{ i: string; x: number; y: number; w: number; h: number }>,
): LayoutItem[] {
  const byId = new Map(positions.map((p) => [p.i, p]));
  return layout.map((item) => {
    const p = byId.get(String(item.i));
    // an item that did not move stays the same object, so a caller can tell nothing changed
    if (!p || (p.x === item.x && p.y === item.y && p.w === item.w && p.h === item.h)) return item;
    return { ...item, x: p.x, y: p.y, w: p.w, h: p.h };
  });
}

const structuredCopy = (widget: Widget): Widget => JSON.parse(JSON.stringify(widget)) as Widget;

export interface LayoutError {
  field: string;
  message: string;
}

/** Bytes of a widget's params as stored (JSON text). */
const PARAMS_MAX_LENGTH = 4_000;

/**
 * The checks of a layout beyond its schema: unique ids, inside the 12 columns, minimum not above
 * maximum, and each kind's settings (an activity kind and count, a frame's address or known page,
 * a report's id). Whether the caller may read a report is the server's check.
 */
export function layoutErrors(layout: readonly LayoutItem[]): LayoutError[] {
  const errors: LayoutError[] = [];
  const seen = new Set<number>();
  const fail = (index: number, field: string, message: string) =>
    errors.push({ field: `layout.${index}.${field}`, message });
  if (layout.length > DASHBOARD_LIMITS.items)
    errors.push({ field: 'layout', message: DASHBOARD_TEXTS.tooManyWidgets });
  layout.forEach((item, index) => {
    if (seen.has(item.i)) fail(index, 'i', DASHBOARD_TEXTS.duplicateId);
    seen.add(item.i);
    if (item.x + item.w > DASHBOARD_MAX_COLS) fail(index, 'w', DASHBOARD_TEXTS.outsideGrid);
    for (const [min, max] of [
      ['minW', 'maxW'],
      ['minH', 'maxH'],
      ['minX', 'maxX'],
      ['minY', 'maxY'],
    ] as const) {
      const lo = item[min];
      const hi = item[max];
      if (lo !== undefined && hi !== undefined && lo > hi) fail(index, min, DASHBOARD_TEXTS.minAboveMax);
    }
    errors.push(
      ...widgetErrors(item.widget).map((e) => ({ ...e, field: `layout.${index}.widget.${e.field}` })),
    );
  });
  return errors;
}

/** The settings of one widget. */
export function widgetErrors(widget: Widget): LayoutError[] {
  const errors: LayoutError[] = [];
  const params = widget.params ?? {};
  if (JSON.stringify(params).length > PARAMS_MAX_LENGTH)
    errors.push({ field: 'params', message: DASHBOARD_TEXTS.paramsTooLarge });
  switch (widget.component) {
    case 'v-query':
      if (!widget.componentId?.trim())
        errors.push({ field: 'componentId', message: DASHBOARD_TEXTS.reportRequired });
      break;
    case 'v-activity': {
      const { kind, count } = params as { kind?: unknown; count?: unknown };
      if (kind !== undefined && !ACTIVITY_KINDS.some((k) => k.id === kind))
        errors.push({ field: 'params.kind', message: DASHBOARD_TEXTS.activityKind });
      if (
        count !== undefined &&
        !(typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= ACTIVITY_MAX_COUNT)
      )
        errors.push({ field: 'params.count', message: DASHBOARD_TEXTS.activityCount });
      break;
    }
    case 'v-iframe': {
      const { url, source } = params as { url?: unknown; source?: unknown };
      const hasUrl = typeof url === 'string' && url.trim() !== '';
      // neither: the page's route parameter `source` decides when the widget is shown
      if (hasUrl && !isFrameUrl(url.trim()))
        errors.push({ field: 'params.url', message: DASHBOARD_TEXTS.frameUrl });
      if (
        source !== undefined &&
        source !== null &&
        !(typeof source === 'string' && Object.hasOwn(FRAME_SOURCES, source))
      )
        errors.push({ field: 'params.source', message: DASHBOARD_TEXTS.frameSource });
      break;
    }
  }
  return errors;
}
