import { DASHBOARD_MAX_COLS, DEFAULT_TILE, type LayoutItem } from '@p2p/domain';

/**
 * The layout of a role's default dashboard: one report tile per dashboard figure (the built-in
 * report of that figure, reporting/report.config.ts, whose id is the figure's id), in the role's
 * order, filling the rows of the 12-column grid left to right. Its widgets are editable (moved,
 * duplicated, deleted): a user who changes the default saves a dashboard of its own, and Reset
 * brings the role's back.
 */
export function roleDefaultLayout(figures: readonly string[]): LayoutItem[] {
  const perRow = Math.floor(DASHBOARD_MAX_COLS / DEFAULT_TILE.w);
  return figures.map((id, index) => ({
    i: index + 1,
    x: (index % perRow) * DEFAULT_TILE.w,
    y: Math.floor(index / perRow) * DEFAULT_TILE.h,
    w: DEFAULT_TILE.w,
    h: DEFAULT_TILE.h,
    editable: true,
    widget: { component: 'v-query', componentId: id, params: {} },
  }));
}
