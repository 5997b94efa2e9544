import { useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import type { Chart as ChartJS } from 'chart.js';
import type { ReportResult } from '@p2p/domain';
import { Chart, type ChartCustom, type ChartKind, CHART_KINDS } from '../../../components/chart/index.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useColors } from '../api/get-colors.ts';
import { useExportData } from '../api/export-data.ts';
import { useDrill } from '../drill.ts';
import { chartPlan, displayValue, drillTargets, type DrillTarget } from '../result-chart.ts';
import { DrillChoice } from './DrillChoice.tsx';
import { ResultTable } from './ResultTable.tsx';

export interface ReportResultViewProps {
  result: ReportResult;
  /** the visualization id: 'table' or a chart kind */
  kind: string;
  custom?: ChartCustom;
  /** the file name of exports */
  name: string;
  /** the chart, for the PNG download of the card */
  canvas?: RefObject<ChartJS | undefined | null>;
  height?: number;
}

/** A report's result as its chart or its data table, with drill-down and the xlsx and csv exports. */
export function ReportResultView({ result, kind, custom, name, canvas, height }: ReportResultViewProps) {
  const { t } = useTranslation();
  const drill = useDrill();
  const own = useRef<ChartJS | undefined>(undefined);
  const ref = canvas ?? own;
  const isChart = (CHART_KINDS as readonly string[]).includes(kind);
  const plan = useMemo(
    () => (isChart ? chartPlan(result, [t('reports.yes'), t('reports.no')]) : null),
    [isChart, result, t],
  );
  const colors = useColors(kind === 'pie' ? (plan?.labels.length ?? 1) : (plan?.series.length ?? 1));
  const exporting = useExportData();
  const yesNo: [string, string] = [t('reports.yes'), t('reports.no')];
  const [choice, setChoice] = useState<DrillTarget[] | null>(null);
  // one list: open it; a figure over several lists: let the user pick one
  const open = (targets: DrillTarget[]) => {
    if (targets.length === 1) drill(targets[0]!.model, targets[0]!.filter);
    else if (targets.length > 1) setChoice(targets);
  };
  const choose = (
    <DrillChoice
      targets={choice}
      onPick={(target) => {
        setChoice(null);
        drill(target.model, target.filter);
      }}
      onHide={() => setChoice(null)}
    />
  );

  const exportAs = (format: 'xlsx' | 'csv') =>
    exporting.mutate(
      {
        format,
        name,
        headers: result.fields.map((f) => ({ src: f.src, label: f.label })),
        data: result.items.map((item) =>
          Object.fromEntries(
            result.fields.map((f) => [
              f.src,
              f.role === 'group' ? displayValue(f, item[f.src], yesNo) || null : (item[f.src] ?? null),
            ]),
          ),
        ),
      },
      {
        onError: (err) => showToast({ severity: 'error', detail: err.message }),
      },
    );

  const downloads = (
    <div className="report-exports">
      <Button
        label={t('reports.exportXlsx')}
        icon="pi pi-file-excel"
        size="small"
        outlined
        loading={exporting.isPending && exporting.variables?.format === 'xlsx'}
        onClick={() => exportAs('xlsx')}
        data-testid="report-export-xlsx"
      />
      <Button
        label={t('reports.exportCsv')}
        icon="pi pi-file"
        size="small"
        outlined
        loading={exporting.isPending && exporting.variables?.format === 'csv'}
        onClick={() => exportAs('csv')}
        data-testid="report-export-csv"
      />
    </div>
  );

  if (!result.items.length)
    return (
      <p className="muted" data-testid="report-empty">
        {t('reports.noData')}
      </p>
    );
  return (
    <div className="report-result" data-testid="report-result">
      {result.tableOptions.truncated && <p className="muted">{t('reports.truncated')}</p>}
      {plan ? (
        <>
          <Chart
            ref={ref}
            kind={kind as ChartKind}
            input={plan}
            colors={colors.data ?? []}
            custom={custom ?? {}}
            height={height ?? 340}
            onPick={(series, index) => {
              const s = kind === 'pie' ? 0 : series;
              open(drillTargets(result, plan.points[s]?.[index], plan.filters[s]?.[index]));
            }}
            testId="report-chart"
          />
          {downloads}
          {choose}
        </>
      ) : (
        <>
          <ResultTable
            result={result}
            header={result.tableOptions.download ? downloads : undefined}
            onRowDrill={(item) => open(drillTargets(result, item, item._filter as string | null))}
          />
          {choose}
        </>
      )}
    </div>
  );
}
