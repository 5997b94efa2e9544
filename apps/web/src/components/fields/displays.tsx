import { useTranslation } from '../../lib/use-translation.ts';
import { actsAsSupplier } from '@p2p/domain';
import { displayDate, displayDateRange, displayNumber, keyOf, optionsOf, refLabel } from './rules.ts';
import { STATUS_ICONS, isStatusIcon, statusLabelKey } from './status-icons.ts';
import type { DisplayProps } from './types.ts';
import { StateBadge } from '../StateBadge.tsx';

const Empty = () => <span className="field-empty" aria-hidden="true" />;

export function TextDisplay({ value }: DisplayProps) {
  if (value === null || value === undefined || value === '') return <Empty />;
  return <span className="field-text">{typeof value === 'object' ? refLabel(value) : String(value)}</span>;
}

export function TextareaDisplay({ value }: DisplayProps) {
  if (value === null || value === undefined || value === '') return <Empty />;
  return <span className="field-textarea">{String(value)}</span>;
}

export function KeyDisplay({ value }: DisplayProps) {
  if (value === null || value === undefined || value === '') return <Empty />;
  return <code className="field-key">{String(value)}</code>;
}

export function NumberDisplay({ field, value }: DisplayProps) {
  return <span className="field-number">{displayNumber(value, field)}</span>;
}

export function PercentageDisplay({ field, value }: DisplayProps) {
  const text = displayNumber(value, field);
  return <span className="field-number">{text ? `${text} %` : ''}</span>;
}

export function DateDisplay({ value }: DisplayProps) {
  return <span className="field-date">{displayDate(value)}</span>;
}

export function DateTimeDisplay({ value }: DisplayProps) {
  return <span className="field-date">{displayDate(value, true)}</span>;
}

export function DateRangeDisplay({ value }: DisplayProps) {
  return <span className="field-date">{displayDateRange(value)}</span>;
}

export function BooleanDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  return (
    <span className="field-boolean" aria-label={value ? t('fields.yes') : t('fields.no')}>
      <i className={value ? 'pi pi-check' : 'pi pi-minus'} aria-hidden="true" />{' '}
      {value ? t('fields.yes') : t('fields.no')}
    </span>
  );
}

export function SelectDisplay({ field, value, ctx }: DisplayProps) {
  if (value === null || value === undefined || value === '') return <Empty />;
  const key = keyOf(value);
  const item = optionsOf(field, ctx?.options).find((o) => String(o.key) === key);
  return <span className="field-select">{item?.label ?? refLabel(value)}</span>;
}

export function RefDisplay({ value }: DisplayProps) {
  if (value === null || value === undefined || value === '') return <Empty />;
  return <span className="field-ref">{refLabel(value)}</span>;
}

export function ListDisplay({ value }: DisplayProps) {
  const list = Array.isArray(value) ? value : [];
  if (!list.length) return <Empty />;
  return (
    <span className="field-chips">
      {list.map((v, i) => (
        <span className="field-chip" key={`${refLabel(v)}-${i}`}>
          {refLabel(v)}
        </span>
      ))}
    </span>
  );
}

export function StateDisplay({ value, ctx }: DisplayProps) {
  if (!value) return <Empty />;
  const key = String(value);
  // the status icon and colour of seed 001 section 4.1
  return <StateBadge state={key} label={ctx?.states?.[key] ?? key} />;
}

/** One icon of seed 001 section 4.1 with its label as tooltip; a missing icon is only logged. */
export function IconStatusDisplay({ value, ctx }: DisplayProps) {
  const { t } = useTranslation();
  if (!value) return <Empty />;
  const key = String(value);
  if (!isStatusIcon(key)) {
    console.warn(`status icon '${key}' is missing`);
    return <span className="field-status">{key}</span>;
  }
  const label = t(statusLabelKey(key, actsAsSupplier(ctx?.user)));
  return (
    <span className="field-status" data-status={key} title={label}>
      <i className={STATUS_ICONS[key]} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function AddressDisplay({ value }: DisplayProps) {
  if (!value || typeof value !== 'object') return <Empty />;
  const a = value as Record<string, unknown>;
  const line1 = [a.street, a.housenum].filter(Boolean).join(' ');
  const line2 = [a.postcode, a.city].filter(Boolean).join(' ');
  return <span className="field-address">{[line1, line2, a.country].filter(Boolean).join(', ')}</span>;
}

export function ScoresDisplay({ field, value }: DisplayProps) {
  const scores = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return (
    <span className="field-scores">
      {optionsOf(field).map((o) => (
        <span key={String(o.key)} className="field-chip">
          {o.label}: {scores[String(o.key)] === undefined ? '–' : String(scores[String(o.key)])}
        </span>
      ))}
    </span>
  );
}

/** Stored files as download links (see media.tsx). */
export { MediaDisplay } from './media.tsx';

export function ConditionsDisplay({ value }: DisplayProps) {
  const list = Array.isArray(value) ? (value as Array<{ condition?: string; value?: unknown }>) : [];
  if (!list.length) return <Empty />;
  return (
    <span className="field-conditions">
      {list.map((c) => `${c.condition}: ${String(c.value ?? '')}`).join(', ')}
    </span>
  );
}
