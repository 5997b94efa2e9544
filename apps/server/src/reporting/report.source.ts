import {
  intervalDef,
  metricFunction,
  textIn,
  type ApiFieldError,
  type Label,
  type ReportResult,
  type ResultField,
} from '@p2p/domain';
import type { RawBuilder } from 'kysely';
import type { DocumentScope } from '../documents/document.scope.ts';
import type { ModelConfig } from '../documents/model-config.ts';
import { localize } from '../documents/model-config.ts';
import { AppError } from '../lib/app-error.ts';
import type { DrillBase } from './report.drill.ts';
import { sourceFields, type FieldRecipe, type ModelFields } from './report.fields.ts';
import type { AggregateQuery } from './report.sql.ts';

/** What a report compiles against: the data source in the caller's scope, its fields and filters. */
export interface ReportContext {
  source: string;
  model: ModelConfig;
  scope: DocumentScope;
  /** the source reads lines (a line source, or after $unwind) */
  lines: boolean;
  /** the model has lines at all */
  hasLines: boolean;
  fields: ModelFields;
  /** scope, not deleted, list filters, time range */
  where: RawBuilder<boolean>[];
  joins: boolean;
  drill: DrillBase;
  lang: string;
}

/** A compiled report: its SQL and how its rows become the answer. */
export interface CompiledReport {
  query: AggregateQuery;
  /** the count of the groups ($count after $group): the SQL is wrapped */
  countGroups?: string;
  shape: (rows: Array<Record<string, unknown>>) => ReportResult;
}

export const reportInvalid = (errors: ApiFieldError[]): AppError =>
  new AppError('bad_request', errors.map((e) => e.message).join(', '), { key: 'reporting.invalid', errors });

export function refuse(field: string, message: string): never {
  throw reportInvalid([{ field, message }]);
}

/** The field of the source (404-like refusals never say whether a field exists but is hidden). */
export function fieldOf(ctx: ReportContext, id: string, at: string): FieldRecipe {
  const found = sourceFields(ctx.fields, ctx.lines).find((f) => f.id === id);
  if (!found) refuse(at, `Field '${id.slice(0, 120)}' is not available in ${ctx.source}.`);
  return found!;
}

export const labelOf = (label: Label, lang: string): string => String(localize(label, lang));

export function metricLabel(
  fn: string,
  field: FieldRecipe | null,
  name: string | null,
  lang: string,
): string {
  if (name) return name;
  const def = metricFunction(fn);
  const fnLabel = def ? textIn(def.labels, lang) : fn;
  if (!field) return fnLabel;
  return `${fnLabel} ${lang === 'pt' ? 'de' : 'of'} ${labelOf(field.label, lang)}`;
}

/** A result column of a group field. */
export function groupField(
  field: FieldRecipe,
  src: string,
  interval: string | null,
  lang: string,
): ResultField {
  return {
    src,
    label: labelOf(field.label, lang),
    role: 'group',
    dataType: interval ? 'date' : field.dataType,
    type: field.type,
    format: field.format,
    field: field.id,
    function: null,
    interval,
    column: null,
  };
}

export const intervalOf = (id: string | null | undefined) => (id ? (intervalDef(id) ?? null) : null);

/** Counts come back as text (bigint); the answer carries them as numbers. */
export const countValue = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function tableOptions(
  count: number,
  truncated: boolean,
  model: string | null,
): ReportResult['tableOptions'] {
  return {
    header: true,
    count,
    paging: count > 30,
    pageSize: 30,
    sort: true,
    download: true,
    truncated,
    model,
  };
}
