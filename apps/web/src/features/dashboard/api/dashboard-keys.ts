/** Query keys of the dashboard: the user's dashboard, and what its Add widget drawer offers. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (userId: string) => ['dashboard', 'layout', userId] as const,
  widgets: (userId: string, lang: string) => ['dashboard', 'widgets', userId, lang] as const,
  /** the same key as the reports feature's time ranges: one cached answer for both */
  periods: (lang: string) => ['reports', 'periods', lang] as const,
};
