import type { ReactNode } from 'react';
import { InputText } from 'primereact/inputtext';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  error?: string | null;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  error,
  autoComplete,
  required,
  hint,
}: TextFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span className="required"> *</span>}
      </label>
      <InputText
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {hint}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}
