import { useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { formatDate } from '@p2p/domain';
import { DatePicker } from './DatePicker.tsx';
import { InvalidText, fieldText as str, useDraft } from './FieldDraft.tsx';
import { commitDate, commitDateRange } from './fields/rules.ts';
import type { InputProps } from './fields/types.ts';

/** A bound of a date field usable by the calendar popup ('yyyy-MM-dd' or a date-time). */
const dateBound = (bound: unknown): string | null => (typeof bound === 'string' ? bound : null);

/**
 * A date typed dd-MM-yyyy or picked from the calendar popup: invalid days or months are rejected (the
 * value is kept), a date before min becomes min.
 */
export function DateInput({ id, field, value, onChange, disabled, invalid }: InputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(formatDate(str(value)));
  const [error, setError] = useState<string | null>(null);
  const commit = (text: string) => {
    const r = commitDate(text, field.min);
    if (!r.ok) {
      setError(t('fields.invalidDate'));
      return;
    }
    setError(null);
    setDraft(r.value ? formatDate(r.value) : '');
    if (r.value !== (value ?? null)) onChange(r.value);
  };
  return (
    <>
      <DatePicker
        id={id}
        text={draft}
        onTextChange={setDraft}
        onCommit={commit}
        min={dateBound(field.min)}
        max={dateBound(field.max)}
        disabled={disabled}
        invalid={invalid || Boolean(error)}
        describedBy={error ? `${id}-invalid` : undefined}
      />
      <InvalidText id={id} text={error} />
    </>
  );
}

/** 'from|to', each typed or picked: from clamped to min, to clamped to max. */
export function DateRangeInput({ id, field, value, onChange, disabled }: InputProps) {
  const { t } = useTranslation();
  const [from0 = '', to0 = ''] = str(value).split('|');
  const [from, setFrom] = useDraft(formatDate(from0));
  const [to, setTo] = useDraft(formatDate(to0));
  const [error, setError] = useState<string | null>(null);
  const commit = (nextFrom: string, nextTo: string) => {
    const r = commitDateRange(nextFrom, nextTo, field.min, field.max);
    if (!r.ok) return setError(t('fields.invalidDate'));
    setError(null);
    const [f = '', tt = ''] = (r.value ?? '|').split('|');
    setFrom(formatDate(f));
    setTo(formatDate(tt));
    onChange(r.value);
  };
  return (
    <span className="field-date-range">
      <DatePicker
        id={id}
        ariaLabel={t('fields.from')}
        text={from}
        onTextChange={setFrom}
        onCommit={(text) => commit(text, to)}
        min={dateBound(field.min)}
        max={dateBound(field.max)}
        disabled={disabled}
        invalid={Boolean(error)}
      />
      <span aria-hidden="true">–</span>
      <DatePicker
        id={`${id}-to`}
        ariaLabel={t('fields.to')}
        text={to}
        onTextChange={setTo}
        onCommit={(text) => commit(from, text)}
        min={dateBound(field.min)}
        max={dateBound(field.max)}
        disabled={disabled}
        invalid={Boolean(error)}
      />
      <InvalidText id={id} text={error} />
    </span>
  );
}
