import type { ReactNode, RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { Chart as ChartJS } from 'chart.js';
import { GAUGE_COLORS, GAUGE_TEXT_COLORS, gaugeColor } from '@p2p/domain';
import { useOffline } from '../../lib/offline.ts';

export interface PickOption {
  _id: string;
  text: string;
}

export interface ChartCardProps {
  title?: ReactNode;
  /** the chart pickers show only when editable (seed 001 section 6) */
  editable?: boolean;
  charts?: readonly PickOption[];
  chart?: string | null;
  onChart?: (id: string) => void;
  periods?: readonly PickOption[];
  period?: string | null;
  onPeriod?: (id: string) => void;
  /** the chart to save as 'image-export.png'; none: no download button */
  canvas?: RefObject<ChartJS | undefined | null>;
  /** a gauge value (0 to 100 and more) instead of a chart */
  gauge?: number | null;
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

export const PNG_NAME = 'image-export.png';

/** Saves the chart as a PNG file named image-export.png (seed 001 section 9). */
export function downloadChartImage(chart: ChartJS): void {
  const link = document.createElement('a');
  link.href = chart.toBase64Image('image/png', 1);
  link.download = PNG_NAME;
  link.click();
}

/** A gauge: the value as a coloured bar, green below 70, amber to under 90, red from 90. */
export function Gauge({ value }: { value: number }) {
  const { i18n } = useTranslation();
  const color = GAUGE_COLORS[gaugeColor(value)];
  return (
    <div className="chart-gauge" data-testid="chart-gauge" data-color={gaugeColor(value)}>
      <div className="chart-gauge__value" style={{ color: GAUGE_TEXT_COLORS[gaugeColor(value)] }}>
        {value.toLocaleString(i18n.language, { maximumFractionDigits: 2 })}%
      </div>
      <div className="chart-gauge__track">
        <div
          className="chart-gauge__fill"
          style={{ width: `${Math.min(100, Math.max(0, value))}%`, background: color }}
        />
      </div>
    </div>
  );
}

/** The dashboard chart card (seed 001 section 2.12): title, chart and period pickers, PNG download. */
export function ChartCard(props: ChartCardProps) {
  const { t } = useTranslation();
  const offline = useOffline();
  const { title, editable, charts, chart, onChart, periods, period, onPeriod, canvas, gauge, actions } =
    props;
  return (
    <section className="chart-card" data-testid={props.testId ?? 'chart-card'}>
      <header className="chart-card__header">
        {title && <h2 className="chart-card__title">{title}</h2>}
        <div className="chart-card__tools">
          {editable && charts && onChart && (
            <Dropdown
              value={chart ?? null}
              options={[...charts]}
              optionLabel="text"
              optionValue="_id"
              onChange={(e) => onChart(String(e.value))}
              aria-label={t('chart.pickChart')}
              data-testid="chart-picker"
            />
          )}
          {editable && periods && onPeriod && (
            <Dropdown
              value={period ?? null}
              options={[...periods]}
              optionLabel="text"
              optionValue="_id"
              onChange={(e) => onPeriod(String(e.value))}
              aria-label={t('chart.pickPeriod')}
              data-testid="period-picker"
            />
          )}
          {canvas && !offline && (
            <Button
              icon="pi pi-image"
              text
              rounded
              aria-label={t('chart.download')}
              tooltip={t('chart.download')}
              onClick={() => canvas.current && downloadChartImage(canvas.current)}
              data-testid="chart-download"
            />
          )}
          {actions}
        </div>
      </header>
      <div className="chart-card__body">
        {gauge !== undefined && gauge !== null ? <Gauge value={gauge} /> : props.children}
      </div>
    </section>
  );
}
