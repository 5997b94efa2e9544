import {
  COUNTRY_LOCKED_SUBTYPE,
  addMultiSelect,
  clampDateRange,
  clampPercentage,
  formatDate,
  formatNumber,
  formatTime,
  getPath,
  labelText,
  normalizeNumericInput,
  parseNumericInput,
  parseTypedDate,
  roundQuantity,
} from '@p2p/domain';
import type { FieldDef, FieldItem } from './types.ts';

/** The label of a field in `lang` (the server sends it translated already), else its src. */
export const fieldLabel = (field: Pick<FieldDef, 'label' | 'src'>, lang?: string): string =>
  labelText(field.label, lang) || field.src;

/** Decimals of a '#,##0.00' style format; defaults by type (quantity 3, price 5, others 2). */
export function decimalsOf(field: Pick<FieldDef, 'format' | 'type'>): number {
  const m = /\.(0+)$/.exec(field.format ?? '');
  if (m) return m[1]!.length;
  if (field.format && /^#,##0$/.test(field.format)) return 0;
  if (field.type === 'quantity') return 3;
  if (field.type === 'price') return 5;
  return 2;
}

export const displayNumber = (value: unknown, field: Pick<FieldDef, 'format' | 'type'>): string =>
  typeof value === 'number' || typeof value === 'string' ? formatNumber(value, decimalsOf(field)) : '';

/** Numeric text as typed into value, price and quantity fields: other characters stripped, comma to dot. */
export const numericText = (text: string): string => normalizeNumericInput(text);

/** A number field on blur: a canonical decimal string, quantities rounded to 3 decimals; null when unreadable. */
export function commitNumber(text: string, type: string | undefined): string | null {
  const parsed = parseNumericInput(text);
  if (parsed === null) return null;
  return type === 'quantity' ? roundQuantity(parsed) : parsed;
}

export type DateResult = { ok: true; value: string | null } | { ok: false };

/** A typed date ('dd-MM-yyyy' or 'yyyy-MM-dd'): empty clears, invalid days or months are rejected, min clamps. */
export function commitDate(text: string, min?: string | number | null): DateResult {
  if (!text.trim()) return { ok: true, value: null };
  const value = parseTypedDate(text, { min: min === undefined || min === null ? null : String(min) });
  return value ? { ok: true, value } : { ok: false };
}

export function commitDateRange(
  from: string,
  to: string,
  min?: string | number | null,
  max?: string | number | null,
): DateResult {
  for (const part of [from, to]) if (part.trim() && !parseTypedDate(part)) return { ok: false };
  const value = clampDateRange(
    `${from}|${to}`,
    min === undefined ? null : String(min),
    max === undefined ? null : String(max),
  );
  return { ok: true, value: value === '|' ? null : value };
}

export const commitPercentage = (text: string, min?: number | string, max?: number | string): number | null =>
  clampPercentage(text, min === undefined ? null : Number(min), max === undefined ? null : Number(max));

export const addEntry = <T>(
  values: readonly T[] | null | undefined,
  v: T,
  max?: number | string | null,
): T[] => addMultiSelect(values, v, max === undefined || max === null ? null : Number(max));

export function displayDate(value: unknown, withTime = false): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const d = formatDate(value);
  return withTime && d ? `${d} ${formatTime(value)}` : d;
}

export function displayDateRange(value: unknown): string {
  if (typeof value !== 'string' || !value.includes('|')) return '';
  const [from = '', to = ''] = value.split('|');
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/** The options of a select: the field's items, else the context's list for its ref. */
export function optionsOf(field: FieldDef, sources?: Record<string, FieldItem[]>): FieldItem[] {
  const fromRef = field.ref ? sources?.[field.ref] : undefined;
  if (fromRef?.length) return fromRef;
  return (field.items ?? []).map((i) =>
    typeof i === 'object' && i !== null ? (i as FieldItem) : { key: i as string | number, label: String(i) },
  );
}

/** The key of a select value (objects such as tax {key, value} keep their key). */
export function keyOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as { key?: unknown; _id?: unknown };
    return String(v.key ?? v._id ?? '');
  }
  return String(value);
}

/** A readable label of a reference value ({_id, name}, a string or a number). */
export function refLabel(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const v = value as { name?: unknown; label?: unknown; key?: unknown; description?: unknown; _id?: unknown };
  if (v.name ?? v.label) return String(v.name ?? v.label);
  // a document: its number and what it is about, as a buyer recognises it
  const parts = [v.key, v.description].filter((p) => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' – ') : String(v._id ?? '');
}

/** Address country is disabled for documents of the country-locked subtype P999 (seed 001 section 5). */
export const isCountryDisabled = (doc: Record<string, unknown> | undefined): boolean =>
  getPath(doc, 'doc.subtype') === COUNTRY_LOCKED_SUBTYPE;

/** Phone: only digits, parentheses, hyphen, plus and space. */
export const phoneText = (text: string): string => text.replace(/[^0-9()+\- ]/g, '');

const REF_TYPES = new Set(['ref', 'supplier', 'user', 'group']);

/** Where a field's value lives: reference fields shown through '<x>.name' edit the object '<x>'. */
export function valuePath(field: FieldDef, resolvedType: string): string {
  if (REF_TYPES.has(resolvedType) && field.src.endsWith('.name')) return field.src.slice(0, -'.name'.length);
  return field.src;
}

/** Reference look-ups served by GET /api/reference/{name}?q&p=1&l=10&c=0. */
export const REFERENCE_LOOKUPS = ['item', 'supplier', 'user', 'tax'] as const;
const REF_ALIASES: Record<string, (typeof REFERENCE_LOOKUPS)[number]> = {
  item: 'item',
  items: 'item',
  supplier: 'supplier',
  suppliers: 'supplier',
  user: 'user',
  users: 'user',
  tax: 'tax',
  taxes: 'tax',
};

/**
 * The search url of a reference field (seed 001 section 7: GET {ref search url}?q&p=1&l=10&c=0):
 * items, suppliers, users and taxes come from /reference/{name}; other refs (order, contract ...)
 * search that model's list /purchasing/{ref}; a ref starting with '/' is used as is.
 */
export function refUrl(field: FieldDef, type: string): string {
  const ref = field.ref ?? (type.startsWith('ref_') ? type.slice(4) : type);
  if (ref.startsWith('/')) return ref;
  // countries are a taxonomy, not a purchasing list (there is no /purchasing/country)
  if (ref === 'country' || ref === 'countries') return '/taxonomy/country';
  const lookup = REF_ALIASES[ref];
  return lookup ? `/reference/${lookup}` : `/purchasing/${ref}`;
}

/** Select option sources loaded from the taxonomy: a field with ref 'countries' (or 'country') lists GET /taxonomy/country. */
export const TAXONOMY_SOURCES: Record<string, string> = {
  countries: '/taxonomy/country',
  country: '/taxonomy/country',
};

/** Options of a taxonomy answer: a list or {items}, entries {key|code|_id, label|name}. */
export function taxonomyItems(answer: unknown): FieldItem[] {
  const list = Array.isArray(answer) ? answer : ((answer as { items?: unknown[] } | null)?.items ?? []);
  return list.flatMap((e): FieldItem[] => {
    if (typeof e === 'string' || typeof e === 'number') return [{ key: e, label: String(e) }];
    if (!e || typeof e !== 'object') return [];
    const o = e as { key?: string | number; code?: string; _id?: string; label?: string; name?: string };
    const key = o.key ?? o.code ?? o._id;
    return key === undefined ? [] : [{ key, label: o.label ?? o.name ?? String(key) }];
  });
}
