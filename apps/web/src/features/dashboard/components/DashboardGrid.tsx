import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useMemo, type ReactNode } from 'react';
import {
  getBreakpointFromWidth,
  Responsive,
  useContainerWidth,
  verticalCompactor,
  type Layout,
  type ResponsiveLayouts,
} from 'react-grid-layout';
import {
  DASHBOARD_BREAKPOINTS,
  DASHBOARD_COLS,
  DASHBOARD_MARGIN,
  DASHBOARD_MAX_COLS,
  DASHBOARD_ROW_HEIGHT,
  type DashboardBreakpoint,
  type LayoutItem,
} from '@p2p/domain';

export interface DashboardGridProps {
  items: readonly LayoutItem[];
  editing: boolean;
  /** positions in the 12-column coordinates the layout is stored in, after a drag or a resize */
  onMove: (positions: Layout) => void;
  renderItem: (item: LayoutItem) => ReactNode;
}

/** The narrow breakpoints: every widget the full width, one under the other, in reading order. */
function stacked(items: readonly LayoutItem[], cols: number): Layout {
  let y = 0;
  return [...items]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((item) => {
      const placed = { i: String(item.i), x: 0, y, w: cols, h: item.h };
      y += item.h;
      return placed;
    });
}

/**
 * The widget grid (seed 001 sections 2.8 and 9): responsive, 12 columns for lg, md and sm and 6
 * for xs and xxs, rows of 60 px, margins of 15 by 15, bounded, compacted vertically; widgets move by
 * their drag handle and resize only in edit mode. Items are stored in 12-column coordinates, so
 * only moves on a 12-column breakpoint are kept; phones show the widgets stacked.
 */
export function DashboardGrid({ items, editing, onMove, renderItem }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  // the grid's columns at this width: moves are kept only in the stored 12-column coordinates
  const wide = DASHBOARD_COLS[getBreakpointFromWidth(DASHBOARD_BREAKPOINTS, width)] === DASHBOARD_MAX_COLS;
  const layouts = useMemo<ResponsiveLayouts<DashboardBreakpoint>>(() => {
    const full: Layout = items.map((item) => ({
      i: String(item.i),
      x: item.x,
      y: item.y,
      w: item.w,
      h: item.h,
      ...(item.minW !== undefined ? { minW: item.minW } : {}),
      ...(item.maxW !== undefined ? { maxW: item.maxW } : {}),
      ...(item.minH !== undefined ? { minH: item.minH } : {}),
      ...(item.maxH !== undefined ? { maxH: item.maxH } : {}),
      ...(item.static ? { static: true } : {}),
    }));
    return {
      lg: full,
      md: full,
      sm: full,
      xs: stacked(items, DASHBOARD_COLS.xs),
      xxs: stacked(items, DASHBOARD_COLS.xxs),
    };
  }, [items]);

  return (
    <div ref={containerRef} className="dashboard-grid" data-testid="dashboard-grid">
      {mounted && (
        <Responsive
          width={width}
          breakpoints={DASHBOARD_BREAKPOINTS}
          cols={DASHBOARD_COLS}
          layouts={layouts}
          rowHeight={DASHBOARD_ROW_HEIGHT}
          margin={DASHBOARD_MARGIN}
          // vertical compaction (seed 001 section 9), named rather than left to the library's default
          compactor={verticalCompactor}
          dragConfig={{ enabled: editing, bounded: true, handle: '.dashboard-widget__handle' }}
          resizeConfig={{ enabled: editing }}
          onLayoutChange={(layout) => {
            if (editing && wide) onMove(layout);
          }}
        >
          {items.map((item) => (
            <div key={String(item.i)} className="dashboard-grid__item">
              {renderItem(item)}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}
