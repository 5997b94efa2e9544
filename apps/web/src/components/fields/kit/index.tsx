import './kit.css';
import { Suspense, lazy, type ComponentType } from 'react';
import type { FieldType } from '@p2p/domain';
import type { DisplayProps, InputProps } from '../types.ts';
import {
  PasswordDisplay,
  PasswordInput,
  ProgressDisplay,
  RatingDisplay,
  RatingInput,
  SwitchSelectInput,
} from './choices.tsx';
import {
  NumericRangeDisplay,
  NumericRangeInput,
  VerificationCodeDisplay,
  VerificationCodeInput,
} from './codes.tsx';
import { MeasureDisplay, MeasureInput } from './Measure.tsx';
import { CountryDisplay, CountryInput, EvaluationDisplay, EvaluationInput } from './references.tsx';
import { PhoneDisplay, RichTextDisplay } from './displays.tsx';
import { TableField, type CellRenderers } from './TableField.tsx';
import { TreeDisplay, TreeInput } from './TreeField.tsx';

interface Renderer {
  Display: ComponentType<DisplayProps>;
  Input: ComponentType<InputProps>;
}

export type KitType =
  | 'phone'
  | 'richtextarea'
  | 'password'
  | 'switch-select'
  | 'rating'
  | 'measure'
  | 'verification-code'
  | 'numeric-range'
  | 'progress'
  | 'table'
  | 'tree'
  | 'ref_country'
  | 'ref_evaluation'
  | 'ref_dimensions'
  | 'ref_weight'
  | 'ref_volume'
  | 'ref_area';

/**
 * Inputs with a heavy library (Quill, libphonenumber-js's country metadata) load on demand: a form
 * that only shows values, and the app's first page, do without them.
 */
function onDemand(load: () => Promise<ComponentType<InputProps>>): ComponentType<InputProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function OnDemandInput(props: InputProps) {
    return (
      <Suspense fallback={<span className="muted" aria-busy="true" />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
const RichTextInput = onDemand(() => import('./RichText.tsx').then((m) => m.RichTextInput));
const PhoneInput = onDemand(() => import('./Phone.tsx').then((m) => m.PhoneInput));

const readOnly = (Display: ComponentType<DisplayProps>): ComponentType<InputProps> =>
  function ReadOnlyInput({ field, value, ctx }: InputProps) {
    return <Display field={field} value={value} ctx={ctx} />;
  };

/** The renderers of the interface kit's field types (seed 001 sections 3 and 5). */
export function kitRegistry(
  cells: CellRenderers,
): Record<KitType, Renderer> & Partial<Record<FieldType, Renderer>> {
  const measure = { Display: MeasureDisplay, Input: MeasureInput };
  return {
    phone: { Display: PhoneDisplay, Input: PhoneInput },
    richtextarea: { Display: RichTextDisplay, Input: RichTextInput },
    password: { Display: PasswordDisplay, Input: PasswordInput },
    'switch-select': { Display: EvaluationDisplay, Input: SwitchSelectInput },
    rating: { Display: RatingDisplay, Input: RatingInput },
    measure,
    'verification-code': { Display: VerificationCodeDisplay, Input: VerificationCodeInput },
    'numeric-range': { Display: NumericRangeDisplay, Input: NumericRangeInput },
    progress: { Display: ProgressDisplay, Input: readOnly(ProgressDisplay) },
    table: {
      Display: (p: DisplayProps) => <TableField {...p} renderers={cells} />,
      Input: (p: InputProps) => <TableField {...p} renderers={cells} />,
    },
    tree: { Display: TreeDisplay, Input: TreeInput },
    ref_country: { Display: CountryDisplay, Input: CountryInput },
    ref_evaluation: { Display: EvaluationDisplay, Input: EvaluationInput },
    ref_dimensions: measure,
    ref_weight: measure,
    ref_volume: measure,
    ref_area: measure,
  };
}

export { FieldHelp, FieldNotes, LangsDisplay, LangsInput, isMultilingual } from './FieldExtras.tsx';
export { VerificationCode } from './codes.tsx';
