import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SelectButton } from 'primereact/selectbutton';
import { ProgressBar } from 'primereact/progressbar';
import {
  RATING_MAX_DEFAULT,
  clampProgress,
  labelText,
  isPasswordHash,
  ratingInterval,
  type RatingInterval,
} from '@p2p/domain';
import { PasswordMeter } from '../../PasswordMeter.tsx';
import { keyOf, optionsOf } from '../rules.ts';
import type { DisplayProps, FieldDef, InputProps } from '../types.ts';

/** password: typed text with the strength meter; a stored value is a hash and shows as dots. */
export function PasswordDisplay({ value }: DisplayProps) {
  return value ? <span aria-label="••••••">••••••</span> : null;
}

export function PasswordInput({ id, value, onChange, disabled, invalid }: InputProps) {
  const { t } = useTranslation();
  const stored = isPasswordHash(value);
  const [typed, setTyped] = useState(stored || typeof value !== 'string' ? '' : value);
  return (
    <div className="field-password">
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        className={`p-inputtext${invalid ? ' p-invalid' : ''}`}
        value={typed}
        placeholder={stored ? t('kit.password.unchanged') : undefined}
        disabled={disabled}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange(e.target.value || (stored ? value : null));
        }}
      />
      {typed && <PasswordMeter password={typed} />}
    </div>
  );
}

/** switch-select: the field's options as one row of toggle buttons, one chosen. */
export function SwitchSelectInput({ id, field, value, onChange, disabled, ctx }: InputProps) {
  const options = optionsOf(field, ctx?.options).map((o) => ({
    label: o.label ?? String(o.key),
    value: o.key,
  }));
  return (
    <SelectButton
      id={id}
      value={value === null || value === undefined ? null : keyOf(value)}
      options={options.map((o) => ({ ...o, value: String(o.value) }))}
      onChange={(e) => onChange(e.value ?? null)}
      disabled={disabled}
      className="field-switch-select"
    />
  );
}

interface RatingOptions {
  max: number;
  cancel: boolean;
  onIcon: string;
  offIcon: string;
  intervals: RatingInterval[];
  labels?: string[];
}

/** Rating options of seed 001 section 3 (icon, icons, interval with min, max, color, legend, labels). */
export function ratingOptions(field: FieldDef): RatingOptions {
  const f = field as FieldDef & {
    icon?: string;
    icons?: { on?: string; off?: string };
    cancel?: boolean;
    interval?: RatingInterval[];
    labels?: string[];
  };
  const max = typeof f.max === 'number' && f.max > 0 ? f.max : RATING_MAX_DEFAULT;
  const on = f.icons?.on ?? (f.icon ? `pi ${f.icon}-fill` : 'pi pi-star-fill');
  return {
    max,
    cancel: f.cancel !== false,
    onIcon: f.icons?.on ?? (f.icon ? f.icon : on),
    offIcon: f.icons?.off ?? (f.icon ? f.icon : 'pi pi-star'),
    intervals: f.interval ?? [],
    labels: f.labels,
  };
}

const score = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function RatingView({
  field,
  value,
  onPick,
  disabled,
}: {
  field: FieldDef;
  value: unknown;
  onPick?: (v: number | null) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const o = ratingOptions(field);
  const current = score(value);
  const interval = ratingInterval(current, o.intervals);
  const label =
    current !== null ? (o.labels?.[current - 1] ?? labelText(interval?.legend, i18n.language)) : undefined;
  return (
    <span className="field-rating" data-testid={`rating-${field.src}`} data-value={current ?? ''}>
      {onPick && o.cancel && (
        <button
          type="button"
          className="field-rating__cancel"
          aria-label={t('kit.rating.cancel')}
          disabled={disabled}
          onClick={() => onPick(null)}
        >
          <i className="pi pi-ban" aria-hidden="true" />
        </button>
      )}
      <span
        role={onPick ? 'radiogroup' : 'img'}
        aria-label={t('kit.rating.of', { value: current ?? 0, max: o.max })}
      >
        {Array.from({ length: o.max }, (_, i) => {
          const n = i + 1;
          const filled = current !== null && n <= current;
          const icon = (
            <i
              className={filled ? o.onIcon : o.offIcon}
              style={filled && interval?.color ? { color: interval.color } : undefined}
              aria-hidden="true"
            />
          );
          return onPick ? (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={current === n}
              aria-label={String(n)}
              disabled={disabled}
              className="field-rating__star"
              onClick={() => onPick(n)}
              data-testid={`rating-star-${n}`}
            >
              {icon}
            </button>
          ) : (
            <span key={n}>{icon}</span>
          );
        })}
      </span>
      {label && (
        <span
          className="field-rating__legend"
          style={interval?.color ? { color: interval.color } : undefined}
          data-testid="rating-legend"
        >
          {label}
        </span>
      )}
    </span>
  );
}

export const RatingDisplay = ({ field, value }: DisplayProps) => <RatingView field={field} value={value} />;
export const RatingInput = ({ field, value, onChange, disabled }: InputProps) => (
  <RatingView field={field} value={value} onPick={onChange} disabled={disabled} />
);

/** progress: 0 to 100; '10% tolerance' under it when the item has a tolerance. */
export function ProgressDisplay({ field, value }: DisplayProps) {
  const { t } = useTranslation();
  const v =
    value && typeof value === 'object' ? (value as { value?: unknown; tolerance?: unknown }) : { value };
  const tolerance = v.tolerance ?? (field as FieldDef & { tolerance?: unknown }).tolerance;
  const percent = typeof tolerance === 'number' ? tolerance : tolerance ? 10 : null;
  const n = clampProgress(v.value);
  return (
    <div className="field-progress" data-testid={`progress-${field.src}`} data-value={n}>
      <ProgressBar value={n} aria-label={`${n}%`} />
      {percent !== null && <small className="muted">{t('kit.progress.tolerance', { percent })}</small>}
    </div>
  );
}
