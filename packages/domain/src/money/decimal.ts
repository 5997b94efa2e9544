/**
 * Decimal arithmetic and rounding of seed 000 section 9 (quantity 3 decimals, price 5, value 2) and the
 * numeric input rule of seed 000 section 5 / seed 001 section 5. Amounts never go through JS floating
 * point arithmetic: they cross the API as strings or numbers and are converted to decimal.js values.
 */
import Decimal from 'decimal.js';

/**
 * A private decimal.js constructor: 50 significant digits (price × quantity of large amounts stays
 * exact) and ROUND_HALF_UP, which in decimal.js rounds ties away from zero for negatives too
 * (2.345 → 2.35, -2.345 → -2.35). The global Decimal configuration is left untouched.
 */
export const Dec = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Dec = InstanceType<typeof Dec>;

/** An amount as it crosses the API: a decimal string or a number. */
export type Amount = string | number;

export const QUANTITY_DECIMALS = 3;
export const PRICE_DECIMALS = 5;
export const VALUE_DECIMALS = 2;

/** Thrown for amounts that are not finite decimal numbers (NaN, Infinity, 'abc'). */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

/**
 * Converts an amount to a decimal. `null`, `undefined` and blank strings are zero (a line without a
 * list price has a zero list value); anything else that is not a finite decimal throws MoneyError.
 * Strings are read as plain decimals ('12.5', '-3', '1e3'); use `parseNumericInput` for typed text.
 */
export function toDecimal(value: Amount | null | undefined): Dec {
  if (value === null || value === undefined) return new Dec(0);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError(`Not a finite amount: ${value}`);
    return new Dec(value);
  }
  const text = value.trim();
  if (text === '') return new Dec(0);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) throw new MoneyError(`Not an amount: '${value}'`);
  return new Dec(text);
}

/** Rounds half away from zero and never yields negative zero. */
export function roundDec(value: Dec, decimals: number): Dec {
  const rounded = value.toDecimalPlaces(decimals, Dec.ROUND_HALF_UP);
  return rounded.isZero() ? new Dec(0) : rounded;
}

/** Fixed-decimal string of a decimal, rounded half away from zero ('-0.00' never appears). */
export function fixed(value: Dec, decimals: number): string {
  return roundDec(value, decimals).toFixed(decimals);
}

/** Value (money) rounding: 2 decimals, e.g. roundValue('2.345') === '2.35'. */
export const roundValue = (value: Amount | null | undefined): string =>
  fixed(toDecimal(value), VALUE_DECIMALS);
/** Quantity rounding: at most 3 decimals, returned with exactly 3 ('2.5' → '2.500'). */
export const roundQuantity = (value: Amount | null | undefined): string =>
  fixed(toDecimal(value), QUANTITY_DECIMALS);
/** Price rounding: 5 decimals. */
export const roundPrice = (value: Amount | null | undefined): string =>
  fixed(toDecimal(value), PRICE_DECIMALS);

/**
 * Numeric input normalisation of value, price and quantity fields: every character other than digits,
 * dot, comma and minus is removed, then each comma becomes a dot. Thousands separators are NOT
 * guessed: '1.234,50' becomes '1.234.50' (not a number, so `parseNumericInput` returns null), while
 * '1234,50 €' becomes '1234.50'.
 */
export function normalizeNumericInput(text: string): string {
  return text.replace(/[^0-9.,-]/g, '').replace(/,/g, '.');
}

/**
 * `normalizeNumericInput` followed by validation: the canonical decimal string of the typed text, or
 * null when what is left is not a single decimal number (empty, '1.2.3', '1-2', '-').
 */
export function parseNumericInput(text: string): string | null {
  const normalized = normalizeNumericInput(text);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalized)) return null;
  const value = new Dec(normalized);
  return (value.isZero() ? new Dec(0) : value).toFixed();
}
