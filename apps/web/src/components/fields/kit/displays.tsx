import { SafeHtml } from '../../SafeHtml.tsx';
import type { DisplayProps } from '../types.ts';

/*
 * The displays of the kit's heavy inputs (Quill, libphonenumber-js): they load with every form, the
 * inputs only when a field is edited (kit/index.tsx loads them on demand).
 */

export function RichTextDisplay({ value }: DisplayProps) {
  return typeof value === 'string' && value ? (
    <SafeHtml className="field-richtext ql-editor" html={value} data-testid="richtext-display" />
  ) : null;
}

export const PhoneDisplay = ({ value }: DisplayProps) =>
  typeof value === 'string' && value ? <a href={`tel:${value.replace(/[^0-9+]/g, '')}`}>{value}</a> : null;
