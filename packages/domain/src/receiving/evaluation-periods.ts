/**
 * When supplier evaluations fall due (seed 000 section 3, Evaluation: parent, period):
 * - an order evaluation per order, when a receipt of the order is posted (its period is the month
 *   of that receipt, 'yyyy-MM');
 * - contract evaluations per contract, one per period of N months (the contract's
 *   `evaluationMonths`, default 12): the first when the contract reaches erp-done, starting that
 *   day; each next one when the previous period is over, as long as the contract is in force and
 *   the period starts before its end of validity. A period is the date range 'from|to' (seed 001
 *   section 3), both days included.
 * Dates are calendar dates 'yyyy-MM-dd'; today comes in as an argument.
 */
import { daysInMonth } from '../fields/dates.ts';

export const DEFAULT_EVALUATION_MONTHS = 12;
export const MAX_EVALUATION_MONTHS = 60;
/** The most periods one catch-up creates for a contract (a sweep that did not run for years). */
export const MAX_CATCH_UP_PERIODS = 24;

export interface EvaluationPeriod {
  from: string;
  to: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: '${date}'`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The date `months` months later; a day past the end of the target month is its last day (31-01 + 1 = 28/29-02). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

/** The date `days` days later (or earlier), in the proleptic Gregorian calendar. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d) + days * 86_400_000);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The period as a date-range value 'from|to'. */
export const periodText = (p: EvaluationPeriod): string => `${p.from}|${p.to}`;

/** A stored 'from|to' period; null for anything else ('2026-Q1' of older evaluations). */
export function parsePeriod(value: unknown): EvaluationPeriod | null {
  if (typeof value !== 'string') return null;
  const [from, to, extra] = value.split('|');
  if (extra !== undefined || !from || !to || !DATE.test(from) || !DATE.test(to) || from > to) return null;
  return { from, to };
}

/** The contract's evaluation period in months: a whole number 1 to 60, else the default. */
export function evaluationMonths(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_EVALUATION_MONTHS
    ? n
    : DEFAULT_EVALUATION_MONTHS;
}

const periodFrom = (from: string, months: number): EvaluationPeriod => ({
  from,
  to: addDays(addMonths(from, months), -1),
});

/**
 * The contract periods that are due and not created yet, after `last` (the latest period created
 * for the contract, null for none): with none, the period starting today; else each next period
 * whose first day is today or before, none starting after `validTo`. Periods are counted from
 * `anchor`, the first day of the contract's first period (by default `last.from`): period k starts
 * k x N months after it, so a series that began on the 29th to 31st keeps its day after a shorter
 * month (30-11, 28-02, 30-05), where adding N months to each period's start lost the day for good.
 */
export function dueContractPeriods(
  last: EvaluationPeriod | null,
  months: number,
  today: string,
  validTo?: string | null,
  anchor?: string,
): EvaluationPeriod[] {
  const inForce = (from: string) => from <= today && (!validTo || !DATE.test(validTo) || from <= validTo);
  if (!last) return inForce(today) ? [periodFrom(today, months)] : [];
  const start = anchor && DATE.test(anchor) && anchor <= last.from ? anchor : last.from;
  const period = (k: number): EvaluationPeriod => ({
    from: addMonths(start, k * months),
    to: addDays(addMonths(start, (k + 1) * months), -1),
  });
  // the first period of the series that starts after `last` is over
  let k = 1;
  while (addMonths(start, k * months) <= last.to) k++;
  const out: EvaluationPeriod[] = [];
  for (let next = period(k); inForce(next.from) && out.length < MAX_CATCH_UP_PERIODS; next = period(++k))
    out.push(next);
  return out;
}

/** The period of an order evaluation: the month of the receipt that made it due. */
export const orderEvaluationPeriod = (today: string): string => today.slice(0, 7);

/** Evaluation states in which an evaluation still waits for its evaluators. */
export const OPEN_EVALUATION_STATES = ['created', 'updated'] as const;
