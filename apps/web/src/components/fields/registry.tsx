import type { ComponentType } from 'react';
import * as D from './displays.tsx';
import * as I from './inputs.tsx';
import { RefInput, RefMultiInput } from './RefInput.tsx';
import { LinesEditor, type Line } from './LinesEditor.tsx';
import { resolveFieldType, type FieldType } from '@p2p/domain';
import type { DisplayProps, InputProps } from './types.ts';
import { kitRegistry } from './kit/index.tsx';

export interface FieldRenderer {
  Display: ComponentType<DisplayProps>;
  Input: ComponentType<InputProps>;
}

const renderers = {
  Display: (type: string) => FIELD_REGISTRY[resolveFieldType(type)].Display,
  Input: (type: string) => FIELD_REGISTRY[resolveFieldType(type)].Input,
};

function LinesDisplay({ field, value, ctx }: DisplayProps) {
  return (
    <LinesEditor
      id={`field-${field.src}`}
      field={field}
      lines={(value as Line[]) ?? []}
      ctx={ctx}
      renderers={renderers}
    />
  );
}

function LinesInput({ id, field, value, ctx, onChange, disabled }: InputProps) {
  return (
    <LinesEditor
      id={id}
      field={field}
      lines={(value as Line[]) ?? []}
      ctx={ctx}
      onChange={onChange}
      disabled={disabled}
      renderers={renderers}
    />
  );
}

/** Read-only types have no input: their Input shows the Display. */
const displayOnly = (Display: ComponentType<DisplayProps>): ComponentType<InputProps> =>
  function DisplayOnlyInput({ field, value, ctx }: InputProps) {
    return <Display field={field} value={value} ctx={ctx} />;
  };

/** One entry per field type: adding a type to FIELD_TYPES without an entry here fails the type check. */
export const FIELD_REGISTRY: Record<FieldType, FieldRenderer> = {
  text: { Display: D.TextDisplay, Input: I.TextInput },
  textarea: { Display: D.TextareaDisplay, Input: I.TextareaInput },
  email: { Display: D.TextDisplay, Input: I.TextInput },
  key: { Display: D.KeyDisplay, Input: I.KeyInput },
  select: { Display: D.SelectDisplay, Input: I.SelectInput },
  radio: { Display: D.SelectDisplay, Input: I.RadioInput },
  checkbox: { Display: D.BooleanDisplay, Input: I.CheckboxInput },
  switch: { Display: D.BooleanDisplay, Input: I.SwitchInput },
  enabled: { Display: D.BooleanDisplay, Input: I.SwitchInput },
  date: { Display: D.DateDisplay, Input: I.DateInput },
  datetime: { Display: D.DateTimeDisplay, Input: displayOnly(D.DateTimeDisplay) },
  'date-range': { Display: D.DateRangeDisplay, Input: I.DateRangeInput },
  number: { Display: D.NumberDisplay, Input: I.NumberInput },
  quantity: { Display: D.NumberDisplay, Input: I.NumberInput },
  price: { Display: D.NumberDisplay, Input: I.NumberInput },
  value: { Display: D.NumberDisplay, Input: I.NumberInput },
  percentage: { Display: D.PercentageDisplay, Input: I.PercentageInput },
  icon_status: { Display: D.IconStatusDisplay, Input: displayOnly(D.IconStatusDisplay) },
  state: { Display: D.StateDisplay, Input: displayOnly(D.StateDisplay) },
  address: { Display: D.AddressDisplay, Input: I.AddressInput },
  ref: { Display: D.RefDisplay, Input: RefInput },
  supplier: { Display: D.RefDisplay, Input: RefInput },
  user: { Display: D.RefDisplay, Input: RefInput },
  group: { Display: D.RefDisplay, Input: displayOnly(D.RefDisplay) },
  users: { Display: D.ListDisplay, Input: RefMultiInput },
  suppliers: { Display: D.ListDisplay, Input: RefMultiInput },
  'multi-select': { Display: D.ListDisplay, Input: I.MultiSelectInput },
  tags: { Display: D.ListDisplay, Input: I.MultiSelectInput },
  scores: { Display: D.ScoresDisplay, Input: I.ScoresInput },
  media: { Display: D.MediaDisplay, Input: I.MediaInput },
  file: { Display: D.MediaDisplay, Input: I.MediaInput },
  conditions: { Display: D.ConditionsDisplay, Input: I.ConditionsInput },
  lines: { Display: LinesDisplay, Input: LinesInput },
  // the interface kit (kit/): phone, rich text, rating, measure, tree... (its phone replaces the text one)
  ...kitRegistry(renderers),
};

export const fieldRenderer = (type: string | undefined): FieldRenderer =>
  FIELD_REGISTRY[resolveFieldType(type)];
