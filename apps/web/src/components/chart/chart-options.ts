/**
 * The look of every chart (seed 001 sections 2.12 and 9), as a pure function of the chart's kind,
 * its series and the options a report chose: y-axis maximum = the highest value plus a tenth of it
 * (step at least 1), numbers '#,##0', outer padding 40, line width 3, tension 0.1. Average and
 * standard deviation are drawn as flat dashed lines over the first series.
 */

export const CHART_KINDS = ['area', 'bar', 'line', 'pie', 'scatter'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export const CHART_STYLE = { padding: 40, lineWidth: 3, tension: 0.1 } as const;

/** The options of seed 001 section 3 (visualization.custom). */
export interface ChartCustom {
  legend?: boolean;
  labels?: boolean;
  average?: boolean;
  standardDeviation?: boolean;
  horizontal?: boolean;
  stacked?: boolean;
  stepped?: boolean;
}

export interface ChartSeries {
  label: string;
  /** one value per label; null where the series has none */
  data: Array<number | null>;
}

export interface ChartInput {
  labels: string[];
  series: ChartSeries[];
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** '#,##0': comma thousands, no decimals. */
export const formatWhole = (v: number): string => WHOLE.format(v);

/** The highest value the value axis must show: of the stacked sums when stacked. */
export function highestValue(input: ChartInput, stacked: boolean): number {
  let highest = 0;
  if (stacked) {
    input.labels.forEach((_, i) => {
      const sum = input.series.reduce((n, s) => n + Math.max(0, s.data[i] ?? 0), 0);
      highest = Math.max(highest, sum);
    });
  } else for (const s of input.series) for (const v of s.data) if (v !== null) highest = Math.max(highest, v);
  return highest;
}

/** The value axis: up to the highest value plus a tenth, ticks at least 1 apart. */
export function valueAxis(highest: number): { max: number; stepSize: number } {
  const max = highest > 0 ? highest + highest / 10 : 1;
  const raw = max / 6;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const nice = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  return { max, stepSize: Math.max(1, nice) };
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** The population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  if (!values.length) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((n, v) => n + (v - m) ** 2, 0) / values.length);
}

/** The flat reference lines of the first series: average, and average ± one standard deviation. */
export function referenceLines(
  input: ChartInput,
  custom: ChartCustom,
  names: { average: string; deviation: string },
): ChartSeries[] {
  const first = input.series[0];
  if (!first) return [];
  const values = first.data.filter((v): v is number => v !== null);
  if (!values.length) return [];
  const m = mean(values);
  const flat = (v: number) => input.labels.map(() => v);
  const out: ChartSeries[] = [];
  if (custom.average) out.push({ label: names.average, data: flat(m) });
  if (custom.standardDeviation) {
    const sd = standardDeviation(values);
    out.push({ label: `${names.deviation} +`, data: flat(m + sd) });
    out.push({ label: `${names.deviation} -`, data: flat(m - sd) });
  }
  return out;
}
