import { useState } from 'react';
import { refLabel } from './fields/rules.ts';

/** Local text of an input that commits on blur, re-synced when the value changes from outside. */
export function useDraft(external: string): [string, (v: string) => void] {
  const [draft, setDraft] = useState(external);
  const [seen, setSeen] = useState(external);
  if (seen !== external) {
    setSeen(external);
    setDraft(external);
  }
  return [draft, setDraft];
}

/** The text of a field value: '' for nothing, the label of a reference, else the value as text. */
export const fieldText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? refLabel(v) : String(v);

/** The message under an input whose text was refused (role alert, referenced by aria-describedby). */
export function InvalidText({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <small className="p-error field-input-error" id={`${id}-invalid`} role="alert">
      {text}
    </small>
  ) : null;
}
