/**
 * The rules of a report query the builder and the server share (seed 001 sections 2.9, 3, 4.4 and
 * 5): data source ids, the keys of result columns, dropping empty rows, the checks of a save or
 * preview in order with their exact messages, and the clean-ups when the source, the group-bys, the
 * metrics or a metric's function change.
 */
import type {
  ReportAggregation,
  FieldDescriptor,
  GroupByRow,
  MetricRow,
  ReportQueryRequest,
  SortRow,
} from '../api/reporting.ts';
import {
  DEFAULT_TIME_RANGE,
  DEFAULT_VISUALIZATION,
  metricFunction,
  REPORT_MESSAGES,
  VISUALIZATIONS,
  textIn,
  type DataType,
  type MetricFunctionId,
} from './constants.ts';

/** The suffix of a line-level data source: 'order-lines' reports over the lines of orders. */
export const LINES_SOURCE_SUFFIX = '-lines';

export const sourceId = (model: string, lines: boolean): string =>
  lines ? `${model}${LINES_SOURCE_SUFFIX}` : model;

export function parseSourceId(id: string): { model: string; lines: boolean } {
  return id.endsWith(LINES_SOURCE_SUFFIX)
    ? { model: id.slice(0, -LINES_SOURCE_SUFFIX.length), lines: true }
    : { model: id, lines: false };
}

/** The data source id of a report's `model` (an id, or {_id, model, lines}); null when none. */
export function reportSource(model: ReportQueryRequest['model']): string | null {
  if (typeof model === 'string') return model.trim() || null;
  if (!model) return null;
  if (model._id?.trim()) return model._id.trim();
  return model.model?.trim() ? sourceId(model.model.trim(), Boolean(model.lines)) : null;
}

/** The key of a field in result rows: the path without dots ('_state.created.ts' -> '_state_created_ts'). */
export const fieldKey = (fieldId: string): string => fieldId.replace(/[^A-Za-z0-9_]/g, '_');

/** A normalised group-by row: defaults applied (direction row, skipEmpty true). */
export interface ReportGroupBy {
  field: string;
  direction: 'row' | 'column';
  limit: number | null;
  skipEmpty: boolean;
  interval: string | null;
}

/** A normalised metric: the function (count when none is chosen) and its field, if any. */
export interface ReportMetric {
  function: MetricFunctionId;
  field: string | null;
  name: string | null;
}

export interface ReportSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface CleanAggregation {
  groupBy: ReportGroupBy[];
  metrics: ReportMetric[];
  sort: ReportSort[];
  rollupColumns: boolean;
}

const text = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim() : '');

/** The metric keys of the result columns, in order: '{function}_{fieldKey}' or the function, made unique. */
export function metricKeys(metrics: ReadonlyArray<Pick<ReportMetric, 'function' | 'field'>>): string[] {
  const seen = new Map<string, number>();
  return metrics.map((m) => {
    const base = m.field ? `${m.function}_${fieldKey(m.field)}` : m.function;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

/**
 * The aggregation with its empty rows dropped (a group-by or sort row without field, a metric
 * without function and field), defaults applied, and sorts referring to nothing present removed.
 */
export function cleanAggregation(agg: ReportAggregation | null | undefined): CleanAggregation {
  const groupBy = (agg?.groupBy ?? [])
    .filter((g: GroupByRow) => text(g.field))
    .map((g): ReportGroupBy => ({
      field: text(g.field),
      direction: g.direction === 'column' ? 'column' : 'row',
      limit: typeof g.limit === 'number' ? g.limit : null,
      skipEmpty: g.skipEmpty !== false,
      interval: g.interval ? g.interval : null,
    }));
  const metrics = (agg?.metrics ?? [])
    .filter((m: MetricRow) => text(m.function) || text(m.field))
    .map((m): ReportMetric => ({
      function: (metricFunction(text(m.function))?.function ?? 'count') as MetricFunctionId,
      field: text(m.field) || null,
      name: text(m.name) || null,
    }));
  const sort = (agg?.sort ?? [])
    .filter((s: SortRow) => text(s.field))
    .map((s): ReportSort => ({ field: text(s.field), direction: s.direction === 'desc' ? 'desc' : 'asc' }));
  return pruneSorts({ groupBy, metrics, sort, rollupColumns: Boolean(agg?.rollupColumns) });
}

/** What a sort row may name: the group-by fields, then the metric keys. */
export const sortCandidates = (agg: Pick<CleanAggregation, 'groupBy' | 'metrics'>): string[] => [
  ...new Set([...agg.groupBy.map((g) => g.field), ...metricKeys(agg.metrics)]),
];

/** Sorts of fields no longer grouped or measured are removed; a field is sorted once (the first row). */
export function pruneSorts<T extends Pick<CleanAggregation, 'groupBy' | 'metrics' | 'sort'>>(agg: T): T {
  const allowed = new Set(sortCandidates(agg));
  const seen = new Set<string>();
  const sort = agg.sort.filter((s) => {
    if (!allowed.has(s.field) || seen.has(s.field)) return false;
    seen.add(s.field);
    return true;
  });
  return { ...agg, sort };
}

export interface ReportCheck {
  field: string;
  message: string;
  /** 'Field is required' is shown but does not stop a save (seed 001 section 5) */
  blocking: boolean;
}

/** The pipeline text of a system query, or null when empty. */
export function pipelineText(pipeline: ReportAggregation['pipeline']): string | null {
  if (pipeline === null || pipeline === undefined) return null;
  if (typeof pipeline === 'string') return pipeline.trim() ? pipeline : null;
  return pipeline.length ? JSON.stringify(pipeline) : null;
}

/**
 * The checks of a save or preview in their order: name, source, then for user queries at least
 * one group-by or metric and a field for every metric but count, for system queries a pipeline
 * that is valid JSON (the parse error's own text otherwise). A report of dashboard figures
 * (`what`) needs only its name.
 */
export function reportChecks(report: ReportQueryRequest): ReportCheck[] {
  const out: ReportCheck[] = [];
  const fail = (field: string, message: string, blocking = true) => out.push({ field, message, blocking });
  if (!text(report.name)) fail('name', REPORT_MESSAGES.nameRequired);
  // dashboard figures ('what') name their own models
  if (report.what?.length) return out;
  if (!reportSource(report.model)) fail('model', REPORT_MESSAGES.sourceRequired);
  if (report.type === 'system-query') {
    const pipeline = pipelineText(report.aggregation?.pipeline);
    if (pipeline === null) fail('aggregation.pipeline', REPORT_MESSAGES.pipelineRequired);
    else if (typeof report.aggregation?.pipeline === 'string') {
      try {
        JSON.parse(pipeline);
      } catch (err) {
        fail('aggregation.pipeline', err instanceof Error ? err.message : String(err));
      }
    }
    return out;
  }
  const agg = cleanAggregation(report.aggregation);
  if (!agg.groupBy.length && !agg.metrics.length) fail('aggregation', REPORT_MESSAGES.groupOrMetricRequired);
  agg.metrics.forEach((m, i) => {
    if (!m.field && m.function !== 'count')
      fail(`aggregation.metrics.${i}.field`, REPORT_MESSAGES.fieldRequired, false);
  });
  return out;
}

/** Whether `fn` applies to a field of `dataType` (no field: count only). */
export function metricAllows(fn: string, dataType: DataType | null): boolean {
  const def = metricFunction(fn);
  if (!def) return false;
  return dataType === null ? def.function === 'count' : def.apply_to.includes(dataType);
}

/** The metric with its function changed; its field is cleared when the function excludes its type. */
export function setMetricFunction<M extends { function?: string | null; field?: string | null }>(
  metric: M,
  fn: MetricFunctionId,
  fields: ReadonlyArray<Pick<FieldDescriptor, '_id' | 'dataType'>>,
): M {
  const field = metric.field ? fields.find((f) => f._id === metric.field) : undefined;
  const keep = field ? metricAllows(fn, field.dataType) : false;
  return { ...metric, function: fn, field: keep ? metric.field : null };
}

/** The fields a metric of `fn` may take on `source`: metric fields of the source, of lines on line sources. */
export function metricFieldOptions<F extends Pick<FieldDescriptor, 'metric' | 'in' | 'dataType' | 'lines'>>(
  fields: readonly F[],
  fn: string,
  source: string,
): F[] {
  const lines = parseSourceId(source).lines;
  return fields.filter(
    (f) => f.metric && f.in.includes(source) && metricAllows(fn, f.dataType) && (!lines || f.lines),
  );
}

/** A group-by on a date field shows the interval and hides limit and skipEmpty. */
export const groupByShowsInterval = (field: Pick<FieldDescriptor, 'dataType'> | undefined): boolean =>
  field?.dataType === 'date';

/** The report with another data source: group-bys, metrics and sorts cleared, the default visualization. */
export function changeSource<R extends ReportQueryRequest>(report: R, source: string | null, lang = 'en'): R {
  const vis = VISUALIZATIONS.find((v) => v._id === DEFAULT_VISUALIZATION)!;
  const { model } = source ? parseSourceId(source) : { model: '' };
  return {
    ...report,
    model: source ? { _id: source, model, lines: parseSourceId(source).lines } : null,
    aggregation: { ...report.aggregation, groupBy: [], metrics: [], sort: [] },
    visualization: { type: { _id: vis._id, text: textIn(vis.labels, lang) } },
  };
}

/** A new report: no source, no rows, the default visualization and the fifth time range. */
export function newReport(lang = 'en'): ReportQueryRequest {
  const vis = VISUALIZATIONS.find((v) => v._id === DEFAULT_VISUALIZATION)!;
  return {
    name: '',
    type: 'user-query',
    model: null,
    aggregation: { groupBy: [], metrics: [], sort: [], rollupColumns: false },
    visualization: { type: { _id: vis._id, text: textIn(vis.labels, lang) } },
    tr: { _id: DEFAULT_TIME_RANGE._id, text: textIn(DEFAULT_TIME_RANGE.labels, lang) },
  };
}
