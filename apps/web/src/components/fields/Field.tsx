import './fields.css';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { fieldRenderer } from './registry.tsx';
import { fieldLabel } from './rules.ts';
import { resolveFieldType, type FieldContext, type FieldDef } from './types.ts';
import { FieldHelp, FieldNotes, LangsDisplay, LangsInput, isMultilingual } from './kit/index.tsx';

export interface FieldProps {
  field: FieldDef;
  value: unknown;
  ctx?: FieldContext;
  /** edit mode and allowed: shows the input */
  editable: boolean;
  required?: boolean;
  error?: string | null;
  onChange?: (value: unknown) => void;
  /** overrides the label (already translated) */
  label?: ReactNode;
}

const fieldId = (src: string) => `input-${src.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A labelled field: the registry's Input when editable, else its Display. Required shows an asterisk unless read-only. */
export function Field({ field, value, ctx, editable, required, error, onChange, label }: FieldProps) {
  const { i18n } = useTranslation();
  const type = resolveFieldType(field.type);
  const { Display, Input } = fieldRenderer(type);
  const id = fieldId(field.src);
  const wide =
    type === 'lines' ||
    type === 'textarea' ||
    type === 'address' ||
    type === 'scores' ||
    ['richtextarea', 'table', 'tree'].includes(type);
  // langs: one value per language (kit/FieldExtras.tsx)
  const langs = isMultilingual(field);
  return (
    <div
      className={`field field--${type}${wide ? ' field--wide' : ''}${error ? ' field--error' : ''}`}
      data-testid={`field-${field.src}`}
      data-type={type}
    >
      <label className="field__label" htmlFor={id} id={`${id}-label`}>
        {label ?? fieldLabel(field, i18n.language)}
        {required && editable && (
          <span className="field-required" aria-label="required" data-testid="required-mark">
            {' '}
            *
          </span>
        )}
        <FieldHelp field={field} id={id} />
      </label>
      <div className="field__control">
        {editable && onChange && langs ? (
          <LangsInput
            Input={Input}
            id={id}
            field={{ ...field, type }}
            value={value}
            ctx={ctx}
            onChange={onChange}
            invalid={Boolean(error)}
          />
        ) : langs ? (
          <LangsDisplay field={{ ...field, type }} value={value} ctx={ctx} />
        ) : editable && onChange ? (
          <Input
            id={id}
            field={{ ...field, type }}
            value={value}
            ctx={ctx}
            onChange={onChange}
            invalid={Boolean(error)}
          />
        ) : (
          <Display field={{ ...field, type }} value={value} ctx={ctx} />
        )}
      </div>
      <FieldNotes field={field} value={value} />
      {error && (
        <small className="p-error field__error" data-testid={`field-error-${field.src}`} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
