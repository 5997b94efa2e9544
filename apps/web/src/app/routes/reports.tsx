import { lazyPage } from './pages.tsx';

// The report pages (and Chart.js) load on their first visit, each from its own file.
export const ReportListPage = lazyPage(() =>
  import('../../features/reports/components/ReportListPage.tsx').then((m) => m.ReportListPage),
);
export const ReportBuilderPage = lazyPage(() =>
  import('../../features/reports/components/ReportBuilderPage.tsx').then((m) => m.ReportBuilderPage),
);
export const ReportViewerPage = lazyPage(() =>
  import('../../features/reports/components/ReportViewerPage.tsx').then((m) => m.ReportViewerPage),
);
