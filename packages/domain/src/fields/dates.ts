/**
 * Date rules and formats of seed 001 section 5 and seed 000 section 9: display format dd-MM-yyyy,
 * time HH:mm. Dates are handled as calendar dates ('yyyy-MM-dd' strings), never shifted by a time
 * zone; only Date objects, timestamps and ISO date-times are read in the local time zone.
 */

const DISPLAY_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]/;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoFromParts(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Reads 'dd-MM-yyyy' or 'yyyy-MM-dd' (surrounding blanks ignored) into 'yyyy-MM-dd', or null. */
export function toIsoDate(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  let m = DISPLAY_DATE.exec(t);
  if (m) return isoFromParts(Number(m[3]), Number(m[2]), Number(m[1]));
  m = ISO_DATE.exec(t);
  if (m) return isoFromParts(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/** A bound (min or max): a date in either format, or the date part of an ISO date-time. */
function boundToIso(bound: string | null | undefined): string | null {
  if (typeof bound !== 'string') return null;
  const m = ISO_DATE_TIME.exec(bound.trim());
  return m ? isoFromParts(Number(m[1]), Number(m[2]), Number(m[3])) : toIsoDate(bound);
}

/**
 * A typed date: 'dd-MM-yyyy' (the display format) or 'yyyy-MM-dd', returned as 'yyyy-MM-dd'.
 * Invalid days or months (31-02-2026, 00-01-2026, 2026-13-01) and incomplete text give null. A complete
 * (10-character) date before `min` is replaced by `min`.
 */
export function parseTypedDate(text: string, options: { min?: string | null } = {}): string | null {
  const iso = toIsoDate(text);
  if (!iso) return null;
  const min = boundToIso(options.min);
  return min && iso < min ? min : iso;
}

/**
 * A date range 'from|to': from is clamped to min, to is clamped to max. Each part is returned as
 * 'yyyy-MM-dd'; an empty or unreadable part stays empty. Bounds may be missing.
 */
export function clampDateRange(
  range: string | null | undefined,
  min?: string | null,
  max?: string | null,
): string {
  const [fromText = '', toText = ''] = (range ?? '').split('|');
  const lo = boundToIso(min);
  const hi = boundToIso(max);
  let from = toIsoDate(fromText) ?? '';
  let to = toIsoDate(toText) ?? '';
  if (from && lo && from < lo) from = lo;
  if (to && hi && to > hi) to = hi;
  return `${from}|${to}`;
}

/** Date parts of a value; date-only strings are taken literally, everything else in local time. */
function toLocalDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'dd-MM-yyyy'; '' for empty or invalid values. 'yyyy-MM-dd' and 'dd-MM-yyyy' strings are not shifted. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (typeof value === 'string') {
    const iso = toIsoDate(value);
    if (iso) return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
  }
  const d = toLocalDate(value);
  return d ? `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${pad(d.getFullYear(), 4)}` : '';
}

/** 'HH:mm' (24 hours) in local time; '' for empty or invalid values. */
export function formatTime(value: Date | string | number | null | undefined): string {
  const d = toLocalDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}
