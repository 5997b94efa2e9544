/** Query keys of the reports feature (everything under ['reports']). */
export const reportKeys = {
  all: ['reports'] as const,
  config: (lang: string) => ['reports', 'config', lang] as const,
  periods: (lang: string) => ['reports', 'periods', lang] as const,
  list: () => ['reports', 'list'] as const,
  report: (id: string) => ['reports', 'report', id] as const,
  colors: (count: number) => ['reports', 'colors', count] as const,
};
