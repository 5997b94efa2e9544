/**
 * The fixed lists of the report builder and viewer (seed 001 sections 2.9, 3, 5 and 9): data types,
 * metric functions with the data types they apply to, group-by intervals (1 s to 1 y), time ranges
 * (the fifth is the default of a new report), visualizations, and the exact check messages.
 */

/** A text in every shipped language. */
export type LangTexts = Readonly<{ en: string; pt: string }>;

/** The text of `texts` in `lang`, English when the language is not shipped. */
export const textIn = (texts: LangTexts, lang: string | undefined): string =>
  lang === 'pt' ? texts.pt : texts.en;

/** The data types of a field descriptor (seed 001 section 3). */
export const DATA_TYPES = ['string', 'number', 'date', 'boolean', 'array', 'object'] as const;
export type DataType = (typeof DATA_TYPES)[number];

export const METRIC_FUNCTION_IDS = ['count', 'sum', 'average', 'minimum', 'maximum', 'latest'] as const;
export type MetricFunctionId = (typeof METRIC_FUNCTION_IDS)[number];

export interface MetricFunctionDef {
  function: MetricFunctionId;
  labels: LangTexts;
  /** the data types of the fields it takes; `count` also takes no field (the rows themselves) */
  apply_to: readonly DataType[];
}

export const METRIC_FUNCTIONS: readonly MetricFunctionDef[] = [
  { function: 'count', labels: { en: 'Count', pt: 'Contagem' }, apply_to: DATA_TYPES },
  { function: 'sum', labels: { en: 'Sum', pt: 'Soma' }, apply_to: ['number'] },
  { function: 'average', labels: { en: 'Average', pt: 'Média' }, apply_to: ['number'] },
  { function: 'minimum', labels: { en: 'Minimum', pt: 'Mínimo' }, apply_to: ['number', 'date', 'string'] },
  { function: 'maximum', labels: { en: 'Maximum', pt: 'Máximo' }, apply_to: ['number', 'date', 'string'] },
  {
    function: 'latest',
    labels: { en: 'Latest value', pt: 'Último valor' },
    apply_to: ['string', 'number', 'date', 'boolean'],
  },
];

export const metricFunction = (id: string): MetricFunctionDef | undefined =>
  METRIC_FUNCTIONS.find((m) => m.function === id);

/** How a group-by interval buckets a date: date_trunc to `unit`, or `n` units from the epoch. */
export type IntervalUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface IntervalDef {
  _id: string;
  labels: LangTexts;
  unit: IntervalUnit;
  n: number;
}

const iv = (_id: string, n: number, unit: IntervalUnit, en: string, pt: string): IntervalDef => ({
  _id,
  n,
  unit,
  labels: { en, pt },
});

/** The group-by intervals of a date field, from one second to one year. */
export const INTERVALS: readonly IntervalDef[] = [
  iv('1s', 1, 'second', '1 second', '1 segundo'),
  iv('5s', 5, 'second', '5 seconds', '5 segundos'),
  iv('10s', 10, 'second', '10 seconds', '10 segundos'),
  iv('30s', 30, 'second', '30 seconds', '30 segundos'),
  iv('1m', 1, 'minute', '1 minute', '1 minuto'),
  iv('5m', 5, 'minute', '5 minutes', '5 minutos'),
  iv('10m', 10, 'minute', '10 minutes', '10 minutos'),
  iv('15m', 15, 'minute', '15 minutes', '15 minutos'),
  iv('30m', 30, 'minute', '30 minutes', '30 minutos'),
  iv('1h', 1, 'hour', '1 hour', '1 hora'),
  iv('3h', 3, 'hour', '3 hours', '3 horas'),
  iv('6h', 6, 'hour', '6 hours', '6 horas'),
  iv('12h', 12, 'hour', '12 hours', '12 horas'),
  iv('1d', 1, 'day', '1 day', '1 dia'),
  iv('1w', 1, 'week', '1 week', '1 semana'),
  iv('1M', 1, 'month', '1 month', '1 mês'),
  iv('3M', 1, 'quarter', '3 months', '3 meses'),
  iv('1y', 1, 'year', '1 year', '1 ano'),
];
export const INTERVAL_IDS = INTERVALS.map((i) => i._id);
/** A date group-by without an interval buckets by day. */
export const DEFAULT_INTERVAL = '1d';

export const intervalDef = (id: string): IntervalDef | undefined => INTERVALS.find((i) => i._id === id);

export interface TimeRangeDef {
  _id: string;
  labels: LangTexts;
}

/** The time ranges of a report over the documents' creation time; the fifth is the default. */
export const TIME_RANGES: readonly TimeRangeDef[] = [
  { _id: 'today', labels: { en: 'Today', pt: 'Hoje' } },
  { _id: 'last-7-days', labels: { en: 'Last 7 days', pt: 'Últimos 7 dias' } },
  { _id: 'last-30-days', labels: { en: 'Last 30 days', pt: 'Últimos 30 dias' } },
  { _id: 'last-90-days', labels: { en: 'Last 90 days', pt: 'Últimos 90 dias' } },
  { _id: 'last-12-months', labels: { en: 'Last 12 months', pt: 'Últimos 12 meses' } },
  { _id: 'this-month', labels: { en: 'This month', pt: 'Este mês' } },
  { _id: 'last-month', labels: { en: 'Last month', pt: 'Mês passado' } },
  { _id: 'this-quarter', labels: { en: 'This quarter', pt: 'Este trimestre' } },
  { _id: 'this-year', labels: { en: 'This year', pt: 'Este ano' } },
  { _id: 'last-year', labels: { en: 'Last year', pt: 'Ano passado' } },
  { _id: 'last-24-months', labels: { en: 'Last 24 months', pt: 'Últimos 24 meses' } },
  { _id: 'all', labels: { en: 'All time', pt: 'Sempre' } },
];
export const TIME_RANGE_IDS = TIME_RANGES.map((t) => t._id);
/** The default time range of a new report: the fifth entry (seed 001 section 9). */
export const DEFAULT_TIME_RANGE: TimeRangeDef = TIME_RANGES[4]!;

export const VISUALIZATIONS = [
  { _id: 'area', labels: { en: 'Area', pt: 'Área' } },
  { _id: 'bar', labels: { en: 'Bar', pt: 'Barras' } },
  { _id: 'table', labels: { en: 'Data table', pt: 'Tabela de dados' } },
  { _id: 'line', labels: { en: 'Line', pt: 'Linha' } },
  { _id: 'pie', labels: { en: 'Pie', pt: 'Circular' } },
  { _id: 'scatter', labels: { en: 'Scatter', pt: 'Dispersão' } },
] as const satisfies ReadonlyArray<{ _id: string; labels: LangTexts }>;
export const VISUALIZATION_IDS = VISUALIZATIONS.map((v) => v._id);
export type VisualizationId = (typeof VISUALIZATIONS)[number]['_id'];
export const DEFAULT_VISUALIZATION: VisualizationId = 'table';

export const REPORT_TYPES = ['user-query', 'system-query'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The checks of a report save or preview, in the order they run (seed 001 section 5). */
export const REPORT_MESSAGES = {
  nameRequired: 'Query name is required',
  sourceRequired: 'Query source is required',
  groupOrMetricRequired: 'At least one Group By or Metric is required',
  fieldRequired: 'Field is required',
  pipelineRequired: 'Pipeline is required',
} as const;

/** What the result of a report holds at most (rows of a table, columns of a pivot). */
export const REPORT_LIMITS = {
  groupBy: 6,
  metrics: 12,
  sort: 18,
  /** rows of one result; the table pages them */
  rows: 5000,
  /** distinct values of the column group-bys (pivot columns) */
  columns: 100,
  /** the stages of a system pipeline */
  stages: 20,
  /** values of one $in list */
  inValues: 1000,
  colors: 100,
  /** rows of one export */
  exportRows: 100_000,
} as const;
