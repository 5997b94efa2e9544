import { bucketEnd, intersectBounds, type DateBounds, type IntervalDef } from '@p2p/domain';
import type { FieldRecipe } from './report.fields.ts';

/**
 * Drill-down: the query string of the document list route (GET /purchasing/{model}) that selects
 * exactly the documents behind a figure: the report's own list filters and time range, plus one
 * filter per group value of the row (and of the column, for a pivot cell). A value the list cannot
 * select exactly (an empty value, a text with a comma, a field without a list filter, a delivery
 * bucket shorter than a day) gives no drill-down (null) rather than a wrong one.
 */

export interface DrillBase {
  /** list filters of the report, without the date ranges (kept below) */
  filters: Record<string, string>;
  /** creation time: the time range and the report's createdFrom/createdTo */
  created: DateBounds | null;
  /** delivery days, both included */
  delivery: { from: string | null; to: string | null };
  /** a line source: only documents with lines are behind a figure */
  lines: boolean;
}

export interface DrillPart {
  field: FieldRecipe;
  interval: IntervalDef | null;
  /** the group value as the row carries it (text, ISO time, boolean), or a list of values */
  value: unknown;
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (t: Date): string => t.toISOString().slice(0, 10);

/** createdFrom / createdTo as document.fields.ts reads them: an instant, or a day (`to` included). */
function instant(v: string | undefined, end: boolean): Date | null {
  if (!v) return null;
  const t = new Date(DAY.test(v) ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(t.getTime())) return null;
  return DAY.test(v) && end ? new Date(t.getTime() + DAY_MS) : t;
}

/** The base of every drill-down of a report: its filters with the date ranges read out. */
export function drillBase(
  filters: Record<string, string>,
  range: DateBounds | null,
  lines: boolean,
): DrillBase {
  const rest = { ...filters };
  const from = instant(rest.createdFrom, false);
  const to = instant(rest.createdTo, true);
  delete rest.createdFrom;
  delete rest.createdTo;
  let created = range;
  if (from || to) {
    const own = { from: from ?? new Date(0), to: to ?? new Date(Date.UTC(9999, 0)) };
    created = intersectBounds(own, range) ?? { from: own.from, to: own.from };
  }
  const delivery = { from: rest.deliveryFrom ?? null, to: rest.deliveryTo ?? null };
  delete rest.deliveryFrom;
  delete rest.deliveryTo;
  return { filters: rest, created, delivery, lines };
}

const later = (a: string | null, b: string): string => (a && a > b ? a : b);
const earlier = (a: string | null, b: string): string => (a && a < b ? a : b);

/** The query string of the documents behind a figure, or null when the list cannot select them exactly. */
export function drillFilter(base: DrillBase, parts: readonly DrillPart[]): string | null {
  const filters: Record<string, string> = { ...base.filters };
  let created = base.created;
  const delivery = { ...base.delivery };
  let lineFilter = false;
  for (const { field, interval, value } of parts) {
    const drill = field.drill;
    if (!drill || value === null || value === undefined || value === '') return null;
    if (drill.kind === 'equal') {
      // a list ($in of a pipeline) is a comma list of the route
      const values = (Array.isArray(value) ? value : [value]).map(String);
      if (!values.length || values.some((v) => v === '' || v.includes(','))) return null;
      filters[drill.key] = values.join(',');
      if (drill.key.startsWith('lines.')) lineFilter = true;
      continue;
    }
    if (!interval) return null;
    const start = new Date(String(value));
    if (Number.isNaN(start.getTime())) return null;
    const end = bucketEnd(start, interval);
    if (drill.kind === 'created') {
      created = intersectBounds({ from: start, to: end }, created);
      if (!created) return null;
    } else {
      if (!['day', 'week', 'month', 'quarter', 'year'].includes(interval.unit)) return null;
      delivery.from = later(delivery.from, day(start));
      delivery.to = earlier(delivery.to, day(new Date(end.getTime() - DAY_MS)));
    }
  }
  const query = new URLSearchParams(filters);
  if (created) {
    query.set('createdFrom', created.from.toISOString());
    query.set('createdTo', created.to.toISOString());
  }
  if (delivery.from) query.set('deliveryFrom', delivery.from);
  if (delivery.to) query.set('deliveryTo', delivery.to);
  if (base.lines && !lineFilter) query.set('lines', 'any');
  return query.toString();
}
