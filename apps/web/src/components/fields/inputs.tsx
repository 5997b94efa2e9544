import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { InputSwitch } from 'primereact/inputswitch';
import { normalizeNumericInput, parseNumericInput } from '@p2p/domain';
import { InvalidText, fieldText as str, useDraft } from '../FieldDraft.tsx';
import { NumericStepper } from '../stepper/NumericStepper.tsx';
import {
  addEntry,
  commitNumber,
  commitPercentage,
  isCountryDisabled,
  keyOf,
  optionsOf,
  phoneText,
  refLabel,
} from './rules.ts';
import type { InputProps } from './types.ts';

export function TextInput({ id, field, value, onChange, disabled, invalid }: InputProps) {
  const type = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
  return (
    <input
      id={id}
      type={type}
      className={`p-inputtext${invalid ? ' p-invalid' : ''}`}
      value={str(value)}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(field.type === 'phone' ? phoneText(e.target.value) : e.target.value)}
    />
  );
}

export function TextareaInput({ id, value, onChange, disabled, invalid }: InputProps) {
  return (
    <textarea
      id={id}
      className={`p-inputtextarea p-inputtext${invalid ? ' p-invalid' : ''}`}
      rows={3}
      value={str(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function KeyInput({ id, value }: InputProps) {
  return <input id={id} className="p-inputtext field-key" value={str(value)} readOnly />;
}

/**
 * value, price, quantity and number: as the user types or pastes, characters other than digits, dot,
 * comma and minus are stripped and comma becomes dot ('10 un' gives '10'); only text that reads as one
 * number reaches the document. On blur the number is committed (quantities rounded to 3 decimals), or
 * text that is not one number ('1,234.50' gives '1.234.50') is flagged and the value kept.
 */
/**
 * A number field: typed freely, or with `stepper` (small whole counts: lead-time days, pallets per
 * delivery) the numeric stepper with its buttons, the field's min and max and step 1.
 */
export function NumberInput(props: InputProps) {
  return props.field.stepper ? <CountInput {...props} /> : <PlainNumberInput {...props} />;
}

function CountInput({ id, field, value, onChange, disabled }: InputProps) {
  const n = value === null || value === undefined || value === '' ? null : Number(value);
  const bound = (b: unknown) => (typeof b === 'number' ? b : undefined);
  const min = bound(field.min);
  const max = bound(field.max);
  return (
    <NumericStepper
      id={id}
      value={n !== null && Number.isFinite(n) ? n : null}
      onChange={onChange}
      {...(min !== undefined ? { min } : {})}
      {...(max !== undefined ? { max } : {})}
      step={field.step ?? 1}
      {...(disabled ? { disabled } : {})}
      label={typeof field.label === 'string' ? field.label : undefined}
    />
  );
}

function PlainNumberInput({ id, field, value, onChange, disabled, invalid }: InputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(str(value));
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <input
        id={id}
        inputMode="decimal"
        className={`p-inputtext field-number-input${invalid || error ? ' p-invalid' : ''}`}
        value={draft}
        disabled={disabled}
        aria-invalid={Boolean(error) || invalid || undefined}
        aria-describedby={error ? `${id}-invalid` : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const text = normalizeNumericInput(e.target.value);
          setDraft(text);
          setError(null);
          if (text === '' || parseNumericInput(text) !== null) onChange(text);
        }}
        onBlur={() => {
          if (draft === '') return;
          const committed = commitNumber(draft, field.type);
          if (committed === null) {
            setError(t('numbers.invalid'));
            return;
          }
          if (committed !== draft) {
            setDraft(committed);
            onChange(committed);
          }
        }}
      />
      <InvalidText id={id} text={error} />
    </>
  );
}

export function PercentageInput({ id, field, value, onChange, disabled, invalid }: InputProps) {
  const [draft, setDraft] = useDraft(str(value));
  return (
    <span className="field-percentage">
      <input
        id={id}
        inputMode="decimal"
        className={`p-inputtext field-number-input${invalid ? ' p-invalid' : ''}`}
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(normalizeNumericInput(e.target.value))}
        onBlur={() => {
          const n = draft === '' ? null : commitPercentage(draft, field.min, field.max);
          setDraft(n === null ? '' : String(n));
          onChange(n);
        }}
      />
      <span aria-hidden="true">%</span>
    </span>
  );
}

/** date and date-range: typed dd-MM-yyyy or picked from the calendar popup (see DateFields.tsx). */
export { DateInput, DateRangeInput } from '../DateFields.tsx';

/** Native select: accessible and easy to drive; objects with a key (tax) keep their whole option. */
export function SelectInput({ id, field, value, onChange, disabled, invalid, ctx }: InputProps) {
  const { t } = useTranslation();
  const options = optionsOf(field, ctx?.options);
  const objectValue = field.ref === 'purchasing.taxCodes' || (value !== null && typeof value === 'object');
  return (
    <select
      id={id}
      className={`p-inputtext field-select-input${invalid ? ' p-invalid' : ''}`}
      value={keyOf(value)}
      disabled={disabled}
      onChange={(e) => {
        const opt = options.find((o) => String(o.key) === e.target.value);
        if (!opt) return onChange(null);
        if (objectValue) {
          const { label: _label, ...rest } = opt;
          return onChange(rest);
        }
        onChange(opt.key);
      }}
    >
      <option value="">{t('fields.choose')}</option>
      {options.map((o) => (
        <option key={String(o.key)} value={String(o.key)}>
          {o.label ?? String(o.key)}
        </option>
      ))}
    </select>
  );
}

export function RadioInput({ id, field, value, onChange, disabled, ctx }: InputProps) {
  return (
    <span className="field-radio" role="radiogroup" id={id}>
      {optionsOf(field, ctx?.options).map((o) => (
        <label key={String(o.key)}>
          <input
            type="radio"
            name={id}
            value={String(o.key)}
            checked={keyOf(value) === String(o.key)}
            disabled={disabled}
            onChange={() => onChange(o.key)}
          />{' '}
          {o.label ?? String(o.key)}
        </label>
      ))}
    </span>
  );
}

export function CheckboxInput({ id, value, onChange, disabled }: InputProps) {
  return (
    <input
      id={id}
      type="checkbox"
      className="field-checkbox"
      checked={Boolean(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

export function SwitchInput({ id, value, onChange, disabled }: InputProps) {
  return (
    <InputSwitch
      inputId={id}
      checked={Boolean(value)}
      disabled={disabled}
      onChange={(e) => onChange(Boolean(e.value))}
    />
  );
}

const ADDRESS_PARTS = ['street', 'housenum', 'postcode', 'city', 'country'] as const;

/** street, housenum, postcode, city, country; country disabled for documents of subtype P999. */
export function AddressInput({ id, value, onChange, disabled, ctx }: InputProps) {
  const { t } = useTranslation();
  const address = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const countryDisabled = isCountryDisabled(ctx?.doc);
  return (
    <fieldset className="field-address-input" id={id}>
      {ADDRESS_PARTS.map((part) => (
        <label key={part}>
          <span>{t(`fields.address.${part}`)}</span>
          <input
            className="p-inputtext"
            data-testid={`${id}-${part}`}
            value={str(address[part])}
            disabled={disabled || (part === 'country' && countryDisabled)}
            onChange={(e) => onChange({ ...address, [part]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}

/** A list of free entries (tags, multi-select): field max limits the count; duplicates are not added. */
export function MultiSelectInput({ id, field, value, onChange, disabled, ctx }: InputProps) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const options = optionsOf(field, ctx?.options);
  const [text, setText] = useState('');
  const add = (v: unknown) => {
    if (v === '' || v === null || v === undefined) return;
    onChange(addEntry(list, v, field.max));
    setText('');
  };
  const full = field.max !== undefined && list.length >= Number(field.max);
  return (
    <span className="field-multi" id={id}>
      {list.map((v, i) => (
        <span className="field-chip" key={`${refLabel(v)}-${i}`} data-testid={`${id}-chip`}>
          {options.find((o) => String(o.key) === keyOf(v))?.label ?? refLabel(v)}
          {!disabled && (
            <button
              type="button"
              className="field-chip__remove"
              aria-label={t('fields.remove')}
              onClick={() => onChange(list.filter((_, j) => j !== i))}
            >
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          )}
        </span>
      ))}
      {!disabled &&
        (options.length ? (
          <select
            aria-label={t('fields.add')}
            className="p-inputtext"
            value=""
            disabled={full}
            data-testid={`${id}-add`}
            onChange={(e) => add(options.find((o) => String(o.key) === e.target.value)?.key)}
          >
            <option value="">{t('fields.add')}</option>
            {options.map((o) => (
              <option key={String(o.key)} value={String(o.key)}>
                {o.label ?? String(o.key)}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label={t('fields.add')}
            className="p-inputtext"
            data-testid={`${id}-add`}
            value={text}
            disabled={full}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(text.trim());
              }
            }}
          />
        ))}
    </span>
  );
}

export function ScoresInput({ id, field, value, onChange, disabled }: InputProps) {
  const scores = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return (
    <span className="field-scores" id={id}>
      {optionsOf(field).map((o) => (
        <label key={String(o.key)}>
          <span>{o.label}</span>
          <select
            className="p-inputtext"
            disabled={disabled}
            value={str(scores[String(o.key)])}
            onChange={(e) =>
              onChange({ ...scores, [String(o.key)]: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">–</option>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ))}
    </span>
  );
}

/** The media field: validated upload to POST /api/files (see media.tsx). */
export { MediaInput } from './media.tsx';

/** Price conditions RA01, RB00, ZFA1, ZFB1, Z030 as one input each. */
export function ConditionsInput({ id, field, value, onChange, disabled }: InputProps) {
  const list = Array.isArray(value) ? (value as Array<{ condition: string; value?: unknown }>) : [];
  const codes = optionsOf(field).length
    ? optionsOf(field)
    : ['RA01', 'RB00', 'ZFA1', 'ZFB1', 'Z030'].map((k) => ({ key: k, label: k }));
  const set = (code: string, text: string) => {
    const rest = list.filter((c) => c.condition !== code);
    onChange(text === '' ? rest : [...rest, { condition: code, value: text }]);
  };
  return (
    <span className="field-conditions-input">
      {codes.map((c) => {
        const current = list.find((x) => x.condition === c.key);
        return (
          <label key={String(c.key)}>
            <span>
              {String(c.key)} {c.label && c.label !== c.key ? `– ${c.label}` : ''}
            </span>
            <input
              className="p-inputtext field-number-input"
              inputMode="decimal"
              data-testid={`${id}-${String(c.key)}`}
              disabled={disabled}
              value={str(current?.value)}
              onChange={(e) => set(String(c.key), normalizeNumericInput(e.target.value))}
            />
          </label>
        );
      })}
    </span>
  );
}
