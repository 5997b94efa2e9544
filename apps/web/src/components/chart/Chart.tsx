import { forwardRef, useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { Chart as ReactChart } from 'react-chartjs-2';
import {
  CHART_STYLE,
  formatWhole,
  highestValue,
  referenceLines,
  valueAxis,
  type ChartCustom,
  type ChartInput,
  type ChartKind,
} from './chart-options.ts';

/** The values written on the bars, points and slices (option 'labels'). */
const valueLabels: Plugin = {
  id: 'p2pValueLabels',
  afterDatasetsDraw(chart, _args, options: { display?: boolean }) {
    if (!options.display) return;
    const { ctx } = chart;
    ctx.save();
    ctx.font = '11px sans-serif';
    ctx.fillStyle = '#333';
    ctx.textAlign = 'center';
    chart.data.datasets.forEach((dataset, d) => {
      const meta = chart.getDatasetMeta(d);
      if (meta.hidden || (dataset as { _reference?: boolean })._reference) return;
      meta.data.forEach((element, i) => {
        const raw = dataset.data[i] as number | { y: number } | null;
        const value = typeof raw === 'number' ? raw : raw?.y;
        if (value === undefined || value === null) return;
        const { x, y } = element.tooltipPosition(true);
        ctx.fillText(formatWhole(value), x ?? 0, (y ?? 0) - 6);
      });
    });
    ctx.restore();
  },
};

/**
 * Where each bar, point and slice is drawn (CSS pixels of the canvas), as `data-hits` on the canvas:
 * [series, index, x, y] of at most 500, so tests and tools can click a figure exactly.
 */
const hitMap: Plugin = {
  id: 'p2pHits',
  afterDraw(chart) {
    const hits: number[][] = [];
    chart.data.datasets.forEach((dataset, d) => {
      if ((dataset as { _reference?: boolean })._reference) return;
      chart.getDatasetMeta(d).data.forEach((el, i) => {
        const centre = el as unknown as { getCenterPoint?: (final: boolean) => { x: number; y: number } };
        const p = centre.getCenterPoint ? centre.getCenterPoint(true) : el.tooltipPosition(true);
        if (hits.length < 500) hits.push([d, i, Math.round(p.x ?? 0), Math.round(p.y ?? 0)]);
      });
    });
    chart.canvas.dataset.hits = JSON.stringify(hits);
  },
};

// only what the six visualizations use (the data table is not a chart)
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  ScatterController,
  Tooltip,
  valueLabels,
  hitMap,
);

export interface ChartProps {
  kind: ChartKind;
  input: ChartInput;
  /** one colour per series (per slice for a pie), '#rrggbb' */
  colors: readonly string[];
  custom?: ChartCustom;
  /** a bar, point or slice was clicked: its series and label index */
  onPick?: (series: number, index: number) => void;
  height?: number;
  testId?: string;
}

const withAlpha = (hex: string, alpha: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex + alpha : hex);

/** A Chart.js chart of one of the report visualizations (area, bar, line, pie, scatter). */
export const Chart = forwardRef<ChartJS | undefined, ChartProps>(function Chart(props, ref) {
  const { kind, input, colors, custom = {}, onPick, height = 320, testId = 'chart' } = props;
  const { t } = useTranslation();
  const { data, options, type } = useMemo(() => {
    const color = (i: number) => colors[i % Math.max(colors.length, 1)] ?? '#27aeef';
    const stacked = Boolean(custom.stacked) && kind !== 'pie' && kind !== 'scatter';
    const horizontal = Boolean(custom.horizontal) && kind === 'bar';
    const axis = valueAxis(highestValue(input, stacked));
    const references =
      kind === 'pie'
        ? []
        : referenceLines(input, custom, {
            average: t('chart.average'),
            deviation: t('chart.standardDeviation'),
          });
    const lineLike = kind === 'line' || kind === 'area';
    const datasets =
      kind === 'pie'
        ? input.series.slice(0, 1).map((s) => ({
            label: s.label,
            data: s.data,
            backgroundColor: input.labels.map((_, i) => color(i)),
          }))
        : input.series.map((s, i) => ({
            label: s.label,
            data: kind === 'scatter' ? s.data.map((y, x) => ({ x, y })) : s.data,
            borderColor: color(i),
            backgroundColor: kind === 'area' ? withAlpha(color(i), '66') : color(i),
            borderWidth: lineLike ? CHART_STYLE.lineWidth : 1,
            tension: CHART_STYLE.tension,
            fill: kind === 'area' ? (stacked && i > 0 ? '-1' : 'origin') : false,
            stepped: lineLike && custom.stepped ? ('before' as const) : false,
            pointRadius: kind === 'scatter' ? 5 : 3,
          }));
    const refSets = references.map((s) => ({
      type: 'line' as const,
      label: s.label,
      data: kind === 'scatter' ? s.data.map((y, x) => ({ x, y })) : s.data,
      borderColor: '#555',
      borderDash: [6, 4],
      borderWidth: 2,
      pointRadius: 0,
      fill: false,
      tension: 0,
      _reference: true,
      stack: 'reference',
    }));
    const valueScale = {
      beginAtZero: true,
      max: axis.max,
      stacked,
      ticks: { stepSize: axis.stepSize, callback: (v: number | string) => formatWhole(Number(v)) },
    };
    const categoryScale =
      kind === 'scatter'
        ? {
            type: 'linear' as const,
            min: -0.5,
            max: input.labels.length - 0.5,
            ticks: { stepSize: 1, callback: (v: number | string) => input.labels[Number(v)] ?? '' },
          }
        : { stacked };
    const options: ChartOptions = {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      layout: { padding: CHART_STYLE.padding },
      indexAxis: horizontal ? 'y' : 'x',
      plugins: {
        legend: { display: custom.legend !== false },
        tooltip: {
          callbacks: {
            label: (c) => {
              const raw = c.raw as number | { y: number } | null;
              const v = typeof raw === 'number' ? raw : raw?.y;
              const name = kind === 'pie' ? input.labels[c.dataIndex] : c.dataset.label;
              return `${name ?? ''}: ${v === null || v === undefined ? '' : formatWhole(v)}`;
            },
          },
        },
        ...({ p2pValueLabels: { display: Boolean(custom.labels) } } as object),
      },
      scales:
        kind === 'pie'
          ? {}
          : horizontal
            ? { x: valueScale, y: categoryScale }
            : { x: categoryScale, y: valueScale },
      onClick: (_event, elements) => {
        const hit = elements.find((e) => !(datasets.length <= e.datasetIndex));
        if (hit && onPick) onPick(hit.datasetIndex, hit.index);
      },
      onHover: (event, elements) => {
        const target = event.native?.target as HTMLElement | undefined;
        if (target) target.style.cursor = onPick && elements.length ? 'pointer' : 'default';
      },
    };
    const type = kind === 'area' ? 'line' : kind;
    const data = {
      labels: input.labels,
      datasets: [...datasets, ...refSets],
    } as unknown as ChartData;
    return { data, options, type };
  }, [kind, input, colors, custom, onPick, t]);

  return (
    <div className="chart" style={{ height }} data-testid={testId} data-kind={kind}>
      <ReactChart ref={ref} type={type} data={data} options={options} />
    </div>
  );
});
