import { ActivityCard } from '../../features/activity/index.ts';
import { Dashboard, type ActivitySlotProps, type ReportSlotProps } from '../../features/dashboard/index.ts';
import { ReportWidget } from '../../features/reports/index.ts';

/** A dashboard report widget: the reports feature's card of the stored report. */
const renderReport = (props: ReportSlotProps) => <ReportWidget {...props} />;

/** A dashboard activity widget: the recent-activity card with the widget's kind and count, read-only. */
const renderActivity = ({ kind, count }: ActivitySlotProps) => (
  <ActivityCard editable={false} settings={{ kind, count }} />
);

/**
 * The home page's dashboard of widgets (or its role's default), composed of the dashboard grid and
 * the reports' widget. A chunk of its own (home.tsx loads it on demand): the grid and Chart.js are
 * not needed for the sign-in page and the shell.
 */
export function HomeDashboard() {
  return <Dashboard renderReport={renderReport} renderActivity={renderActivity} />;
}
