import '../reports.css';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import type { Chart as ChartJS } from 'chart.js';
import { CHART_KINDS, ChartCard, type ChartCustom } from '../../../components/chart/index.ts';
import { textIn, VISUALIZATIONS, type ReportQuery, type ReportQueryRequest } from '@p2p/domain';
import { useTimePeriods } from '../api/get-reporting-config.ts';
import { useReport } from '../api/get-report.ts';
import { useReportRun } from '../hooks/use-report-run.ts';
import { ReportResultView } from './ReportResultView.tsx';
import { RunStatus } from './RunStatus.tsx';

export interface ReportCardProps {
  queryId: string;
  /** the host's choices: `visualization` (an id) and `tr` (a time range id), `filters` of the list */
  params: Record<string, unknown>;
  /** the chart and period pickers show only when editable */
  editable: boolean;
  onParamsChange?: (params: Record<string, unknown>) => void;
  /** the builder of the report, linked from its title */
  builderPath?: string | null;
  height?: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The result call of a stored report with the host's choices applied. */
export function resultRequest(report: ReportQuery, params: Record<string, unknown>): ReportQueryRequest {
  if (report.what.length) return { name: report.name, what: report.what as ReportQueryRequest['what'] };
  const stored = (report.params ?? {}) as { filters?: Record<string, string> };
  const filters = {
    ...(stored.filters ?? {}),
    ...((params.filters as Record<string, string> | undefined) ?? {}),
  };
  const tr = text(params.tr) ?? report.tr?._id ?? null;
  return {
    _id: report._id,
    name: report.name,
    type: report.type,
    model: report.model?._id ?? null,
    aggregation: report.aggregation as ReportQueryRequest['aggregation'],
    tr: report.tr,
    params: { ...(Object.keys(filters).length ? { filters } : {}), ...(tr ? { tr } : {}) },
  } as ReportQueryRequest;
}

/**
 * A stored report as a chart card (seed 001 sections 2.9 and 2.12): its chart or table, the chart
 * and period pickers when editable, the PNG download, loading on open or on demand, refreshing on
 * the report's period, progress with Cancel on long runs.
 */
export function ReportCard({
  queryId,
  params,
  editable,
  onParamsChange,
  builderPath,
  height,
}: ReportCardProps) {
  const { t, i18n } = useTranslation();
  const report = useReport(queryId);
  const periods = useTimePeriods(i18n.language);
  const canvas = useRef<ChartJS | undefined>(undefined);
  const request = useMemo(
    () => (report.data ? resultRequest(report.data, params) : null),
    [report.data, params],
  );
  const vis = (report.data?.visualization ?? {}) as {
    type?: { _id?: string } | null;
    custom?: ChartCustom;
    load?: { auto?: boolean; refresh?: number | null };
  };
  const auto = vis.load?.auto !== false;
  const run = useReportRun(request, { auto, refreshSeconds: vis.load?.refresh ?? 0 });

  if (report.isError)
    return (
      <p className="muted" data-testid="report-card-missing">
        {t('reports.notFound')}
      </p>
    );
  if (!report.data) return <p className="muted">{t('reports.loading')}</p>;
  const kind = text(params.visualization) ?? vis.type?._id ?? 'table';
  const charts = VISUALIZATIONS.map((v) => ({ _id: v._id, text: textIn(v.labels, i18n.language) }));
  const isChart = (CHART_KINDS as readonly string[]).includes(kind);
  const usage = report.data.what.length === 1 ? run.result?.items[0]?.value : undefined;
  const set = (patch: Record<string, unknown>) => onParamsChange?.({ ...params, ...patch });
  const period = text(params.tr) ?? report.data.tr?._id ?? null;

  return (
    <ChartCard
      title={
        builderPath ? (
          <Link to={builderPath} data-testid="report-card-title">
            {report.data.name}
          </Link>
        ) : (
          report.data.name
        )
      }
      editable={editable && Boolean(onParamsChange)}
      charts={charts}
      chart={kind}
      onChart={(id) => set({ visualization: id })}
      periods={report.data.what.length ? undefined : (periods.data ?? [])}
      period={period}
      onPeriod={(id) => set({ tr: id })}
      {...(isChart ? { canvas } : {})}
      gauge={usage === null || usage === undefined ? null : Number(usage)}
      actions={
        <Button
          icon="pi pi-refresh"
          text
          rounded
          aria-label={t('reports.refreshNow')}
          tooltip={t('reports.refreshNow')}
          onClick={() => run.run()}
          disabled={run.status === 'running'}
          data-testid="report-refresh"
        />
      }
      testId="report-card"
    >
      {!auto && run.status === 'idle' && (
        <Button
          label={t('reports.loadNow')}
          icon="pi pi-play"
          onClick={() => run.run()}
          data-testid="report-load"
        />
      )}
      <RunStatus run={run} />
      {run.result && (
        <ReportResultView
          result={run.result}
          kind={kind}
          custom={vis.custom ?? {}}
          name={report.data.name}
          canvas={canvas}
          {...(height ? { height } : {})}
        />
      )}
    </ChartCard>
  );
}
