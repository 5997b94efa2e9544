import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import {
  DEFAULT_INTERVAL,
  groupByShowsInterval,
  metricFieldOptions,
  type FieldDescriptor,
  type MetricFunctionId,
  type ReportingConfig,
} from '@p2p/domain';
import {
  sortOptions,
  withGroupBy,
  withMetricFunction,
  withMetrics,
  withSort,
  type Draft,
} from '../report-draft.ts';

export interface AggregationEditorProps {
  draft: Draft;
  config: ReportingConfig;
  source: string | null;
  readOnly: boolean;
  onChange: (draft: Draft) => void;
}

/** Group-by, metric and sort rows and rollupColumns of a user query (seed 001 section 2.9). */
export function AggregationEditor({ draft, config, source, readOnly, onChange }: AggregationEditorProps) {
  const { t } = useTranslation();
  const agg = draft.aggregation;
  const groupBy = agg.groupBy ?? [];
  const metrics = agg.metrics ?? [];
  const sort = agg.sort ?? [];
  const inSource = source ? config.fields.filter((f) => f.in.includes(source)) : [];
  const groupFields = inSource.filter((f) => f.group);
  const fieldById = (id: string | null | undefined): FieldDescriptor | undefined =>
    inSource.find((f) => f._id === id);
  const fnLabel = (fn: string) => config.metrics.find((m) => m.function === fn)?.label ?? fn;
  const candidates = sortOptions(agg, inSource, (fn, field) =>
    field ? `${fnLabel(fn)} · ${fieldById(field)?.label ?? field}` : fnLabel(fn),
  );
  const usedSorts = new Set(sort.map((s) => s.field).filter(Boolean));
  const addDisabled = readOnly || !source;
  const directions = [
    { value: 'row', label: t('reports.row') },
    { value: 'column', label: t('reports.column') },
  ];

  return (
    <div className="report-aggregation" data-testid="aggregation-editor">
      <fieldset className="report-rows" data-testid="groupby-rows">
        <legend>{t('reports.groupBy')}</legend>
        {groupBy.map((g, i) => {
          const field = fieldById(g.field);
          const dated = groupByShowsInterval(field);
          const set = (patch: Partial<typeof g>) =>
            onChange(
              withGroupBy(
                draft,
                groupBy.map((row, k) => (k === i ? { ...row, ...patch } : row)),
              ),
            );
          return (
            <div className="report-row" key={i} data-testid={`groupby-row-${i}`}>
              <Dropdown
                value={g.field ?? null}
                options={groupFields}
                optionLabel="label"
                optionValue="_id"
                filter
                placeholder={t('reports.field')}
                aria-label={t('reports.field')}
                disabled={readOnly}
                onChange={(e) => {
                  const next = fieldById(String(e.value));
                  set({
                    field: String(e.value),
                    interval: groupByShowsInterval(next) ? (g.interval ?? DEFAULT_INTERVAL) : null,
                  });
                }}
                data-testid={`groupby-field-${i}`}
              />
              <Dropdown
                value={g.direction ?? 'row'}
                options={directions}
                aria-label={t('reports.direction')}
                disabled={readOnly}
                onChange={(e) => set({ direction: e.value as 'row' | 'column' })}
                data-testid={`groupby-direction-${i}`}
              />
              {dated ? (
                <Dropdown
                  value={g.interval ?? DEFAULT_INTERVAL}
                  options={config.intervals}
                  optionLabel="text"
                  optionValue="_id"
                  aria-label={t('reports.interval')}
                  disabled={readOnly}
                  onChange={(e) => set({ interval: String(e.value) })}
                  data-testid={`groupby-interval-${i}`}
                />
              ) : (
                <>
                  <InputNumber
                    value={g.limit ?? null}
                    min={1}
                    max={5000}
                    placeholder={t('reports.limit')}
                    aria-label={t('reports.limit')}
                    disabled={readOnly}
                    onValueChange={(e) => set({ limit: e.value ?? null })}
                    inputClassName="report-row__number"
                    data-testid={`groupby-limit-${i}`}
                  />
                  <label className="report-check">
                    <Checkbox
                      checked={g.skipEmpty !== false}
                      disabled={readOnly}
                      onChange={(e) => set({ skipEmpty: Boolean(e.checked) })}
                      data-testid={`groupby-skip-${i}`}
                    />
                    {t('reports.skipEmpty')}
                  </label>
                </>
              )}
              <Button
                icon="pi pi-trash"
                text
                aria-label={t('reports.remove')}
                disabled={readOnly}
                onClick={() =>
                  onChange(
                    withGroupBy(
                      draft,
                      groupBy.filter((_, k) => k !== i),
                    ),
                  )
                }
              />
            </div>
          );
        })}
        <Button
          label={t('reports.addGroupBy')}
          icon="pi pi-plus"
          size="small"
          text
          disabled={addDisabled}
          onClick={() =>
            onChange(withGroupBy(draft, [...groupBy, { field: null, direction: 'row', skipEmpty: true }]))
          }
          data-testid="add-groupby"
        />
      </fieldset>

      <fieldset className="report-rows" data-testid="metric-rows">
        <legend>{t('reports.metrics')}</legend>
        {metrics.map((m, i) => {
          const fn = m.function || 'count';
          const options = source ? metricFieldOptions(inSource, fn, source) : [];
          const set = (patch: Partial<typeof m>) =>
            onChange(
              withMetrics(
                draft,
                metrics.map((row, k) => (k === i ? { ...row, ...patch } : row)),
              ),
            );
          return (
            <div className="report-row" key={i} data-testid={`metric-row-${i}`}>
              <Dropdown
                value={m.function || null}
                options={config.metrics}
                optionLabel="label"
                optionValue="function"
                placeholder={t('reports.function')}
                aria-label={t('reports.function')}
                disabled={readOnly}
                onChange={(e) =>
                  onChange(withMetricFunction(draft, i, e.value as MetricFunctionId, inSource))
                }
                data-testid={`metric-function-${i}`}
              />
              <Dropdown
                value={m.field ?? null}
                options={options}
                optionLabel="label"
                optionValue="_id"
                filter
                showClear
                placeholder={t('reports.field')}
                aria-label={t('reports.field')}
                disabled={readOnly}
                onChange={(e) => set({ field: (e.value as string | null) ?? null })}
                data-testid={`metric-field-${i}`}
              />
              <InputText
                value={m.name ?? ''}
                placeholder={t('reports.metricName')}
                aria-label={t('reports.metricName')}
                disabled={readOnly}
                onChange={(e) => set({ name: e.target.value })}
                data-testid={`metric-name-${i}`}
              />
              <Button
                icon="pi pi-trash"
                text
                aria-label={t('reports.remove')}
                disabled={readOnly}
                onClick={() =>
                  onChange(
                    withMetrics(
                      draft,
                      metrics.filter((_, k) => k !== i),
                    ),
                  )
                }
              />
            </div>
          );
        })}
        <Button
          label={t('reports.addMetric')}
          icon="pi pi-plus"
          size="small"
          text
          disabled={addDisabled}
          onClick={() =>
            onChange(withMetrics(draft, [...metrics, { function: 'count', field: null, name: null }]))
          }
          data-testid="add-metric"
        />
      </fieldset>

      <fieldset className="report-rows" data-testid="sort-rows">
        <legend>{t('reports.sort')}</legend>
        {sort.map((s, i) => {
          // a field is sorted once: the other rows' fields are not offered
          const options = candidates.filter((c) => c.value === s.field || !usedSorts.has(c.value));
          const set = (patch: Partial<typeof s>) =>
            onChange(
              withSort(
                draft,
                sort.map((row, k) => (k === i ? { ...row, ...patch } : row)),
              ),
            );
          return (
            <div className="report-row" key={i} data-testid={`sort-row-${i}`}>
              <Dropdown
                value={s.field ?? null}
                options={options}
                placeholder={t('reports.field')}
                aria-label={t('reports.field')}
                disabled={readOnly}
                onChange={(e) => set({ field: String(e.value) })}
                data-testid={`sort-field-${i}`}
              />
              <Dropdown
                value={s.direction ?? 'asc'}
                options={[
                  { value: 'asc', label: t('reports.ascending') },
                  { value: 'desc', label: t('reports.descending') },
                ]}
                aria-label={t('reports.direction')}
                disabled={readOnly}
                onChange={(e) => set({ direction: e.value as 'asc' | 'desc' })}
                data-testid={`sort-direction-${i}`}
              />
              <Button
                icon="pi pi-trash"
                text
                aria-label={t('reports.remove')}
                disabled={readOnly}
                onClick={() =>
                  onChange(
                    withSort(
                      draft,
                      sort.filter((_, k) => k !== i),
                    ),
                  )
                }
              />
            </div>
          );
        })}
        <Button
          label={t('reports.addSort')}
          icon="pi pi-plus"
          size="small"
          text
          disabled={
            addDisabled || candidates.every((c) => usedSorts.has(c.value)) || sort.some((s) => !s.field)
          }
          onClick={() => onChange(withSort(draft, [...sort, { field: null, direction: 'asc' }]))}
          data-testid="add-sort"
        />
      </fieldset>

      <label className="report-check">
        <Checkbox
          checked={Boolean(agg.rollupColumns)}
          disabled={readOnly}
          onChange={(e) => onChange({ ...draft, aggregation: { ...agg, rollupColumns: Boolean(e.checked) } })}
          data-testid="rollup-columns"
        />
        {t('reports.rollupColumns')}
      </label>
    </div>
  );
}
