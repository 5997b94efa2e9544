/**
 * The longest text a field may hold, by field type. The limits keep stored documents bounded (list
 * rows, search text, indexes) and give the person a field error instead of a failed write. A field
 * configuration may set its own `maxLength` (a positive integer) for one field.
 */
import { resolveFieldType, type FieldType } from './field-types.ts';

/** Single-line text and the keys or names a choice stores. */
export const SHORT_TEXT_MAX_LENGTH = 255;
/** Multi-line text (notes, justifications, comments). */
export const LONG_TEXT_MAX_LENGTH = 4000;

/**
 * The default maximum length of a text value per field type; types that hold no text (booleans,
 * objects such as address, lines or files) have none. For list types (tags, users...) it applies to
 * each entry.
 */
export const TEXT_MAX_LENGTH: Readonly<Partial<Record<FieldType, number>>> = {
  text: SHORT_TEXT_MAX_LENGTH,
  key: SHORT_TEXT_MAX_LENGTH,
  select: SHORT_TEXT_MAX_LENGTH,
  radio: SHORT_TEXT_MAX_LENGTH,
  state: SHORT_TEXT_MAX_LENGTH,
  icon_status: SHORT_TEXT_MAX_LENGTH,
  ref: SHORT_TEXT_MAX_LENGTH,
  supplier: SHORT_TEXT_MAX_LENGTH,
  user: SHORT_TEXT_MAX_LENGTH,
  group: SHORT_TEXT_MAX_LENGTH,
  users: SHORT_TEXT_MAX_LENGTH,
  suppliers: SHORT_TEXT_MAX_LENGTH,
  'multi-select': SHORT_TEXT_MAX_LENGTH,
  tags: SHORT_TEXT_MAX_LENGTH,
  // RFC 5321: 254 characters of address
  email: 254,
  phone: 50,
  date: 40,
  datetime: 40,
  'date-range': 40,
  // amounts typed as text ('1.234,50 €'), as the API's request schema allows
  number: 40,
  quantity: 40,
  price: 40,
  value: 40,
  percentage: 40,
  textarea: LONG_TEXT_MAX_LENGTH,
};

/** The maximum length of a field's text: its own `maxLength`, else its type's default, else none. */
export function maxTextLength(field: { type?: string | null; maxLength?: unknown }): number | null {
  const own = field.maxLength;
  if (typeof own === 'number' && Number.isInteger(own) && own > 0) return own;
  return TEXT_MAX_LENGTH[resolveFieldType(field.type)] ?? null;
}

/** Length in characters (code points), so an emoji counts once, as a person counts it. */
export function textLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      pairs += 1;
      i += 1;
    }
  }
  return text.length - pairs;
}

/** Whether the text is longer than `max` characters (the common short text answers at once). */
export const isTextTooLong = (text: string, max: number): boolean =>
  text.length > max && textLength(text) > max;

export const textTooLongMessage = (label: string, max: number): string =>
  `${label} is too long (at most ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} characters).`;
