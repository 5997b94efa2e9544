import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  ACTIVITY_DEFAULT_COUNT,
  ACTIVITY_WIDGET_TYPE,
  addWidget,
  applyPositions,
  duplicateWidget,
  removeWidget,
  setWidgetParams,
  type AvailableWidget,
  type Dashboard,
  type LayoutItem,
  type Widget,
} from '@p2p/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useResetDashboard } from '../api/reset-dashboard.ts';
import { useSaveDashboard } from '../api/save-dashboard.ts';

/** The widget an entry of the Add widget drawer adds (seed 001 section 3: user-activity or a report). */
export function widgetOf(entry: AvailableWidget): Widget {
  if (entry.type === ACTIVITY_WIDGET_TYPE)
    return { component: 'v-activity', params: { kind: Number(entry._id), count: ACTIVITY_DEFAULT_COUNT } };
  return { component: entry.component, componentId: entry._id, params: {} };
}

/** Failures the api client has already announced (network, 503) are not announced twice. */
const announced = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 503);

/**
 * The dashboard's modes (seed 001 section 4.3): view, and edit with a working copy of the layout.
 * Save stores it and returns to view; Cancel drops it (the last saved layout shows again); Reset
 * replaces the user's dashboard with the role default. Notices carry the server's message.
 */
export function useDashboardEditor(userId: string, saved: Dashboard | undefined) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LayoutItem[] | null>(null);
  const saving = useSaveDashboard(userId);
  const resetting = useResetDashboard(userId);
  const editing = draft !== null;
  const layout = draft ?? saved?.layout ?? [];

  const failed = (err: unknown) => {
    if (!announced(err))
      showToast({ severity: 'error', detail: err instanceof Error ? err.message : t('dashboard.failed') });
  };
  const change = useCallback(
    (next: (items: LayoutItem[]) => LayoutItem[]) =>
      setDraft((items) => (items === null ? null : next(items))),
    [],
  );

  return {
    editing,
    layout,
    /** the dashboard is the user's own (not the role default): Reset is offered */
    owned: Boolean(saved?.user),
    busy: saving.isPending || resetting.isPending,
    configure: () => setDraft(structuredClone(saved?.layout ?? [])),
    cancel: () => setDraft(null),
    add: (entry: AvailableWidget) => change((items) => addWidget(items, widgetOf(entry))),
    duplicate: (i: number) => change((items) => duplicateWidget(items, i)),
    remove: (i: number) => change((items) => removeWidget(items, i)),
    setParams: (i: number, params: Record<string, unknown>) =>
      change((items) => setWidgetParams(items, i, params)),
    /** positions from the 12-column grid after a drag, a resize or compaction */
    move: useCallback(
      (positions: ReadonlyArray<{ i: string; x: number; y: number; w: number; h: number }>) =>
        change((items) => {
          const next = applyPositions(items, positions);
          // the grid reports its layout after every render: unchanged, nothing re-renders
          return next.every((item, k) => item === items[k]) ? items : next;
        }),
      [change],
    ),
    save: () =>
      saving.mutate(layout, {
        onSuccess: (answer) => {
          setDraft(null);
          showToast({ severity: 'success', detail: answer.message });
        },
        onError: failed,
      }),
    reset: () =>
      resetting.mutate(undefined, {
        onSuccess: (answer) => {
          setDraft(null);
          showToast({ severity: 'success', detail: answer.message });
        },
        onError: failed,
      }),
  };
}

export type DashboardEditor = ReturnType<typeof useDashboardEditor>;
