import {
  DASHBOARD_WHAT,
  DEFAULT_TIME_RANGE,
  INTERVALS,
  METRIC_FUNCTIONS,
  sourceId,
  textIn,
  TIME_RANGES,
  VISUALIZATIONS,
  WHAT_IDS,
  type FieldDescriptor,
  type ReportingConfig,
  type ReportQuery,
  type ReportTimeRange,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { LoadedModel } from '../documents/document.access.ts';
import { modelFields, type FieldRecipe } from './report.fields.ts';
import { labelOf } from './report.source.ts';

/**
 * The reporting configuration of GET /config/query: the data sources the caller may report on
 * (each model it can view, and its lines when it has any), their field descriptors (one entry per
 * field, `in` listing the sources that have it), the metric functions with their data types, the
 * intervals, time ranges, visualizations and dashboard figures. Also the built-in system queries,
 * one per dashboard figure and one of all of them ('dashboard').
 */

export const timeRanges = (lang: string): ReportTimeRange[] =>
  TIME_RANGES.map((t) => ({
    _id: t._id,
    text: textIn(t.labels, lang),
    default: t._id === DEFAULT_TIME_RANGE._id,
  }));

function descriptor(f: FieldRecipe, source: string, lang: string): FieldDescriptor {
  const en = labelOf(f.label, 'en');
  return {
    _id: f.id,
    label: labelOf(f.label, lang),
    labels: { en, pt: labelOf(f.label, 'pt') },
    type: f.type,
    dataType: f.dataType,
    group: f.group,
    metric: true,
    lines: f.lines,
    display: f.display,
    format: f.format,
    in: [source],
    filter:
      f.drill?.kind === 'equal'
        ? f.drill.key
        : f.drill?.kind === 'created'
          ? 'createdFrom'
          : f.drill?.kind === 'delivery'
            ? 'deliveryFrom'
            : null,
  };
}

export function reportingConfig(auth: AuthContext, models: readonly LoadedModel[]): ReportingConfig {
  const lang = auth.user.lang;
  const sources: ReportingConfig['models'] = [];
  const fields = new Map<string, FieldDescriptor>();
  const add = (d: FieldDescriptor) => {
    const key = JSON.stringify([d._id, d.label, d.type, d.filter]);
    const seen = fields.get(key);
    if (seen) seen.in.push(...d.in);
    else fields.set(key, d);
  };
  for (const { model } of models) {
    const own = modelFields(model, auth.user);
    const label = labelOf(model.label, lang);
    const header = sourceId(model.name, false);
    sources.push({ _id: header, model: model.name, lines: false, collection: 'documents', label });
    for (const f of own.header) add(descriptor(f, header, lang));
    if (!own.lines.length) continue;
    const lines = sourceId(model.name, true);
    sources.push({
      _id: lines,
      model: model.name,
      lines: true,
      collection: 'document_lines',
      label: `${label} (${lang === 'pt' ? 'linhas' : 'lines'})`,
    });
    for (const f of [...own.header, ...own.lines]) add(descriptor(f, lines, lang));
  }
  return {
    models: sources,
    fields: [...fields.values()],
    metrics: METRIC_FUNCTIONS.map((m) => ({
      function: m.function,
      label: textIn(m.labels, lang),
      apply_to: [...m.apply_to],
    })),
    intervals: INTERVALS.map((i) => ({ _id: i._id, text: textIn(i.labels, lang) })),
    timeRanges: timeRanges(lang),
    visualizations: VISUALIZATIONS.map((v) => ({ _id: v._id, text: textIn(v.labels, lang) })),
    what: DASHBOARD_WHAT.map((w) => ({
      _id: w._id,
      text: textIn(w.labels, lang),
      models: [...new Set(w.parts(new Date()).map((p) => p.model))],
    })),
  };
}

/** The id of the built-in system query of every dashboard figure together. */
export const DASHBOARD_QUERY_ID = 'dashboard';

/** A built-in system query: a dashboard figure (or all of them), read-only for everybody. */
export function builtinQuery(id: string, lang: string): ReportQuery | null {
  const what = id === DASHBOARD_QUERY_ID ? [...WHAT_IDS] : WHAT_IDS.includes(id) ? [id] : null;
  if (!what) return null;
  const def = DASHBOARD_WHAT.find((w) => w._id === what[0])!;
  const model = def.parts(new Date())[0]!.model;
  const table = VISUALIZATIONS.find((v) => v._id === 'table')!;
  return {
    _id: id,
    name: id === DASHBOARD_QUERY_ID ? (lang === 'pt' ? 'Painel' : 'Dashboard') : textIn(def.labels, lang),
    type: 'system-query',
    model: what.length === 1 ? { _id: model, model, lines: false, collection: 'documents' } : null,
    aggregation: {},
    visualization: { type: { _id: table._id, text: textIn(table.labels, lang) } },
    tr: null,
    params: {},
    what,
    _editable: { ok: false },
    owner: null,
    updatedAt: null,
  };
}
