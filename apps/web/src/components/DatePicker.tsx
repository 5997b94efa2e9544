import { useRef } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { formatDate, toIsoDate } from '@p2p/domain';
import { CALENDAR_DATE_FORMAT, ensureCalendarLocales } from '../lib/calendar-locale.ts';

ensureCalendarLocales();

/** A calendar date ('yyyy-MM-dd', 'dd-MM-yyyy' or the date of an ISO date-time) as a local Date, or null. */
export function dateOf(text: string | null | undefined): Date | null {
  const iso = toIsoDate((text ?? '').trim().slice(0, 10));
  if (!iso) return null;
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

export interface DatePickerProps {
  id: string;
  /** the text in the input, dd-MM-yyyy once committed; the parent keeps it */
  text: string;
  onTextChange: (text: string) => void;
  /** on blur of the input and after a pick (with the picked date's text): the parent parses and validates */
  onCommit: (text: string) => void;
  /** days before min or after max ('yyyy-MM-dd') cannot be picked */
  min?: string | null;
  max?: string | null;
  disabled?: boolean;
  invalid?: boolean;
  ariaLabel?: string;
  describedBy?: string;
}

/**
 * A date typed as dd-MM-yyyy or picked from a calendar popup (weeks from Sunday, day and month names
 * in the interface language). The typed text is the parent's to parse (the domain's parseTypedDate
 * rejects invalid days and months); the popup hands back the picked date as dd-MM-yyyy.
 */
export function DatePicker({
  id,
  text,
  onTextChange,
  onCommit,
  min,
  max,
  disabled,
  invalid,
  ariaLabel,
  describedBy,
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const input = useRef<HTMLInputElement>(null);

  const pick = (date: Date) => {
    const picked = formatDate(date);
    onTextChange(picked);
    onCommit(picked);
    panel.current?.hide();
    input.current?.focus();
  };

  return (
    <span className="p-inputgroup date-picker">
      <input
        id={id}
        ref={input}
        className={`p-inputtext field-date-input${invalid ? ' p-invalid' : ''}`}
        placeholder={t('fields.datePlaceholder')}
        value={text}
        maxLength={10}
        inputMode="numeric"
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onTextChange(e.target.value)}
        onBlur={(e) => onCommit(e.target.value)}
      />
      <button
        type="button"
        className="p-button p-button-icon-only p-datepicker-trigger date-picker__trigger"
        aria-label={t('calendar.choose')}
        aria-haspopup="dialog"
        aria-controls={`${id}-calendar`}
        disabled={disabled}
        onClick={(e) => panel.current?.toggle(e)}
        data-testid={`${id}-calendar-button`}
      >
        <i className="pi pi-calendar" aria-hidden="true" />
      </button>
      <OverlayPanel ref={panel} id={`${id}-calendar`} className="date-picker__panel" closeOnEscape>
        <Calendar
          inline
          value={dateOf(text)}
          onChange={(e) => e.value instanceof Date && pick(e.value)}
          minDate={dateOf(min) ?? undefined}
          maxDate={dateOf(max) ?? undefined}
          locale={i18n.language}
          dateFormat={CALENDAR_DATE_FORMAT}
        />
      </OverlayPanel>
    </span>
  );
}
