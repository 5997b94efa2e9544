import { useState } from 'react';
import { Field } from '../Field.tsx';
import type { FieldContext, FieldDef } from '../types.ts';

/** A field in edit mode holding its own value, reporting every change. */
export function Harness({
  field,
  initial,
  onValue,
  ctx,
}: {
  field: FieldDef;
  initial?: unknown;
  onValue?: (v: unknown) => void;
  ctx?: FieldContext;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <Field
      field={field}
      value={value}
      ctx={ctx}
      editable
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}
