import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@p2p/domain';
import { DateInput } from '../../../components/DateFields.tsx';
import type { AuditFilters, FilterKey } from '../filters.ts';

export interface AuditFiltersFormProps {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** The filters of the audit trail: edited here, applied together (they become the page address). */
export function AuditFiltersForm({ value, onApply }: AuditFiltersFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    // applied from outside (a link, the reset): the form shows it
    setApplied(value);
    setDraft(value);
  }
  const set = (key: FilterKey, text: unknown) =>
    setDraft((d) => ({ ...d, [key]: typeof text === 'string' ? text : undefined }));
  const text = (key: 'entity_id' | 'model' | 'actor') => (
    <label className="audit-filter">
      <span>{t(`audit.${key === 'entity_id' ? 'entityId' : key}`)}</span>
      <input
        className="p-inputtext"
        data-testid={`audit-filter-${key}`}
        value={draft[key] ?? ''}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  );
  const date = (key: 'from' | 'to') => (
    <div className="audit-filter" data-testid={`audit-filter-${key}`}>
      <label htmlFor={`audit-filter-${key}`}>{t(`audit.${key}`)}</label>
      <DateInput
        id={`audit-filter-${key}`}
        field={{ src: key, type: 'date' }}
        value={draft[key] ?? null}
        onChange={(v) => set(key, v)}
      />
    </div>
  );

  return (
    <form
      className="audit-filters"
      data-testid="audit-filters"
      aria-label={t('audit.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <label className="audit-filter">
        <span>{t('audit.entity')}</span>
        <select
          className="p-inputtext"
          data-testid="audit-filter-entity"
          value={draft.entity ?? ''}
          onChange={(e) => set('entity', e.target.value)}
        >
          <option value="">{t('audit.allEntities')}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {t(`audit.entities.${entity}`)}
            </option>
          ))}
        </select>
      </label>
      {text('entity_id')}
      {text('model')}
      {text('actor')}
      <label className="audit-filter">
        <span>{t('audit.action')}</span>
        <select
          className="p-inputtext"
          data-testid="audit-filter-action"
          value={draft.action ?? ''}
          onChange={(e) => set('action', e.target.value)}
        >
          <option value="">{t('audit.allActions')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`audit.actions.${action}`)}
            </option>
          ))}
        </select>
      </label>
      {date('from')}
      {date('to')}
      <div className="audit-filters__buttons">
        <Button type="submit" icon="pi pi-filter" label={t('audit.apply')} data-testid="audit-apply" />
        <Button
          type="button"
          icon="pi pi-filter-slash"
          label={t('audit.reset')}
          severity="secondary"
          outlined
          data-testid="audit-reset"
          onClick={() => onApply({})}
        />
      </div>
    </form>
  );
}
