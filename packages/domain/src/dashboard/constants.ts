/**
 * The dashboard's constants (seed 001 sections 2.8, 3, 4.3 and 9): the grid, the widget kinds, the
 * size of a new widget, the known pages of a frame widget and the gauge colours.
 */

/** The breakpoints of the responsive grid (minimum container width in px) and their columns. */
export const DASHBOARD_BREAKPOINTS = { lg: 1200, md: 996, sm: 768, xs: 480, xxs: 0 } as const;
export type DashboardBreakpoint = keyof typeof DASHBOARD_BREAKPOINTS;

/** 12 columns for lg, md and sm; 6 for xs and xxs. */
export const DASHBOARD_COLS: Readonly<Record<DashboardBreakpoint, number>> = {
  lg: 12,
  md: 12,
  sm: 12,
  xs: 6,
  xxs: 6,
};

/** The widest grid: items are stored in its coordinates. */
export const DASHBOARD_MAX_COLS = 12;
export const DASHBOARD_ROW_HEIGHT = 60;
/** [horizontal, vertical] px between widgets. */
export const DASHBOARD_MARGIN: readonly [number, number] = [15, 15];

/** A widget added from the drawer: 6 by 6, editable. */
export const NEW_WIDGET_SIZE = { w: 6, h: 6 } as const;

/** The limits a stored layout keeps (a dashboard is a screen, not a database). */
export const DASHBOARD_LIMITS = {
  items: 60,
  /** the highest row a widget may start on, and the tallest widget */
  rows: 1_000,
  maxHeight: 100,
  /** the highest item id */
  id: 1_000_000,
  url: 2_000,
} as const;

export const WIDGET_COMPONENTS = ['v-query', 'v-activity', 'v-iframe'] as const;
export type WidgetComponent = (typeof WIDGET_COMPONENTS)[number];

/** An available widget of type user-activity is an Activity widget; any other type a Report widget. */
export const ACTIVITY_WIDGET_TYPE = 'user-activity';

/**
 * The known pages a frame widget without a url shows by its `source` (seed 001 section 2: only
 * stats-helpdesk is named): the source maps to a page of this application, never to an address
 * the user typed.
 */
export const FRAME_SOURCES: Readonly<Record<string, string>> = {
  'stats-helpdesk': '/help',
};

/** The page of a frame widget: its url when it has one, else its known source, else null. */
export function frameUrl(params: { url?: unknown; source?: unknown } | null | undefined): string | null {
  const url = typeof params?.url === 'string' ? params.url.trim() : '';
  if (url) return isFrameUrl(url) ? url : null;
  const source = typeof params?.source === 'string' ? params.source : '';
  return Object.hasOwn(FRAME_SOURCES, source) ? FRAME_SOURCES[source]! : null;
}

/** An address a frame may show: http(s), or a path of this application (never //host or javascript:). */
export function isFrameUrl(url: string): boolean {
  if (url.length > DASHBOARD_LIMITS.url) return false;
  if (/^\/(?![/\\])/.test(url)) return true;
  return /^https?:\/\/[^\s/?#]+/i.test(url) && !/\s/.test(url);
}

export type GaugeColor = 'green' | 'amber' | 'red';

/** Gauge colours (seed 001 section 9): below 70 green, 70 to under 90 amber, 90 or more red. */
export function gaugeColor(value: number): GaugeColor {
  if (value >= 90) return 'red';
  if (value >= 70) return 'amber';
  return 'green';
}

/** The CSS colours of the gauge (PrimeReact's green, amber and red). */
export const GAUGE_COLORS: Readonly<Record<GaugeColor, string>> = {
  green: '#22c55e',
  amber: '#f59e0b',
  red: '#ef4444',
};

/** The gauge's figure in the same hues, dark enough for text on white (WCAG AA, 4.5:1 or more). */
export const GAUGE_TEXT_COLORS: Readonly<Record<GaugeColor, string>> = {
  green: '#15803d',
  amber: '#b45309',
  red: '#b91c1c',
};
