import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import {
  ACTIVITY_DEFAULT_COUNT,
  ACTIVITY_KINDS,
  ACTIVITY_MAX_COUNT,
  isFrameUrl,
  textIn,
  VISUALIZATIONS,
  type LayoutItem,
} from '@p2p/domain';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { useTimePeriods } from '../api/get-widgets.ts';

export interface EditWidgetDrawerProps {
  /** the widget being edited; null: the drawer is closed */
  item: LayoutItem | null;
  /** 'Report: Draft orders' */
  title: string;
  onSave: (params: Record<string, unknown>) => void;
  onHide: () => void;
}

type Params = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The Edit widget drawer (seed 001 sections 2.8 and 4.3): a form of the widget's settings loaded
 * from its params, titled by component and name; Save writes them back, Cancel discards them.
 */
export function EditWidgetDrawer({ item, title, onSave, onHide }: EditWidgetDrawerProps) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [params, setParams] = useState<Params>({});
  const component = item?.widget.component;
  const periods = useTimePeriods(i18n.language, component === 'v-query');
  useEffect(() => setParams({ ...(item?.widget.params ?? {}) }), [item]);
  const set = (next: Params) => setParams((p) => ({ ...p, ...next }));
  const url = text(params.url).trim();
  const badUrl = component === 'v-iframe' && url !== '' && !isFrameUrl(url);

  return (
    <SidePanel visible={item !== null} onHide={onHide} title={title} testId="dashboard-edit-drawer">
      <form
        className="dashboard-settings"
        onSubmit={(e) => {
          e.preventDefault();
          if (!badUrl) onSave(params);
        }}
      >
        {component === 'v-activity' && (
          <>
            <label htmlFor={`${ids}-kind`}>{t('dashboard.settings.kind')}</label>
            <Dropdown
              inputId={`${ids}-kind`}
              value={typeof params.kind === 'number' ? params.kind : 0}
              options={ACTIVITY_KINDS.map((k) => ({ value: k.id, label: t(`activity.kinds.${k.key}`) }))}
              onChange={(e) => set({ kind: Number(e.value) })}
            />
            <label htmlFor={`${ids}-count`}>{t('dashboard.settings.count')}</label>
            <InputNumber
              inputId={`${ids}-count`}
              value={typeof params.count === 'number' ? params.count : ACTIVITY_DEFAULT_COUNT}
              min={1}
              max={ACTIVITY_MAX_COUNT}
              showButtons
              allowEmpty={false}
              onValueChange={(e) => set({ count: e.value ?? ACTIVITY_DEFAULT_COUNT })}
            />
          </>
        )}
        {component === 'v-query' && (
          <>
            <label htmlFor={`${ids}-tr`}>{t('dashboard.settings.period')}</label>
            <Dropdown
              inputId={`${ids}-tr`}
              value={text(params.tr)}
              options={[
                { value: '', label: t('dashboard.settings.reportDefault') },
                ...(periods.data ?? []).map((p) => ({ value: p._id, label: p.text })),
              ]}
              onChange={(e) => set({ tr: e.value || undefined })}
              data-testid="dashboard-settings-period"
            />
            <label htmlFor={`${ids}-vis`}>{t('dashboard.settings.chart')}</label>
            <Dropdown
              inputId={`${ids}-vis`}
              value={text(params.visualization)}
              options={[
                { value: '', label: t('dashboard.settings.reportDefault') },
                ...VISUALIZATIONS.map((v) => ({ value: v._id, label: textIn(v.labels, i18n.language) })),
              ]}
              onChange={(e) => set({ visualization: e.value || undefined })}
              data-testid="dashboard-settings-chart"
            />
          </>
        )}
        {component === 'v-iframe' && (
          <>
            <label htmlFor={`${ids}-url`}>{t('dashboard.settings.url')}</label>
            <InputText
              id={`${ids}-url`}
              value={text(params.url)}
              onChange={(e) => set({ url: e.target.value })}
              invalid={badUrl}
              aria-describedby={`${ids}-url-help`}
              data-testid="dashboard-settings-url"
            />
            <small id={`${ids}-url-help`} className={badUrl ? 'p-error' : 'muted'}>
              {t(badUrl ? 'dashboard.settings.urlInvalid' : 'dashboard.settings.urlHelp')}
            </small>
          </>
        )}
        <div className="dashboard-drawer__buttons">
          <Button type="button" label={t('dashboard.cancel')} severity="secondary" text onClick={onHide} />
          <Button
            type="submit"
            label={t('dashboard.save')}
            disabled={badUrl}
            data-testid="dashboard-edit-save"
          />
        </div>
      </form>
    </SidePanel>
  );
}
