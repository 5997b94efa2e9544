/**
 * Constants and pure rules of the interface kit (seed 001 sections 3, 5 and 9), shared by the web
 * field components and the server's checks of saved values.
 */

export const RATING_MAX_DEFAULT = 5;
export const VERIFICATION_CODE_LENGTH = 6;
export const PHONE_DEFAULT_COUNTRY = 'pt';
export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;
/** The longest rich text kept (HTML characters), so a pasted document cannot bloat a record. */
export const RICH_TEXT_MAX_LENGTH = 100_000;
export const EDITOR_TOOLBARS = ['essential', 'minimal', 'full'] as const;
export type EditorToolbar = (typeof EDITOR_TOOLBARS)[number];

/** Tree: search delay and the key codes it answers (seed 001 section 9). */
export const TREE_DELAY_MS = 300;
export const TREE_KEYS = { enter: 13, tab: 9, escape: 27 } as const;
/** Numeric stepper press-and-hold: starts after 300 ms, then repeats every 100 ms. */
export const STEPPER_HOLD_DELAY_MS = 300;
export const STEPPER_REPEAT_MS = 100;
/** Inline message: hides after 3000 ms unless sticky. */
export const INLINE_MESSAGE_LIFE_MS = 3000;

/** Measure kinds and the unit class of GET /api/taxonomy/uom?class= each one lists. */
export const MEASURE_KINDS = {
  dimensions: 'LENGTH',
  weight: 'MASS',
  volume: 'VOLUME',
  area: 'AREA',
} as const;
export type MeasureKind = keyof typeof MEASURE_KINDS;

/** The measure kind of a type: ref_dimensions, ref_weight, ref_volume, ref_area, else the field's own kind. */
export function measureKindOf(type: string | undefined, kind?: unknown): MeasureKind {
  const fromType = type?.startsWith('ref_') ? type.slice(4) : undefined;
  const k = fromType && fromType in MEASURE_KINDS ? fromType : kind;
  return typeof k === 'string' && k in MEASURE_KINDS ? (k as MeasureKind) : 'weight';
}

/** A measure: value plus uom, or length, width and height plus uom (dimensions). */
export interface MeasureValue {
  value?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  uom?: string | null;
}

/** A numeric range {from, to}; either end may be open. */
export interface NumericRange {
  from: number | null;
  to: number | null;
}

/** Phone text: only digits, parentheses, hyphen, plus and space. */
export const PHONE_PATTERN = /^[0-9()+\- ]*$/;
export const phoneChars = (text: string): string => text.replace(/[^0-9()+\- ]/g, '');

/** Verification code: digits only, at most `length` of them. */
export const codeDigits = (text: string, length = VERIFICATION_CODE_LENGTH): string =>
  text.replace(/\D/g, '').slice(0, length);

/** A stepper value: non-numeric input ignored (null), the number clamped between min and max. */
export function clampStep(value: number | string, min?: number | null, max?: number | null): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) return null;
  let out = n;
  if (typeof min === 'number' && out < min) out = min;
  if (typeof max === 'number' && out > max) out = max;
  return out;
}

/** Progress: 0 to 100. */
export const clampProgress = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return PROGRESS_MIN;
  return Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, n));
};

/** A rating interval: scores from min to max show in a colour with a legend. */
export interface RatingInterval {
  min: number;
  max: number;
  color?: string;
  /** a text, or one per language ({en, pt}) */
  legend?: string | Readonly<Record<string, string>>;
}

/** The interval a score falls in (first match), or undefined. */
export const ratingInterval = (
  score: number | null | undefined,
  intervals: readonly RatingInterval[] | undefined,
): RatingInterval | undefined =>
  typeof score === 'number' ? intervals?.find((i) => score >= i.min && score <= i.max) : undefined;

/** Stored password values are hashes marked with this prefix (the server keeps no clear text). */
export const PASSWORD_HASH_PREFIX = 'scrypt$';
export const isPasswordHash = (v: unknown): boolean =>
  typeof v === 'string' && v.startsWith(PASSWORD_HASH_PREFIX);
