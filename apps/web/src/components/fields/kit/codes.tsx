import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { VERIFICATION_CODE_LENGTH, codeDigits, normalizeNumericInput, type NumericRange } from '@p2p/domain';
import { useDraft } from '../../FieldDraft.tsx';
import type { DisplayProps, FieldDef, InputProps } from '../types.ts';

const lengthOf = (field: FieldDef) => {
  const n = (field as FieldDef & { length?: unknown }).length ?? field.max;
  return typeof n === 'number' && n > 0 && n <= 12 ? n : VERIFICATION_CODE_LENGTH;
};

export interface VerificationCodeProps {
  id: string;
  length?: number;
  value?: string | null;
  /** fires when every box holds a digit ('changed'), and with null when a complete code loses one */
  onChanged: (code: string | null) => void;
  disabled?: boolean;
}

/** One box per digit: digits 0-9 only, auto-advance, Backspace goes back, a pasted code fills the boxes. */
export function VerificationCode({
  id,
  length = VERIFICATION_CODE_LENGTH,
  value,
  onChanged,
  disabled,
}: VerificationCodeProps) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>(() =>
    Array.from({ length }, (_, i) => (value ?? '')[i] ?? ''),
  );
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const wasComplete = useRef(digits.every(Boolean));

  const commit = (next: string[]) => {
    setDigits(next);
    const complete = next.every(Boolean);
    if (complete) onChanged(next.join(''));
    else if (wasComplete.current) onChanged(null);
    wasComplete.current = complete;
  };
  const fill = (at: number, text: string) => {
    const typed = codeDigits(text, length - at);
    if (!typed) return;
    const next = [...digits];
    [...typed].forEach((d, i) => (next[at + i] = d));
    commit(next);
    boxes.current[Math.min(at + typed.length, length - 1)]?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      commit(next);
      boxes.current[i - 1]?.focus();
    } else if (e.key === 'ArrowLeft' && i > 0) boxes.current[i - 1]?.focus();
    else if (e.key === 'ArrowRight' && i < length - 1) boxes.current[i + 1]?.focus();
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>, i: number) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  };

  return (
    <span className="field-code" role="group" aria-label={t('kit.code.label', { length })}>
      {digits.map((d, i) => (
        <input
          key={i}
          id={i === 0 ? id : `${id}-${i}`}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className="p-inputtext field-code__box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={t('kit.code.digit', { n: i + 1 })}
          value={d}
          disabled={disabled}
          onChange={(e) => {
            const text = e.target.value;
            if (text === '') {
              const next = [...digits];
              next[i] = '';
              commit(next);
            } else fill(i, text.slice(-1));
          }}
          onKeyDown={(e) => onKey(e, i)}
          onPaste={(e) => onPaste(e, i)}
          data-testid={`code-box-${i}`}
        />
      ))}
    </span>
  );
}

export const VerificationCodeInput = ({ id, field, value, onChange, disabled }: InputProps) => (
  <VerificationCode
    id={id}
    length={lengthOf(field)}
    value={typeof value === 'string' ? value : null}
    onChanged={onChange}
    disabled={disabled}
  />
);
export const VerificationCodeDisplay = ({ value }: DisplayProps) =>
  typeof value === 'string' && value ? <span className="field-key">{value.replace(/./g, '•')}</span> : null;

const asRange = (v: unknown): NumericRange => {
  const r = v && typeof v === 'object' ? (v as Partial<NumericRange>) : {};
  return { from: typeof r.from === 'number' ? r.from : null, to: typeof r.to === 'number' ? r.to : null };
};

export function NumericRangeDisplay({ value }: DisplayProps) {
  const r = asRange(value);
  if (r.from === null && r.to === null) return null;
  return <span>{`${r.from ?? '…'} – ${r.to ?? '…'}`}</span>;
}

/** numeric-range: from and to; each end clamped to the field's min and max, the ends put in order on blur. */
export function NumericRangeInput({ id, field, value, onChange, disabled, invalid }: InputProps) {
  const { t } = useTranslation();
  const r = asRange(value);
  const min = typeof field.min === 'number' ? field.min : null;
  const max = typeof field.max === 'number' ? field.max : null;
  const clamp = (n: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));
  const [from, setFrom] = useDraft(r.from === null ? '' : String(r.from));
  const [to, setTo] = useDraft(r.to === null ? '' : String(r.to));
  const read = (text: string) => (text === '' || Number.isNaN(Number(text)) ? null : clamp(Number(text)));
  const commit = () => {
    let a = read(from);
    let b = read(to);
    if (a !== null && b !== null && a > b) [a, b] = [b, a];
    setFrom(a === null ? '' : String(a));
    setTo(b === null ? '' : String(b));
    onChange(a === null && b === null ? null : { from: a, to: b });
  };
  const cls = `p-inputtext field-number-input${invalid ? ' p-invalid' : ''}`;
  return (
    <span className="field-numeric-range">
      <input
        id={id}
        className={cls}
        inputMode="decimal"
        aria-label={t('fields.from')}
        placeholder={t('fields.from')}
        value={from}
        disabled={disabled}
        onChange={(e) => setFrom(normalizeNumericInput(e.target.value))}
        onBlur={commit}
      />
      <span aria-hidden="true">–</span>
      <input
        id={`${id}-to`}
        className={cls}
        inputMode="decimal"
        aria-label={t('fields.to')}
        placeholder={t('fields.to')}
        value={to}
        disabled={disabled}
        onChange={(e) => setTo(normalizeNumericInput(e.target.value))}
        onBlur={commit}
      />
    </span>
  );
}
