import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVALUATION_MONTHS,
  MAX_CATCH_UP_PERIODS,
  addDays,
  addMonths,
  dueContractPeriods,
  evaluationMonths,
  orderEvaluationPeriod,
  parsePeriod,
  periodText,
} from './evaluation-periods.ts';

/** Valid calendar dates 'yyyy-MM-dd' of 2000-2100 whose day is at most `maxDay`. */
const calendarDay = (maxDay: number) =>
  fc
    .record({
      y: fc.integer({ min: 2000, max: 2100 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: maxDay }),
    })
    .filter(({ y, m, d }) => d <= new Date(Date.UTC(y, m, 0)).getUTCDate())
    .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

describe('calendar arithmetic', () => {
  it('adds months, keeping the day or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-10', -3)).toBe('2025-12-10');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('a period of N months is followed by the next without a gap or an overlap (property)', () => {
    const day = calendarDay(28);
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 60 }), (from, months) => {
        const [first] = dueContractPeriods(null, months, from);
        const [second] = dueContractPeriods(first!, months, '2200-01-01');
        expect(first!.from).toBe(from);
        expect(first!.to < second!.from).toBe(true);
        expect(addDays(first!.to, 1)).toBe(second!.from);
      }),
    );
  });
});

describe('contract evaluation periods', () => {
  it('the first starts the day the contract reaches erp-done', () => {
    expect(dueContractPeriods(null, 6, '2026-03-15')).toEqual([{ from: '2026-03-15', to: '2026-09-14' }]);
  });

  it('the next falls due when the previous period is over, not before', () => {
    const first = { from: '2026-03-15', to: '2026-09-14' };
    expect(dueContractPeriods(first, 6, '2026-09-14')).toEqual([]);
    expect(dueContractPeriods(first, 6, '2026-09-15')).toEqual([{ from: '2026-09-15', to: '2027-03-14' }]);
  });

  it('catches up missed periods, none starting after the end of validity, at most a bounded number', () => {
    const first = { from: '2026-01-01', to: '2026-03-31' };
    expect(dueContractPeriods(first, 3, '2026-12-01', '2026-08-31').map((p) => p.from)).toEqual([
      '2026-04-01',
      '2026-07-01',
    ]);
    expect(dueContractPeriods(first, 1, '2099-01-01')).toHaveLength(MAX_CATCH_UP_PERIODS);
    expect(dueContractPeriods(null, 3, '2027-01-01', '2026-12-31')).toEqual([]);
  });

  it('counts periods from the first one, so a series from the 29th to 31st keeps its day after February', () => {
    const first = dueContractPeriods(null, 3, '2025-11-30')[0]!;
    expect(first).toEqual({ from: '2025-11-30', to: '2026-02-27' });
    expect(dueContractPeriods(first, 3, '2026-12-01')).toEqual([
      { from: '2026-02-28', to: '2026-05-29' },
      { from: '2026-05-30', to: '2026-08-29' },
      { from: '2026-08-30', to: '2026-11-29' },
      { from: '2026-11-30', to: '2027-02-27' },
    ]);
    // one at a time, as a daily sweep creates them: the same series, given the first period's start
    const second = { from: '2026-02-28', to: '2026-05-29' };
    expect(dueContractPeriods(second, 3, '2026-06-01', null, first.from)).toEqual([
      { from: '2026-05-30', to: '2026-08-29' },
    ]);
  });

  it('periods counted from any first day follow each other without a gap or an overlap (property)', () => {
    const day = calendarDay(31);
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 24 }), (from, months) => {
        const [first] = dueContractPeriods(null, months, from);
        const series = [first!, ...dueContractPeriods(first!, months, addMonths(from, 6 * months))];
        for (let i = 1; i < series.length; i++) {
          expect(addDays(series[i - 1]!.to, 1)).toBe(series[i]!.from);
          expect(series[i]!.from).toBe(addMonths(from, i * months));
        }
      }),
    );
  });

  it('reads the period setting and the stored periods defensively', () => {
    expect(evaluationMonths(6)).toBe(6);
    expect(evaluationMonths('3')).toBe(3);
    expect(evaluationMonths(0)).toBe(DEFAULT_EVALUATION_MONTHS);
    expect(evaluationMonths(1.5)).toBe(DEFAULT_EVALUATION_MONTHS);
    expect(evaluationMonths(undefined)).toBe(DEFAULT_EVALUATION_MONTHS);
    const p = { from: '2026-01-01', to: '2026-12-31' };
    expect(parsePeriod(periodText(p))).toEqual(p);
    expect(parsePeriod('2026-Q1')).toBeNull();
    expect(parsePeriod('2026-12-31|2026-01-01')).toBeNull();
    expect(orderEvaluationPeriod('2026-04-30')).toBe('2026-04');
  });
});
