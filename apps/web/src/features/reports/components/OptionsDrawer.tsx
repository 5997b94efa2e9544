import { useTranslation } from '../../../lib/use-translation.ts';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Sidebar } from 'primereact/sidebar';
import type { ReportingConfig, ReportVisualization } from '@p2p/domain';
import type { Draft } from '../report-draft.ts';

const CUSTOM = [
  'legend',
  'labels',
  'average',
  'standardDeviation',
  'horizontal',
  'stacked',
  'stepped',
] as const;

export interface OptionsDrawerProps {
  visible: boolean;
  onHide: () => void;
  draft: Draft;
  config: ReportingConfig;
  readOnly: boolean;
  onChange: (draft: Draft) => void;
}

/** The Options drawer: 'Customize the chosen visualization' (type, options, loading, time range). */
export function OptionsDrawer({ visible, onHide, draft, config, readOnly, onChange }: OptionsDrawerProps) {
  const { t } = useTranslation();
  const vis: ReportVisualization = draft.visualization ?? {};
  const setVis = (patch: Partial<ReportVisualization>) =>
    onChange({ ...draft, visualization: { ...vis, ...patch } });
  const custom = vis.custom ?? {};
  const load = vis.load ?? {};
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      header={<h2 className="report-drawer__title">{t('reports.optionsTitle')}</h2>}
      className="report-drawer"
      data-testid="options-drawer"
    >
      <div className="report-drawer__body">
        <label className="report-field">
          <span>{t('reports.visualization')}</span>
          <Dropdown
            value={vis.type?._id ?? 'table'}
            options={config.visualizations}
            optionLabel="text"
            optionValue="_id"
            disabled={readOnly}
            onChange={(e) => setVis({ type: config.visualizations.find((v) => v._id === e.value) ?? null })}
            data-testid="visualization-type"
          />
        </label>
        <label className="report-field">
          <span>{t('reports.timeRange')}</span>
          <Dropdown
            value={draft.tr?._id ?? null}
            options={config.timeRanges}
            optionLabel="text"
            optionValue="_id"
            disabled={readOnly}
            onChange={(e) => {
              const tr = config.timeRanges.find((r) => r._id === e.value);
              onChange({ ...draft, tr: tr ? { _id: tr._id, text: tr.text } : null });
            }}
            data-testid="time-range"
          />
        </label>
        <fieldset className="report-rows">
          <legend>{t('reports.options')}</legend>
          {CUSTOM.map((key) => (
            <label className="report-check" key={key}>
              <Checkbox
                checked={key === 'legend' ? custom.legend !== false : Boolean(custom[key])}
                disabled={readOnly}
                onChange={(e) => setVis({ custom: { ...custom, [key]: Boolean(e.checked) } })}
                data-testid={`custom-${key}`}
              />
              {t(`reports.custom.${key}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="report-rows">
          <legend>{t('reports.load')}</legend>
          <label className="report-check">
            <Checkbox
              checked={load.auto !== false}
              disabled={readOnly}
              onChange={(e) => setVis({ load: { ...load, auto: Boolean(e.checked) } })}
              data-testid="load-auto"
            />
            {t('reports.loadAuto')}
          </label>
          <label className="report-field">
            <span>{t('reports.refresh')}</span>
            <InputNumber
              value={load.refresh ?? null}
              min={0}
              max={86400}
              disabled={readOnly}
              onValueChange={(e) => setVis({ load: { ...load, refresh: e.value ?? null } })}
              data-testid="load-refresh"
            />
          </label>
        </fieldset>
      </div>
    </Sidebar>
  );
}
