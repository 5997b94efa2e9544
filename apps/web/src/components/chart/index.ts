import './chart.css';

export { Chart, type ChartProps } from './Chart.tsx';
export {
  ChartCard,
  Gauge,
  downloadChartImage,
  PNG_NAME,
  type ChartCardProps,
  type PickOption,
} from './ChartCard.tsx';
export {
  CHART_KINDS,
  CHART_STYLE,
  formatWhole,
  highestValue,
  mean,
  referenceLines,
  standardDeviation,
  valueAxis,
  type ChartCustom,
  type ChartInput,
  type ChartKind,
  type ChartSeries,
} from './chart-options.ts';
