import { intervalDef, type ReportResult, type ResultField } from '@p2p/domain';
import type { ChartInput } from '../../components/chart/index.ts';

/**
 * A report result as a chart: labels along the category axis, one series per metric (per metric
 * and column value for a pivot, per value of the second group for two row groups, a date group
 * going along the axis), and for every point the drill-down query string of its documents.
 */

type Item = ReportResult['items'][number];

export interface ChartPlan extends ChartInput {
  /** per series, per label: the list query string of the documents behind the point */
  filters: Array<Array<string | null>>;
  /** per series, per label: the result row behind the point (its model, its parts) */
  points: Array<Array<Item | null>>;
}

const pad = (n: string) => n.padStart(2, '0');

/** An ISO time of a bucket as the interval shows it, in UTC like the buckets (dd-MM-yyyy, HH:mm). */
export function formatBucket(iso: string, interval: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d, h, mi, s] = m;
  const unit = interval ? (intervalDef(interval)?.unit ?? 'day') : 'day';
  switch (unit) {
    case 'year':
      return y!;
    case 'quarter':
      return `Q${Math.floor((Number(mo) - 1) / 3) + 1}-${y}`;
    case 'month':
      return `${pad(mo!)}-${y}`;
    case 'week':
    case 'day':
      return `${d}-${mo}-${y}`;
    case 'hour':
    case 'minute':
      return `${d}-${mo}-${y} ${h}:${mi}`;
    default:
      return `${d}-${mo}-${y} ${h}:${mi}:${s}`;
  }
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A value of a result column as text: buckets and dates by interval, numbers '#,##0(.00)'. */
export function displayValue(field: ResultField, value: unknown, yesNo: [string, string]): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.dataType === 'date' && typeof value === 'string') return formatBucket(value, field.interval);
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  if (field.dataType === 'number' && field.role !== 'group') {
    const n = Number(value);
    if (Number.isNaN(n)) return String(value);
    return field.format === '#,##0' || field.function === 'count' ? WHOLE.format(n) : DECIMAL.format(n);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const numberOf = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isNaN(n) ? null : n;
};

const rowsOf = (result: ReportResult): Item[] => result.items.filter((i) => !i._total);

export function chartPlan(result: ReportResult, yesNo: [string, string] = ['Yes', 'No']): ChartPlan {
  const items = rowsOf(result);
  const groups = result.fields.filter((f) => f.role === 'group');
  const metrics = result.fields.filter((f) => f.role === 'metric');
  const label = (item: Item, fields: ResultField[]) =>
    fields.map((f) => displayValue(f, item[f.src], yesNo)).join(' / ') || '—';
  const pivot = metrics.some((m) => m.column !== null);
  const filterOf = (item: Item | undefined, cell?: string): string | null => {
    if (!item) return null;
    if (cell)
      return ((item._filters as Record<string, string | null> | undefined)?.[cell] ?? null) as string | null;
    return (item._filter as string | null | undefined) ?? null;
  };

  // a pivot, one group or none: one point per item, one series per metric column
  if (pivot || groups.length !== 2) {
    return {
      labels: items.map((i) => label(i, groups)),
      series: metrics.map((m) => ({ label: m.label, data: items.map((i) => numberOf(i[m.src])) })),
      filters: metrics.map((m) => items.map((i) => filterOf(i, pivot ? m.src : undefined))),
      points: metrics.map(() => items),
    };
  }
  // two row groups: the date one (else the first) along the axis, the other's values as series
  const dateAt = groups.findIndex((g) => g.dataType === 'date');
  const axis = groups[dateAt >= 0 ? dateAt : 0]!;
  const split = groups.find((g) => g !== axis)!;
  const labels: string[] = [];
  const seriesKeys: string[] = [];
  const cells = new Map<string, Item>();
  for (const item of items) {
    const l = displayValue(axis, item[axis.src], yesNo) || '—';
    const s = displayValue(split, item[split.src], yesNo) || '—';
    if (!labels.includes(l)) labels.push(l);
    if (!seriesKeys.includes(s)) seriesKeys.push(s);
    cells.set(JSON.stringify([l, s]), item);
  }
  if (axis.dataType === 'date') {
    // the buckets in time order whatever the sort of the rows
    const first = new Map(items.map((i) => [displayValue(axis, i[axis.src], yesNo), String(i[axis.src])]));
    labels.sort((a, b) => (first.get(a) ?? '').localeCompare(first.get(b) ?? ''));
  }
  const series = metrics.flatMap((m) =>
    seriesKeys.map((s) => ({
      label: metrics.length > 1 ? `${s} · ${m.label}` : s,
      data: labels.map((l) => numberOf(cells.get(JSON.stringify([l, s]))?.[m.src])),
      filters: labels.map((l) => filterOf(cells.get(JSON.stringify([l, s])))),
      points: labels.map((l) => cells.get(JSON.stringify([l, s])) ?? null),
    })),
  );
  return {
    labels,
    series: series.map(({ label: name, data }) => ({ label: name, data })),
    filters: series.map((s) => s.filters),
    points: series.map((s) => s.points),
  };
}

/** One list a figure opens: its model, the query string, and for a choice its name and count. */
export interface DrillTarget {
  model: string;
  filter: string;
  label: string | null;
  count: number | null;
}

interface WhatPart {
  model?: unknown;
  label?: unknown;
  count?: unknown;
  _filter?: unknown;
}

/**
 * The lists behind a figure: the row's own filter (`filter`, a pivot cell's when given) in the
 * report's model (or the row's, for dashboard figures); a dashboard figure spanning two lists
 * (pending evaluations of orders and of contracts) has none of its own, and opens one of its
 * counted parts. Empty when the list cannot select the documents exactly.
 */
export function drillTargets(
  result: ReportResult,
  item: Item | null | undefined,
  filter: string | null | undefined,
): DrillTarget[] {
  if (!item) return [];
  const model = result.tableOptions.model ?? (typeof item.model === 'string' ? item.model : null);
  if (typeof filter === 'string' && model) return [{ model, filter, label: null, count: null }];
  if (!Array.isArray(item.parts)) return [];
  return (item.parts as WhatPart[]).flatMap((p) =>
    typeof p.model === 'string' && typeof p._filter === 'string'
      ? [
          {
            model: p.model,
            filter: p._filter,
            label: typeof p.label === 'string' ? p.label : p.model,
            count: typeof p.count === 'number' ? p.count : null,
          },
        ]
      : [],
  );
}

/** The list route of a drill-down: the model's list path with the query string, or null. */
export function drillPath(
  listPath: (model: string) => string | null,
  model: string | null | undefined,
  filter: string | null | undefined,
): string | null {
  if (!model || filter === null || filter === undefined) return null;
  const path = listPath(model);
  if (!path) return null;
  return filter ? `${path}?${filter}` : path;
}
