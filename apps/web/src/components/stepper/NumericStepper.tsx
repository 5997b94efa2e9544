import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { STEPPER_HOLD_DELAY_MS, STEPPER_REPEAT_MS, clampStep } from '@p2p/domain';

export interface NumericStepperProps {
  id?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** default unbounded */
  min?: number;
  max?: number;
  /** default 1 */
  step?: number;
  disabled?: boolean;
  label?: string;
}

/** Adds two numbers without binary noise (0.1 + 0.2 is 0.3): rounded to the step's decimals. */
function addStep(value: number, step: number): number {
  const decimals = Math.max(
    (String(step).split('.')[1] ?? '').length,
    (String(value).split('.')[1] ?? '').length,
  );
  return Number((value + step).toFixed(decimals));
}

/**
 * The numeric stepper of seed 001 (sections 2.12, 5, 9): up and down buttons, the value clamped
 * between min and max, step 1 by default, non-numeric typing ignored; holding a button repeats the
 * step every 100 ms after 300 ms.
 */
export function NumericStepper({
  id,
  value,
  onChange,
  min,
  max,
  step = 1,
  disabled,
  label,
}: NumericStepperProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value === null ? '' : String(value));
  }
  const current = useRef(value);
  current.current = value;
  const hold = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>({});

  const stop = () => {
    clearTimeout(hold.current.delay);
    clearInterval(hold.current.repeat);
    hold.current = {};
  };
  useEffect(() => stop, []);

  const bump = (dir: 1 | -1) => {
    const base = current.current ?? (typeof min === 'number' ? min : 0);
    const next = clampStep(addStep(base, dir * step), min, max);
    if (next === null) return;
    current.current = next;
    onChange(next);
  };
  const press = (dir: 1 | -1) => {
    if (disabled) return;
    stop();
    bump(dir);
    hold.current.delay = setTimeout(() => {
      hold.current.repeat = setInterval(() => bump(dir), STEPPER_REPEAT_MS);
    }, STEPPER_HOLD_DELAY_MS);
  };

  const button = (dir: 1 | -1) => (
    <button
      type="button"
      className="p-button p-button-outlined p-button-sm numeric-stepper__button"
      aria-label={dir > 0 ? t('kit.stepper.up') : t('kit.stepper.down')}
      disabled={
        disabled ||
        (dir > 0
          ? max !== undefined && (value ?? -Infinity) >= max
          : min !== undefined && (value ?? Infinity) <= min)
      }
      onPointerDown={() => press(dir)}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          bump(dir);
        }
      }}
      data-testid={dir > 0 ? 'stepper-up' : 'stepper-down'}
    >
      <i className={`pi ${dir > 0 ? 'pi-plus' : 'pi-minus'}`} aria-hidden="true" />
    </button>
  );

  return (
    <span
      className="numeric-stepper"
      style={{ display: 'inline-flex', gap: '0.25rem', alignItems: 'center' }}
    >
      {button(-1)}
      <input
        id={id}
        className="p-inputtext numeric-stepper__input"
        style={{ width: '5rem', textAlign: 'center' }}
        inputMode="decimal"
        aria-label={label}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const typed = e.target.value;
          // non-numeric input is ignored: the text stays what it was
          if (typed !== '' && typed !== '-' && !/^-?\d*(\.\d*)?$/.test(typed)) return;
          setText(typed);
          const n = clampStep(typed, null, null);
          if (n !== null) onChange(n);
          else if (typed === '') onChange(null);
        }}
        onBlur={() => {
          const n = clampStep(text, min, max);
          setText(n === null ? '' : String(n));
          if (n !== value) onChange(n);
        }}
        data-testid="stepper-input"
      />
      {button(1)}
    </span>
  );
}
