import { useTranslation } from '../../../lib/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import {
  MEASURE_KINDS,
  measureKindOf,
  parseNumericInput,
  normalizeNumericInput,
  type MeasureValue,
} from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { useDraft } from '../../FieldDraft.tsx';
import type { DisplayProps, FieldDef, InputProps } from '../types.ts';

interface Unit {
  code: string;
  name: string;
}

/** Units of one class (LENGTH, MASS, VOLUME, AREA) from GET /api/taxonomy/uom?class=, cached per class. */
function useUnits(unitClass: string) {
  return useQuery({
    queryKey: ['taxonomy', 'uom', unitClass],
    queryFn: () => api.get<{ items: Unit[] }>('/taxonomy/uom', { query: { class: unitClass, l: 100 } }),
    staleTime: 60 * 60 * 1000,
  });
}

const kindOf = (field: FieldDef) => measureKindOf(field.type, (field as FieldDef & { kind?: unknown }).kind);
const PARTS = { dimensions: ['length', 'width', 'height'], other: ['value'] } as const;
const partsOf = (field: FieldDef) => (kindOf(field) === 'dimensions' ? PARTS.dimensions : PARTS.other);

const asMeasure = (v: unknown): MeasureValue => (v && typeof v === 'object' ? (v as MeasureValue) : {});

/** '1.2 × 0.8 × 0.5 M' or '12.5 KG'. */
export function MeasureDisplay({ field, value }: DisplayProps) {
  const m = asMeasure(value);
  const nums = partsOf(field).map((p) => m[p]);
  if (nums.every((n) => n === null || n === undefined)) return null;
  return (
    <span data-testid={`measure-${field.src}`}>
      {nums.map((n) => n ?? '–').join(' × ')} {m.uom ?? ''}
    </span>
  );
}

function NumberPart({
  id,
  label,
  value,
  onValue,
  disabled,
}: {
  id: string;
  label: string;
  value: number | null | undefined;
  onValue: (n: number | null) => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useDraft(value === null || value === undefined ? '' : String(value));
  return (
    <input
      id={id}
      inputMode="decimal"
      className="p-inputtext field-measure__number"
      aria-label={label}
      placeholder={label}
      value={draft}
      disabled={disabled}
      onChange={(e) => {
        const text = normalizeNumericInput(e.target.value);
        setDraft(text);
        const parsed = text === '' ? null : parseNumericInput(text);
        if (text === '' || parsed !== null) onValue(parsed === null ? null : Math.abs(Number(parsed)));
      }}
    />
  );
}

/**
 * measure and ref_dimensions, ref_weight, ref_volume, ref_area: a value (or length, width and height
 * for dimensions) and a unit of the kind's class.
 */
export function MeasureInput({ id, field, value, onChange, disabled }: InputProps) {
  const { t } = useTranslation();
  const kind = kindOf(field);
  const units = useUnits(MEASURE_KINDS[kind]);
  const m = asMeasure(value);
  const set = (patch: Partial<MeasureValue>) => onChange({ ...m, ...patch });
  return (
    <span className="field-measure" data-kind={kind} data-testid={`measure-input-${field.src}`}>
      {partsOf(field).map((p, i) => (
        <NumberPart
          key={p}
          id={i === 0 ? id : `${id}-${p}`}
          label={t(`kit.measure.${p}`)}
          value={m[p]}
          onValue={(n) => set({ [p]: n })}
          disabled={disabled}
        />
      ))}
      <select
        className="p-inputtext field-measure__uom"
        aria-label={t('kit.measure.uom')}
        value={m.uom ?? ''}
        disabled={disabled}
        onChange={(e) => set({ uom: e.target.value || null })}
        data-testid={`measure-uom-${field.src}`}
      >
        <option value="">{t('kit.measure.uom')}</option>
        {(units.data?.items ?? []).map((u) => (
          <option key={u.code} value={u.code}>
            {u.code} – {u.name}
          </option>
        ))}
      </select>
    </span>
  );
}
