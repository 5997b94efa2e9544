import { ReportCard } from './ReportCard.tsx';

export interface ReportWidgetProps {
  queryId: string;
  params: Record<string, unknown>;
  editable: boolean;
  onParamsChange(params: Record<string, unknown>): void;
}

/** The dashboard's report widget (v-query): a stored report as a chart card; its picks go to the widget's params. */
export function ReportWidget({ queryId, params, editable, onParamsChange }: ReportWidgetProps) {
  return (
    <ReportCard
      queryId={queryId}
      params={params}
      editable={editable}
      onParamsChange={onParamsChange}
      builderPath={/^[0-9]+$/.test(queryId) ? `/query/${queryId}/view` : null}
      height={260}
    />
  );
}
