import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from '../../../lib/use-translation.ts';
import { api } from '../../../lib/api-client.ts';
import { keyOf, optionsOf, refLabel } from '../rules.ts';
import type { DisplayProps, FieldItem, InputProps } from '../types.ts';

interface Country {
  code: string;
  name: string;
}

/** Every country of GET /api/taxonomy/country (pages of 100), cached for the session. */
async function allCountries(): Promise<Country[]> {
  const out: Country[] = [];
  for (let p = 1; p <= 5; p++) {
    const page = await api.get<{ items: Country[] }>('/taxonomy/country', { query: { p, l: 100 } });
    out.push(...page.items);
    if (page.items.length < 100) break;
  }
  return out;
}

export function useCountries() {
  return useQuery({ queryKey: ['taxonomy', 'country', 'all'], queryFn: allCountries, staleTime: Infinity });
}

/** ref_country: one country of the taxonomy (not a purchasing list), filterable; stored as {_id: code, name}. */
export function CountryInput({ id, value, onChange, disabled, invalid }: InputProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const options = (countries.data ?? []).map((c) => ({ label: `${c.name} (${c.code})`, value: c.code }));
  return (
    <Dropdown
      inputId={id}
      value={keyOf(value) || null}
      options={options}
      filter
      showClear
      placeholder={t('fields.choose')}
      loading={countries.isLoading}
      disabled={disabled}
      invalid={invalid}
      onChange={(e) => {
        const c = (countries.data ?? []).find((x) => x.code === e.value);
        onChange(c ? { _id: c.code, name: c.name } : null);
      }}
      className="field-country"
    />
  );
}

export const CountryDisplay = ({ value }: DisplayProps) => <span>{refLabel(value)}</span>;

/** Evaluation items (ref_evaluation*): an option with its colour (items or the ref's list). */
const evaluationItems = (props: DisplayProps): FieldItem[] => optionsOf(props.field, props.ctx?.options);

function Swatch({ item }: { item: FieldItem | undefined }) {
  return item?.color ? (
    <span className="field-swatch" style={{ background: item.color }} aria-hidden="true" />
  ) : null;
}

export function EvaluationDisplay(props: DisplayProps) {
  const item = evaluationItems(props).find((i) => String(i.key) === keyOf(props.value));
  if (!item && !props.value) return null;
  return (
    <span className="field-evaluation" data-testid={`evaluation-${props.field.src}`}>
      <Swatch item={item} /> {item?.label ?? refLabel(props.value)}
    </span>
  );
}

export function EvaluationInput(props: InputProps) {
  const { t } = useTranslation();
  const items = evaluationItems(props);
  return (
    <Dropdown
      inputId={props.id}
      value={keyOf(props.value) || null}
      options={items.map((i) => ({ ...i, value: String(i.key) }))}
      optionLabel="label"
      itemTemplate={(i: FieldItem) => (
        <span>
          <Swatch item={i} /> {i.label}
        </span>
      )}
      placeholder={t('fields.choose')}
      disabled={props.disabled}
      invalid={props.invalid}
      showClear
      onChange={(e) => {
        const item = items.find((i) => String(i.key) === e.value);
        props.onChange(
          item ? { key: item.key, label: item.label, value: item.value, color: item.color } : null,
        );
      }}
    />
  );
}
