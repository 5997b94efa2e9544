import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { ACTIVITY_WIDGET_TYPE, type AvailableWidget } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';

export interface AddWidgetDrawerProps {
  visible: boolean;
  widgets: readonly AvailableWidget[] | undefined;
  loading: boolean;
  error: string | null;
  onAdd: (widget: AvailableWidget) => void;
  onHide: () => void;
}

const keyOf = (w: AvailableWidget) => `${w.type}:${w._id}`;

/**
 * The Add widget drawer (seed 001 section 2.8): tabs Activity (type user-activity) and Reports
 * (every other type), each listing the available widgets by name; Save adds the chosen one.
 */
export function AddWidgetDrawer({ visible, widgets, loading, error, onAdd, onHide }: AddWidgetDrawerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const all = widgets ?? [];
  const tabs = [
    {
      id: 'activity',
      label: t('dashboard.add.activity'),
      items: all.filter((w) => w.type === ACTIVITY_WIDGET_TYPE),
    },
    {
      id: 'reports',
      label: t('dashboard.add.reports'),
      items: all.filter((w) => w.type !== ACTIVITY_WIDGET_TYPE),
    },
  ];
  const close = () => {
    setChosen(null);
    onHide();
  };
  const add = () => {
    const widget = all.find((w) => keyOf(w) === chosen);
    if (widget) onAdd(widget);
    close();
  };
  return (
    <SidePanel
      visible={visible}
      onHide={close}
      title={t('dashboard.add.title')}
      testId="dashboard-add-drawer"
    >
      {loading ? (
        <Loading />
      ) : error ? (
        <p className="muted">{error}</p>
      ) : (
        <TabView>
          {tabs.map((tab) => (
            <TabPanel key={tab.id} header={tab.label}>
              {tab.items.length ? (
                <ul className="dashboard-available" data-testid={`dashboard-available-${tab.id}`}>
                  {tab.items.map((w) => (
                    <li key={keyOf(w)}>
                      <Button
                        type="button"
                        text={chosen !== keyOf(w)}
                        label={w.name}
                        aria-pressed={chosen === keyOf(w)}
                        onClick={() => setChosen(keyOf(w))}
                        onDoubleClick={() => {
                          onAdd(w);
                          close();
                        }}
                        data-testid="dashboard-available-widget"
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('dashboard.add.none')}</p>
              )}
            </TabPanel>
          ))}
        </TabView>
      )}
      <div className="dashboard-drawer__buttons">
        <Button type="button" label={t('dashboard.cancel')} severity="secondary" text onClick={close} />
        <Button
          type="button"
          label={t('dashboard.save')}
          disabled={!chosen}
          onClick={add}
          data-testid="dashboard-add-save"
        />
      </div>
    </SidePanel>
  );
}
