/** Dates of the month grid as 'yyyy-mm-dd' texts in the calendar of the browser (no time zones). */

const pad = (n: number) => String(n).padStart(2, '0');
export const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const todayText = (now = new Date()) => dayText(now);

/** 'today' or a yyyy-mm-dd day; anything else is no bound. */
export function resolveBound(bound: string | undefined, now = new Date()): string | null {
  if (!bound) return null;
  if (bound === 'today') return todayText(now);
  return /^\d{4}-\d{2}-\d{2}$/.test(bound) ? bound : null;
}

export interface MonthRef {
  year: number;
  /** 0 to 11 */
  month: number;
}

export const monthOf = (day: string): MonthRef => ({ year: +day.slice(0, 4), month: +day.slice(5, 7) - 1 });
export const addMonths = (m: MonthRef, n: number): MonthRef => {
  const d = new Date(m.year, m.month + n, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
};
export const monthKey = (m: MonthRef) => `${m.year}-${pad(m.month + 1)}`;

/** The weeks shown for a month: whole weeks from `weekStart` (0 Sunday, 1 Monday), 4 to 6 rows. */
export function monthWeeks(m: MonthRef, weekStart: number): string[][] {
  const lead = (new Date(m.year, m.month, 1).getDay() - weekStart + 7) % 7;
  const days = new Date(m.year, m.month + 1, 0).getDate();
  const rows = Math.ceil((lead + days) / 7);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: 7 }, (_, c) => dayText(new Date(m.year, m.month, 1 - lead + r * 7 + c))),
  );
}

/** The weekday names starting at `weekStart`, from a Sunday-first list. */
export const rotateWeekdays = (sundayFirst: string[], weekStart: number) =>
  sundayFirst.map((_, i) => sundayFirst[(i + weekStart) % 7]!);
