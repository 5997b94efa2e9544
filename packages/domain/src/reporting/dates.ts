/**
 * Dates of reports, in UTC: the bounds of a time range at a given moment, and the end of a
 * group-by bucket (a drill-down selects [bucket start, bucket end)). Weeks start on Sunday (seed 000
 * section 9), as the server's week buckets do.
 */
import { intervalDef, type IntervalDef } from './constants.ts';

export interface DateBounds {
  /** included */
  from: Date;
  /** excluded */
  to: Date;
}

const DAY_MS = 86_400_000;

const utc = (y: number, m: number, d = 1): Date => new Date(Date.UTC(y, m, d));
const startOfDay = (t: Date): Date => utc(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
const monthsFrom = (t: Date, months: number): Date => utc(t.getUTCFullYear(), t.getUTCMonth() + months);
const quarterStart = (t: Date): Date => utc(t.getUTCFullYear(), Math.floor(t.getUTCMonth() / 3) * 3);

/** The bounds of a time range (TIME_RANGES) at `now`; null for 'all' and for an unknown id. */
export function timeRangeBounds(id: string | null | undefined, now: Date): DateBounds | null {
  const today = startOfDay(now);
  const tomorrow = new Date(today.getTime() + DAY_MS);
  const lastDays = (n: number): DateBounds => ({
    from: new Date(tomorrow.getTime() - n * DAY_MS),
    to: tomorrow,
  });
  const month = monthsFrom(now, 0);
  switch (id) {
    case 'today':
      return { from: today, to: tomorrow };
    case 'last-7-days':
      return lastDays(7);
    case 'last-30-days':
      return lastDays(30);
    case 'last-90-days':
      return lastDays(90);
    // the current month and the months before it: 12 (or 24) whole month buckets
    case 'last-12-months':
      return { from: monthsFrom(now, -11), to: monthsFrom(now, 1) };
    case 'last-24-months':
      return { from: monthsFrom(now, -23), to: monthsFrom(now, 1) };
    case 'this-month':
      return { from: month, to: monthsFrom(now, 1) };
    case 'last-month':
      return { from: monthsFrom(now, -1), to: month };
    case 'this-quarter': {
      const from = quarterStart(now);
      return { from, to: monthsFrom(from, 3) };
    }
    case 'this-year':
      return { from: utc(now.getUTCFullYear(), 0), to: utc(now.getUTCFullYear() + 1, 0) };
    case 'last-year':
      return { from: utc(now.getUTCFullYear() - 1, 0), to: utc(now.getUTCFullYear(), 0) };
    default:
      return null;
  }
}

/** The end (excluded) of the bucket of `interval` that starts at `start`. */
export function bucketEnd(start: Date, interval: IntervalDef | string): Date {
  const def = typeof interval === 'string' ? intervalDef(interval) : interval;
  if (!def) throw new Error(`unknown interval '${String(interval)}'`);
  const seconds = { second: 1, minute: 60, hour: 3600, day: 86_400, week: 7 * 86_400 } as const;
  switch (def.unit) {
    case 'month':
      return monthsFrom(start, def.n);
    case 'quarter':
      return monthsFrom(start, 3 * def.n);
    case 'year':
      return monthsFrom(start, 12 * def.n);
    default:
      return new Date(start.getTime() + def.n * seconds[def.unit] * 1000);
  }
}

/** The part of [a.from, a.to) inside `b` (null when `b` is null); null when they do not meet. */
export function intersectBounds(a: DateBounds, b: DateBounds | null): DateBounds | null {
  if (!b) return a;
  const from = a.from > b.from ? a.from : b.from;
  const to = a.to < b.to ? a.to : b.to;
  return from < to ? { from, to } : null;
}
