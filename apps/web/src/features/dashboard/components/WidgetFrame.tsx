import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { LayoutItem } from '@p2p/domain';
import { WidgetErrorBoundary } from './WidgetErrorBoundary.tsx';

export interface WidgetFrameProps {
  item: LayoutItem;
  /** the widget's name (its report's, its activity kind's, or its kind's) */
  title: string;
  editing: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  children: ReactNode;
}

/**
 * One widget on the grid (seed 001 section 2.8): in edit mode a bar with the drag handle, its name
 * and, for an editable widget, the actions menu (Edit, Duplicate, Delete); its content inside an
 * error boundary, so a widget that fails leaves the others drawn.
 */
export function WidgetFrame({
  item,
  title,
  editing,
  onEdit,
  onDuplicate,
  onDelete,
  children,
}: WidgetFrameProps) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const actions = [
    { label: t('dashboard.actions.edit'), icon: 'pi pi-pencil', command: onEdit },
    { label: t('dashboard.actions.duplicate'), icon: 'pi pi-copy', command: onDuplicate },
    { label: t('dashboard.actions.delete'), icon: 'pi pi-trash', command: onDelete },
  ];
  return (
    <section className="dashboard-widget" aria-label={title} data-testid={`dashboard-widget-${item.i}`}>
      {editing && (
        <header className="dashboard-widget__bar">
          <span
            className="dashboard-widget__handle"
            title={t('dashboard.move')}
            aria-label={t('dashboard.move')}
            data-testid="dashboard-widget-handle"
          >
            <i className="pi pi-arrows-alt" aria-hidden="true" />
          </span>
          <span className="dashboard-widget__title">{title}</span>
          {item.editable !== false && (
            <>
              <Menu model={actions} popup ref={menu} data-testid={`dashboard-widget-menu-${item.i}`} />
              <Button
                type="button"
                icon="pi pi-ellipsis-v"
                text
                rounded
                size="small"
                aria-label={t('dashboard.actions.label', { name: title })}
                onClick={(e) => menu.current?.toggle(e)}
                data-testid="dashboard-widget-actions"
              />
            </>
          )}
        </header>
      )}
      <div className="dashboard-widget__body">
        <WidgetErrorBoundary
          fallback={
            <p className="muted" data-testid="dashboard-widget-failed">
              {t('dashboard.widgetFailed')}
            </p>
          }
        >
          {children}
        </WidgetErrorBoundary>
      </div>
    </section>
  );
}
