import './dashboard.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { activityKind, type AvailableWidget, type LayoutItem } from '@p2p/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { useWidgets } from '../api/get-widgets.ts';
import { useDashboardEditor } from '../hooks/use-dashboard-editor.ts';
import type { DashboardSlots } from '../slots.ts';
import { AddWidgetDrawer } from './AddWidgetDrawer.tsx';
import { DashboardGrid } from './DashboardGrid.tsx';
import { EditWidgetDrawer } from './EditWidgetDrawer.tsx';
import { FrameWidget } from './FrameWidget.tsx';
import { WidgetFrame } from './WidgetFrame.tsx';

export type DashboardProps = DashboardSlots;

/** Calls a widget's slot while rendering inside its frame, so the frame's error boundary catches it. */
function WidgetContent({ render }: { render: () => ReactNode }) {
  return <>{render()}</>;
}

/**
 * The home dashboard (seed 001 sections 2.8 and 4.3): the user's widgets, or its role's default.
 * View mode offers 'Configure Dashboard'; edit mode moves and resizes widgets and offers Add widget,
 * Save, Cancel and, when the dashboard is the user's own, Reset (after a confirmation naming the
 * user's role). Reports and activity are drawn by the host's slots.
 */
export function Dashboard({ renderReport, renderActivity }: DashboardProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const userId = user?._id ?? '';
  const dashboard = useDashboard(userId || undefined);
  const editor = useDashboardEditor(userId, dashboard.data);
  const widgets = useWidgets(userId, i18n.language, editor.editing);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  if (!user) return null;

  const componentLabel = (item: LayoutItem) => t(`dashboard.components.${item.widget.component}`);
  const nameOf = (item: LayoutItem): string => {
    const { component, componentId, params } = item.widget;
    if (component === 'v-activity') {
      const kind = activityKind(Number(params?.kind ?? 0));
      return kind ? t(`activity.kinds.${kind.key}`) : componentLabel(item);
    }
    if (component === 'v-query') {
      const known = widgets.data?.find(
        (w: AvailableWidget) => w.component === 'v-query' && w._id === componentId,
      );
      return known?.name ?? componentLabel(item);
    }
    return typeof params?.url === 'string' && params.url ? params.url : componentLabel(item);
  };
  const edited = editor.layout.find((item) => item.i === editingId) ?? null;

  const content = (item: LayoutItem) => {
    const params = item.widget.params ?? {};
    switch (item.widget.component) {
      case 'v-query':
        return renderReport({
          queryId: item.widget.componentId ?? '',
          params,
          editable: editor.editing && item.editable !== false,
          onParamsChange: (next) => editor.setParams(item.i, next),
        });
      case 'v-activity':
        return renderActivity({
          kind: Number(params.kind ?? 0),
          count: Number(params.count ?? 5),
        });
      case 'v-iframe':
        return <FrameWidget params={params} title={nameOf(item)} />;
    }
  };

  return (
    <section className="dashboard" aria-label={t('dashboard.title')} data-testid="dashboard">
      <div className="dashboard__toolbar">
        {editor.editing ? (
          <>
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('dashboard.addWidget')}
              onClick={() => setAdding(true)}
              data-testid="dashboard-add"
            />
            <Button
              type="button"
              icon="pi pi-check"
              label={t('dashboard.save')}
              loading={editor.busy}
              onClick={editor.save}
              data-testid="dashboard-save"
            />
            <Button
              type="button"
              label={t('dashboard.cancel')}
              severity="secondary"
              outlined
              disabled={editor.busy}
              onClick={editor.cancel}
              data-testid="dashboard-cancel"
            />
            {editor.owned && (
              <Button
                type="button"
                icon="pi pi-refresh"
                label={t('dashboard.reset')}
                severity="danger"
                text
                disabled={editor.busy}
                onClick={() => setConfirmReset(true)}
                data-testid="dashboard-reset"
              />
            )}
          </>
        ) : (
          <Button
            type="button"
            icon="pi pi-cog"
            label={t('dashboard.configure')}
            severity="secondary"
            outlined
            disabled={!dashboard.data}
            onClick={editor.configure}
            data-testid="dashboard-configure"
          />
        )}
      </div>
      {dashboard.isLoading ? (
        <Loading />
      ) : dashboard.isError ? (
        <p className="muted" data-testid="dashboard-error">
          {dashboard.error.message}
        </p>
      ) : !editor.layout.length ? (
        <p className="muted" data-testid="dashboard-empty">
          {t('dashboard.empty')}
        </p>
      ) : (
        <DashboardGrid
          items={editor.layout}
          editing={editor.editing}
          onMove={editor.move}
          renderItem={(item) => (
            <WidgetFrame
              item={item}
              title={nameOf(item)}
              editing={editor.editing}
              onEdit={() => setEditingId(item.i)}
              onDuplicate={() => editor.duplicate(item.i)}
              onDelete={() => editor.remove(item.i)}
            >
              <WidgetContent render={() => content(item)} />
            </WidgetFrame>
          )}
        />
      )}
      <AddWidgetDrawer
        visible={adding}
        widgets={widgets.data}
        loading={widgets.isLoading}
        error={widgets.error?.message ?? null}
        onAdd={editor.add}
        onHide={() => setAdding(false)}
      />
      <EditWidgetDrawer
        item={edited}
        title={edited ? `${componentLabel(edited)}: ${nameOf(edited)}` : ''}
        onSave={(params) => {
          if (edited) editor.setParams(edited.i, params);
          setEditingId(null);
        }}
        onHide={() => setEditingId(null)}
      />
      <ConfirmDialog
        visible={confirmReset}
        title={t('dashboard.resetTitle')}
        message={t('dashboard.resetConfirm', { role: user.role.name })}
        onAccept={() => {
          setConfirmReset(false);
          editor.reset();
        }}
        onCancel={() => setConfirmReset(false)}
      />
    </section>
  );
}
