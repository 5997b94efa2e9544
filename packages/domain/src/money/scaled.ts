/**
 * Exact decimal arithmetic on scaled integers (a BigInt and a number of decimals) for the one
 * computation of a line's values: sums, products, the division by 100 of a percentage, and rounding
 * half away from zero. Every step of computeLine is one of these, so for amounts written as plain
 * decimals it gives decimal.js's results without its objects: pricing 2,000 lines is part of every
 * save and every approval dry run. Anything else (exponents, '.5', more than MAX_DIGITS digits, not an
 * amount, a product of 46 digits) is left to decimal.js, which keeps its errors and its precision.
 */

/** `n` × 10^-`s`: 12.50 is { n: 1250n, s: 2 }. */
export interface Scaled {
  n: bigint;
  s: number;
}

/**
 * decimal.js keeps 50 significant digits. Inputs of at most 18 digits keep every sum of inputs exact
 * there, and `times` refuses a product of 46 digits or more (the caller then takes decimal.js), so
 * that the few sums of products a line makes stay under 50 digits too.
 */
const MAX_DIGITS = 18;
const LIMIT = 10n ** 45n;
const PLAIN = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (k: number): bigint => POW10[k] ?? 10n ** BigInt(k);

export const SCALED_ZERO: Scaled = { n: 0n, s: 0 };

/**
 * An amount as a scaled integer (null, undefined and blank text are zero), or null for anything
 * decimal.js must read, or refuse, itself.
 */
export function toScaled(value: unknown): Scaled | null {
  if (value === null || value === undefined) return SCALED_ZERO;
  let text: string;
  if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return SCALED_ZERO;
  } else if (typeof value === 'number') {
    // decimal.js reads a number through its shortest string, as String() writes it ('1e-7' is left)
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else return null;
  const m = PLAIN.exec(text);
  if (!m) return null;
  const int = m[2]!;
  const frac = m[3] ?? '';
  if (int.length + frac.length > MAX_DIGITS) return null;
  const n = BigInt(int + frac);
  return { n: m[1] === '-' ? -n : n, s: frac.length };
}

export function add(a: Scaled, b: Scaled): Scaled {
  if (a.s === b.s) return { n: a.n + b.n, s: a.s };
  return a.s > b.s
    ? { n: a.n + b.n * pow10(a.s - b.s), s: a.s }
    : { n: a.n * pow10(b.s - a.s) + b.n, s: b.s };
}

export const negate = (a: Scaled): Scaled => ({ n: -a.n, s: a.s });
/** a × b, or null when it is too long to be exact in decimal.js (see LIMIT). */
export function times(a: Scaled, b: Scaled): Scaled | null {
  const n = a.n * b.n;
  return n < LIMIT && n > -LIMIT ? { n, s: a.s + b.s } : null;
}
/** a / 100, exactly: two more decimals. */
export const percentOf = (a: Scaled): Scaled => ({ n: a.n, s: a.s + 2 });

/** Rounded (half away from zero) or padded to `decimals` decimals. */
export function round(a: Scaled, decimals: number): Scaled {
  if (a.s <= decimals) return a.s === decimals ? a : { n: a.n * pow10(decimals - a.s), s: decimals };
  const d = pow10(a.s - decimals);
  const abs = a.n < 0n ? -a.n : a.n;
  let q = abs / d;
  if ((abs % d) * 2n >= d) q += 1n;
  return { n: a.n < 0n ? -q : q, s: decimals };
}

/** The text of a value with exactly `decimals` decimals (rounded when it has more); never '-0.00'. */
export function fixedText(a: Scaled, decimals: number): string {
  const r = round(a, decimals);
  const negative = r.n < 0n;
  const digits = (negative ? -r.n : r.n).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}
