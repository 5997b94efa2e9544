/** Number format, percentage and multi-select rules of seed 001 sections 5 and 9. */
import { Dec, parseNumericInput, roundDec, toDecimal, type Amount } from '../money/decimal.ts';

/**
 * '#,##0.00': comma thousands separator, dot decimals, rounded half away from zero, computed on
 * decimal strings (no floating point). `decimals` 0 gives the chart format '#,##0'. Empty or
 * unreadable values give ''.
 */
export function formatNumber(value: Amount | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return '';
  let d: Dec;
  try {
    d = roundDec(toDecimal(value), decimals);
  } catch {
    return '';
  }
  const [int = '0', frac] = d.abs().toFixed(decimals).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${d.isNegative() ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/**
 * A percentage clamped to the field's min and max (a missing bound does not clamp). Strings go through
 * the numeric input rule ('12,5 %' is 12.5); empty or unreadable input gives null.
 */
export function clampPercentage(
  value: number | string | null | undefined,
  min?: number | null,
  max?: number | null,
): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? null : parseNumericInput(value);
  const n = typeof value === 'number' ? value : text === null ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) return null;
  let out = n;
  if (typeof min === 'number' && Number.isFinite(min) && out < min) out = min;
  if (typeof max === 'number' && Number.isFinite(max) && out > max) out = max;
  return out;
}

function sameEntry(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as { _id?: unknown; key?: unknown };
  const y = b as { _id?: unknown; key?: unknown };
  if (x._id !== undefined && y._id !== undefined) return x._id === y._id;
  if (x.key !== undefined && y.key !== undefined) return x.key === y.key;
  return false;
}

/**
 * Adds `v` to a multi-select value. Nothing is added when `v` is already there (same primitive, or
 * objects with the same `_id`, else the same `key`) or when `max` entries are already selected.
 * A missing, non-finite or non-positive `max` means no limit. Always returns a new array.
 */
export function addMultiSelect<T>(values: readonly T[] | null | undefined, v: T, max?: number | null): T[] {
  const list = [...(values ?? [])];
  if (list.some((x) => sameEntry(x, v))) return list;
  if (typeof max === 'number' && Number.isFinite(max) && max > 0 && list.length >= max) return list;
  list.push(v);
  return list;
}
