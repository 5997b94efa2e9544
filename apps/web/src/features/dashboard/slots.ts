import type { ReactNode } from 'react';

/** What a report widget (v-query) gets from the host: the report, its params and their changes. */
export interface ReportSlotProps {
  queryId: string;
  params: Record<string, unknown>;
  /** the chart and period pickers show only when editable */
  editable: boolean;
  onParamsChange(params: Record<string, unknown>): void;
}

/** What an activity widget (v-activity) gets from the host: the kind (0 to 11) and the count. */
export interface ActivitySlotProps {
  kind: number;
  count: number;
}

/**
 * The widgets other features draw: the route module hands them in (a feature imports no other
 * feature), so the dashboard knows only their props.
 */
export interface DashboardSlots {
  renderReport: (props: ReportSlotProps) => ReactNode;
  renderActivity: (props: ActivitySlotProps) => ReactNode;
}
