import {
  changeSource,
  cleanAggregation,
  metricKeys,
  pipelineText,
  setMetricFunction,
  sortCandidates,
  type FieldDescriptor,
  type GroupByRow,
  type MetricFunctionId,
  type MetricRow,
  type ReportAggregation,
  type ReportQuery,
  type ReportQueryRequest,
  type SortRow,
} from '@p2p/domain';

/**
 * The builder's working copy of a report and its edits (seed 001 section 4.4): a new source clears
 * the rows, a group-by or metric change removes sorts of what is gone, a metric function change
 * clears a field the function does not take. Rows still being filled in (no field yet) are kept here
 * and dropped on save.
 */

export type Draft = ReportQueryRequest & { aggregation: ReportAggregation };

export const NEW_REPORT_IDS = ['create', 'duplicate'] as const;
export const isNewId = (id: string | undefined): boolean =>
  !id || (NEW_REPORT_IDS as readonly string[]).includes(id);

/** A stored report as the builder edits it. */
export function draftOf(report: ReportQuery): Draft {
  const agg = report.aggregation as ReportAggregation;
  return {
    _id: report._id,
    name: report.name,
    type: report.type,
    model: report.model
      ? { _id: report.model._id, model: report.model.model, lines: report.model.lines }
      : null,
    aggregation:
      report.type === 'system-query'
        ? { pipeline: pipelineText(agg.pipeline) ?? '' }
        : {
            groupBy: agg.groupBy ?? [],
            metrics: agg.metrics ?? [],
            sort: agg.sort ?? [],
            rollupColumns: Boolean(agg.rollupColumns),
          },
    visualization: report.visualization as Draft['visualization'],
    tr: report.tr,
    params: report.params as Draft['params'],
    ...(report.what.length ? { what: report.what as Draft['what'] } : {}),
  };
}

/** A copy of a report to save as a new one. */
export const duplicateOf = (draft: Draft, copy: string): Draft => ({
  ...draft,
  _id: 'duplicate',
  name: `${draft.name ?? ''} ${copy}`.trim(),
});

/** Sorts of fields no longer grouped or measured go; a field is sorted once; unfilled rows stay. */
export function pruneDraftSorts(agg: ReportAggregation): ReportAggregation {
  const allowed = new Set(sortCandidates(cleanAggregation(agg)));
  const seen = new Set<string>();
  const sort = (agg.sort ?? []).filter((s) => {
    if (!s.field) return true;
    if (!allowed.has(s.field) || seen.has(s.field)) return false;
    seen.add(s.field);
    return true;
  });
  return { ...agg, sort };
}

export const withSource = (draft: Draft, source: string | null, lang: string): Draft =>
  changeSource(draft, source, lang) as Draft;

export const withGroupBy = (draft: Draft, groupBy: GroupByRow[]): Draft => ({
  ...draft,
  aggregation: pruneDraftSorts({ ...draft.aggregation, groupBy }),
});

export const withMetrics = (draft: Draft, metrics: MetricRow[]): Draft => ({
  ...draft,
  aggregation: pruneDraftSorts({ ...draft.aggregation, metrics }),
});

export function withMetricFunction(
  draft: Draft,
  index: number,
  fn: MetricFunctionId,
  fields: readonly FieldDescriptor[],
): Draft {
  const metrics = (draft.aggregation.metrics ?? []).map((m, i) =>
    i === index ? setMetricFunction(m, fn, fields) : m,
  );
  return withMetrics(draft, metrics);
}

export const withSort = (draft: Draft, sort: SortRow[]): Draft => ({
  ...draft,
  aggregation: { ...draft.aggregation, sort },
});

/** What a sort row may name, with labels: the group-by fields, then the metrics. */
export function sortOptions(
  agg: ReportAggregation,
  fields: readonly FieldDescriptor[],
  metricLabel: (fn: string, field: string | null) => string,
): Array<{ value: string; label: string }> {
  const clean = cleanAggregation(agg);
  const keys = metricKeys(clean.metrics);
  const names = new Map<string, string>();
  clean.groupBy.forEach((g) => names.set(g.field, fields.find((f) => f._id === g.field)?.label ?? g.field));
  clean.metrics.forEach((m, i) => names.set(keys[i]!, m.name ?? metricLabel(m.function, m.field)));
  return sortCandidates(clean).map((value) => ({ value, label: names.get(value) ?? value }));
}

/** What is sent on save and preview: empty rows dropped (user queries), the pipeline as text. */
export function requestOf(draft: Draft): ReportQueryRequest {
  if (draft.type === 'system-query') {
    return { ...draft, aggregation: { pipeline: pipelineText(draft.aggregation.pipeline) ?? '' } };
  }
  const clean = cleanAggregation(draft.aggregation);
  return {
    ...draft,
    aggregation: {
      groupBy: clean.groupBy.map((g) => ({ ...g, interval: g.interval ?? null })),
      metrics: clean.metrics,
      sort: clean.sort,
      rollupColumns: clean.rollupColumns,
    },
  };
}

/** The parse error of a pipeline text, or null when it is valid JSON (or empty). */
export function pipelineError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
