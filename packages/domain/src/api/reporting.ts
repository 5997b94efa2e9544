/**
 * Reports (seed 000 section 7, seed 001 sections 2.9, 3, 5 and 9): the reporting configuration,
 * stored report queries, their results with a drill-down filter per figure, colours and exports.
 */
import { Type, type Static } from 'typebox';
import {
  DATA_TYPES,
  INTERVAL_IDS,
  METRIC_FUNCTION_IDS,
  REPORT_LIMITS,
  REPORT_TYPES,
  TIME_RANGE_IDS,
} from '../reporting/constants.ts';
import { WHAT_IDS } from '../reporting/dashboard-what.ts';
import { IsoTimeSchema, OrNull, StringEnum } from './schema.ts';

// ---------------------------------------------------------------- requests

/** Request texts: an empty row is dropped, so empty and null are accepted where a row may be empty. */
const OptionalText = (maxLength: number, description?: string) =>
  Type.Optional(OrNull(Type.String({ maxLength, ...(description ? { description } : {}) })));

const FIELD_DESCRIPTION =
  "a field id of the data source: a document path ('_state.current', 'supplier', 'lines.value')";

export const GroupByRowSchema = Type.Object({
  field: OptionalText(120, FIELD_DESCRIPTION),
  direction: Type.Optional(StringEnum(['row', 'column'], { description: "default 'row'; 'column' pivots" })),
  limit: Type.Optional(
    OrNull(Type.Integer({ minimum: 1, maximum: REPORT_LIMITS.rows }), {
      description: 'keep the values with the highest first metric (count without metrics)',
    }),
  ),
  skipEmpty: Type.Optional(Type.Boolean({ description: 'default true: rows without a value are left out' })),
  interval: Type.Optional(
    OrNull(StringEnum([...INTERVAL_IDS, '']), {
      description: 'date fields: the bucket (1s to 1y, default 1d)',
    }),
  ),
});
export type GroupByRow = Static<typeof GroupByRowSchema>;

export const MetricRowSchema = Type.Object({
  function: Type.Optional(OrNull(StringEnum([...METRIC_FUNCTION_IDS, '']))),
  field: OptionalText(120, `${FIELD_DESCRIPTION}; none: count the rows`),
  name: OptionalText(120, 'the label of the metric'),
});
export type MetricRow = Static<typeof MetricRowSchema>;

export const SortRowSchema = Type.Object({
  field: OptionalText(120, 'a group-by field or a metric key (metricKey)'),
  direction: Type.Optional(StringEnum(['asc', 'desc'], { description: "default 'asc'" })),
});
export type SortRow = Static<typeof SortRowSchema>;

const PipelineSchema = Type.Union(
  [
    // null as the text's second JSON type: no branch of its own for the serialiser to try
    OrNull(
      Type.String({ maxLength: 20_000, description: 'the pipeline as JSON text (the builder text area)' }),
    ),
    Type.Array(Type.Unknown(), { maxItems: REPORT_LIMITS.stages }),
  ],
  {
    description:
      'System queries: $match (equality, $in, $gt, $gte, $lt, $lte, $ne on fields), $unwind of "$lines", ' +
      '$group (_id: "$field", {name: "$field"}, $dateTrunc, or null; $sum, $avg, $min, $max, $count, $last), ' +
      '$project of computed names, $sort, $limit, $count',
  },
);

export const ReportAggregationSchema = Type.Object({
  groupBy: Type.Optional(Type.Array(GroupByRowSchema, { maxItems: 20 })),
  metrics: Type.Optional(Type.Array(MetricRowSchema, { maxItems: 30 })),
  sort: Type.Optional(Type.Array(SortRowSchema, { maxItems: 40 })),
  rollupColumns: Type.Optional(
    Type.Boolean({ description: 'totals over the column groups (or a total row)' }),
  ),
  pipeline: Type.Optional(PipelineSchema),
});
export type ReportAggregation = Static<typeof ReportAggregationSchema>;

const SourceRefSchema = Type.Object({
  _id: OptionalText(80, "the data source: a model ('order'), or its lines ('order-lines')"),
  model: OptionalText(80),
  lines: Type.Optional(Type.Boolean()),
  collection: OptionalText(80),
});

const TextRefSchema = Type.Object({ _id: OptionalText(80), text: OptionalText(200) });

export const ReportVisualizationSchema = Type.Object(
  {
    type: Type.Optional(OrNull(TextRefSchema)),
    custom: Type.Optional(
      Type.Object(
        {
          legend: Type.Optional(Type.Boolean()),
          labels: Type.Optional(Type.Boolean()),
          average: Type.Optional(Type.Boolean()),
          standardDeviation: Type.Optional(Type.Boolean()),
          horizontal: Type.Optional(Type.Boolean()),
          stacked: Type.Optional(Type.Boolean()),
          stepped: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: true, maxProperties: 30 },
      ),
    ),
    load: Type.Optional(
      Type.Object({
        auto: Type.Optional(Type.Boolean()),
        refresh: Type.Optional(
          OrNull(Type.Integer({ minimum: 0, maximum: 86_400 }), {
            description: 'seconds between reloads; 0 or null: none',
          }),
        ),
      }),
    ),
  },
  { additionalProperties: true, maxProperties: 30 },
);
export type ReportVisualization = Static<typeof ReportVisualizationSchema>;

export const ReportParamsSchema = Type.Object({
  filters: Type.Optional(
    Type.Record(Type.String({ maxLength: 120 }), Type.String({ maxLength: 2000 }), {
      maxProperties: 20,
      description: 'filters of the document list route (GET /purchasing/{model}), ANDed with the report',
    }),
  ),
  tr: Type.Optional(OrNull(StringEnum(TIME_RANGE_IDS), { description: 'overrides the report time range' })),
});
export type ReportParams = Static<typeof ReportParamsSchema>;

/** A report query as the builder sends it (save, preview); `params` are the caller's runtime filters. */
export const ReportQueryRequestSchema = Type.Object({
  _id: OptionalText(40, "a stored report's id; absent, null, 'create' or 'duplicate': a new report"),
  name: OptionalText(200),
  type: Type.Optional(StringEnum(REPORT_TYPES, { description: "default 'user-query'" })),
  model: Type.Optional(Type.Union([OrNull(Type.String({ maxLength: 80 })), SourceRefSchema])),
  aggregation: Type.Optional(ReportAggregationSchema),
  visualization: Type.Optional(OrNull(ReportVisualizationSchema)),
  tr: Type.Optional(OrNull(TextRefSchema)),
  params: Type.Optional(OrNull(ReportParamsSchema)),
  what: Type.Optional(
    Type.Array(StringEnum(WHAT_IDS), {
      maxItems: WHAT_IDS.length,
      description: 'dashboard figures (seed 000 section 9) answered together, one row each',
    }),
  ),
});
export type ReportQueryRequest = Static<typeof ReportQueryRequestSchema>;

export const ReportIdParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
});

export const ColorsParamsSchema = Type.Object({
  count: Type.Integer({ minimum: 0, maximum: REPORT_LIMITS.colors }),
});

const ExportHeaderSchema = Type.Union([
  Type.String({ maxLength: 200 }),
  Type.Object({
    src: OptionalText(200, 'the key of the value in each row'),
    value: OptionalText(200, 'same as src'),
    label: OptionalText(200),
    text: OptionalText(200, 'same as label'),
  }),
]);

export const ExportRequestSchema = Type.Object({
  headers: Type.Array(ExportHeaderSchema, { minItems: 1, maxItems: 200 }),
  data: Type.Array(
    Type.Union([
      Type.Object({}, { additionalProperties: true, maxProperties: 400 }),
      Type.Array(Type.Unknown(), { maxItems: 200 }),
    ]),
    { maxItems: REPORT_LIMITS.exportRows },
  ),
  format: Type.Optional(StringEnum(['xlsx', 'csv'], { description: "default 'xlsx'" })),
  name: OptionalText(100, 'the file name without extension'),
});
export type ExportRequest = Static<typeof ExportRequestSchema>;

// ---------------------------------------------------------------- answers

const Labels = Type.Object({ en: Type.String(), pt: Type.String() });
const IdText = Type.Object({ _id: Type.String(), text: Type.String() });

export const ReportDataSourceSchema = Type.Object({
  _id: Type.String({ description: "'order' (documents) or 'order-lines' (their lines)" }),
  model: Type.String(),
  lines: Type.Boolean(),
  collection: Type.String({ description: "'documents' or 'document_lines'" }),
  label: Type.String(),
});
export type ReportDataSource = Static<typeof ReportDataSourceSchema>;

export const FieldDescriptorSchema = Type.Object({
  _id: Type.String({ description: 'the document path' }),
  label: Type.String(),
  labels: Labels,
  type: Type.String({ description: "the field type ('ref_supplier', 'date', 'number', 'select', ...)" }),
  dataType: StringEnum(DATA_TYPES),
  group: Type.Boolean({ description: 'may be a group-by field' }),
  metric: Type.Boolean({ description: 'may be the field of a metric (apply_to decides which functions)' }),
  lines: Type.Boolean({ description: 'a field of the lines (offered on line sources only)' }),
  display: Type.String({ description: 'the path whose value is shown (a reference shows its name)' }),
  format: OrNull(Type.String()),
  in: Type.Array(Type.String(), { description: 'the data sources (ids) that have the field' }),
  filter: OrNull(Type.String(), {
    description: 'the list filter a drill-down of this field uses; null: a group by it has no drill-down',
  }),
});
export type FieldDescriptor = Static<typeof FieldDescriptorSchema>;

export const MetricFunctionSchema = Type.Object({
  function: StringEnum(METRIC_FUNCTION_IDS),
  label: Type.String(),
  apply_to: Type.Array(StringEnum(DATA_TYPES)),
});
export type MetricFunction = Static<typeof MetricFunctionSchema>;

export const ReportTimeRangeSchema = Type.Object({
  _id: Type.String(),
  text: Type.String(),
  default: Type.Boolean({ description: 'the time range of a new report (the fifth)' }),
});
export type ReportTimeRange = Static<typeof ReportTimeRangeSchema>;
export const ReportTimeRangeListSchema = Type.Array(ReportTimeRangeSchema);

/** GET /config/query: what the builder offers the caller. */
export const ReportingConfigSchema = Type.Object({
  models: Type.Array(ReportDataSourceSchema),
  fields: Type.Array(FieldDescriptorSchema),
  metrics: Type.Array(MetricFunctionSchema),
  intervals: Type.Array(IdText),
  timeRanges: ReportTimeRangeListSchema,
  visualizations: Type.Array(IdText),
  what: Type.Array(
    Type.Object({ _id: Type.String(), text: Type.String(), models: Type.Array(Type.String()) }),
  ),
});
export type ReportingConfig = Static<typeof ReportingConfigSchema>;

const Open = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description });

/** A stored report query (GET /reporting/query/{id}). */
export const ReportQuerySchema = Type.Object({
  _id: Type.String({ description: "a number, or the id of a built-in system query ('draft-orders')" }),
  name: Type.String(),
  type: StringEnum(REPORT_TYPES),
  model: OrNull(
    Type.Object({
      _id: Type.String(),
      model: Type.String(),
      lines: Type.Boolean(),
      collection: Type.String(),
    }),
  ),
  aggregation: Open('groupBy, metrics, sort, rollupColumns (user queries) or pipeline (system queries)'),
  visualization: Open('type {_id, text}, custom, load'),
  tr: OrNull(IdText),
  params: Open('filters of the list route'),
  what: Type.Array(Type.String()),
  _editable: Type.Object({ ok: Type.Boolean({ description: 'false: read-only for the caller' }) }),
  owner: OrNull(Type.String(), { description: "the owner's user id; null: shared with the tenant" }),
  updatedAt: OrNull(IsoTimeSchema),
});
export type ReportQuery = Static<typeof ReportQuerySchema>;

export const ReportListSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      type: StringEnum(REPORT_TYPES),
      model: OrNull(Type.String()),
      visualization: OrNull(Type.String()),
      _editable: Type.Object({ ok: Type.Boolean() }),
    }),
  ),
});
export type ReportList = Static<typeof ReportListSchema>;

export const ReportSavedSchema = Type.Object({ message: Type.String(), id: Type.String() });
export type ReportSaved = Static<typeof ReportSavedSchema>;

export const ResultFieldSchema = Type.Object({
  src: Type.String({ description: 'the key of the value in each item' }),
  label: Type.String(),
  role: StringEnum(['group', 'metric', 'total', 'value']),
  dataType: StringEnum(DATA_TYPES),
  type: OrNull(Type.String()),
  format: OrNull(Type.String()),
  field: OrNull(Type.String(), { description: 'the field id it comes from' }),
  function: OrNull(Type.String()),
  interval: OrNull(Type.String()),
  column: OrNull(Type.String(), { description: 'pivot cells: the label of their column values' }),
});
export type ResultField = Static<typeof ResultFieldSchema>;

/** POST /reporting/query/result. */
export const ReportResultSchema = Type.Object({
  items: Type.Array(
    Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      additionalProperties: true,
      description:
        'one row: its group values (references: the name, and the id under {key}_id), its metrics ' +
        '(counts as integers, other numbers as decimal text), `_filter` (the query string of ' +
        'GET /purchasing/{model} selecting exactly the documents behind the row; null when a field has ' +
        'no list filter), `_filters` (pivot cells: the same per column key) and `_total` on a total row',
    }),
  ),
  fields: Type.Array(ResultFieldSchema),
  tableOptions: Type.Object({
    header: Type.Boolean(),
    count: Type.Integer(),
    paging: Type.Boolean(),
    pageSize: Type.Integer(),
    sort: Type.Boolean(),
    download: Type.Boolean(),
    truncated: Type.Boolean({ description: `more rows than the ${REPORT_LIMITS.rows} answered` }),
    model: OrNull(Type.String(), { description: 'the list route of the drill-downs: /{model}?{_filter}' }),
  }),
});
export type ReportResult = Static<typeof ReportResultSchema>;

export const ColorListSchema = Type.Array(Type.String({ description: '#rrggbb' }));
