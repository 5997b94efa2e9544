import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampDateRange, daysInMonth, formatDate, formatTime, parseTypedDate, toIsoDate } from './dates.ts';
import { addMultiSelect, clampPercentage, formatNumber } from './inputs.ts';

describe('parseTypedDate', () => {
  it('accepts dd-MM-yyyy and yyyy-MM-dd, returning yyyy-MM-dd', () => {
    expect(parseTypedDate('25-11-2026')).toBe('2026-11-25');
    expect(parseTypedDate('2026-11-25')).toBe('2026-11-25');
    expect(parseTypedDate(' 01-01-2026 ')).toBe('2026-01-01');
  });
  it('rejects invalid days or months', () => {
    expect(parseTypedDate('31-02-2026')).toBeNull();
    expect(parseTypedDate('00-01-2026')).toBeNull();
    expect(parseTypedDate('2026-13-01')).toBeNull();
    expect(parseTypedDate('2026-00-10')).toBeNull();
    expect(parseTypedDate('31-04-2026')).toBeNull();
    expect(parseTypedDate('32-01-2026')).toBeNull();
    expect(parseTypedDate('01-01-0000')).toBeNull();
  });
  it('knows leap years', () => {
    expect(parseTypedDate('29-02-2024')).toBe('2024-02-29');
    expect(parseTypedDate('29-02-2026')).toBeNull();
    expect(parseTypedDate('29-02-1900')).toBeNull();
    expect(parseTypedDate('29-02-2000')).toBe('2000-02-29');
    expect(daysInMonth(2026, 4)).toBe(30);
  });
  it('rejects incomplete or other formats', () => {
    expect(parseTypedDate('1-2-2026')).toBeNull();
    expect(parseTypedDate('25/11/2026')).toBeNull();
    expect(parseTypedDate('25-11-26')).toBeNull();
    expect(parseTypedDate('2026-11-25T10:00')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
  it('replaces a typed date before min by min', () => {
    expect(parseTypedDate('01-01-2026', { min: '2026-03-15' })).toBe('2026-03-15');
    expect(parseTypedDate('01-01-2026', { min: '15-03-2026' })).toBe('2026-03-15');
    expect(parseTypedDate('01-01-2026', { min: '2026-03-15T10:30:00.000Z' })).toBe('2026-03-15');
    expect(parseTypedDate('15-03-2026', { min: '2026-03-15' })).toBe('2026-03-15');
    expect(parseTypedDate('20-03-2026', { min: '2026-03-15' })).toBe('2026-03-20');
    expect(parseTypedDate('31-02-2026', { min: '2026-03-15' })).toBeNull();
    expect(parseTypedDate('01-01-2026', { min: null })).toBe('2026-01-01');
  });
  it('round-trips every valid date through both formats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const p = (n: number, w = 2): string => String(n).padStart(w, '0');
          const valid = d <= daysInMonth(y, m);
          const iso = `${p(y, 4)}-${p(m)}-${p(d)}`;
          expect(parseTypedDate(`${p(d)}-${p(m)}-${p(y, 4)}`)).toBe(valid ? iso : null);
          expect(parseTypedDate(iso)).toBe(valid ? iso : null);
          if (valid) expect(formatDate(iso)).toBe(`${p(d)}-${p(m)}-${p(y, 4)}`);
        },
      ),
    );
  });
});

describe('clampDateRange', () => {
  it('clamps from to min and to to max', () => {
    expect(clampDateRange('2026-01-01|2026-12-31', '2026-02-01', '2026-11-30')).toBe('2026-02-01|2026-11-30');
    expect(clampDateRange('2026-03-01|2026-04-01', '2026-02-01', '2026-11-30')).toBe('2026-03-01|2026-04-01');
    expect(clampDateRange('01-01-2026|31-12-2026', '01-02-2026', null)).toBe('2026-02-01|2026-12-31');
  });
  it('clamps only from to min and only to to max', () => {
    // a from after max and a to before min are left alone
    expect(clampDateRange('2027-01-01|2025-01-01', '2026-01-01', '2026-12-31')).toBe('2027-01-01|2025-01-01');
  });
  it('keeps empty or unreadable parts empty', () => {
    expect(clampDateRange('|2026-12-31', '2026-01-01', '2026-06-30')).toBe('|2026-06-30');
    expect(clampDateRange('2025-01-01|', '2026-01-01')).toBe('2026-01-01|');
    expect(clampDateRange('', '2026-01-01')).toBe('|');
    expect(clampDateRange(null)).toBe('|');
    expect(clampDateRange('31-02-2026|x')).toBe('|');
  });
});

describe('formatDate and formatTime', () => {
  it('formats dates as dd-MM-yyyy', () => {
    expect(formatDate('2026-11-25')).toBe('25-11-2026');
    expect(formatDate('25-11-2026')).toBe('25-11-2026');
    expect(formatDate(new Date(2026, 0, 5, 23, 59))).toBe('05-01-2026');
    expect(formatDate(new Date(2026, 0, 5).getTime())).toBe('05-01-2026');
    expect(formatDate(new Date(2026, 0, 5, 8).toISOString())).toBe('05-01-2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
  it('formats times as HH:mm in 24 hours', () => {
    expect(formatTime(new Date(2026, 0, 5, 9, 7))).toBe('09:07');
    expect(formatTime(new Date(2026, 0, 5, 23, 59, 59))).toBe('23:59');
    expect(formatTime(new Date(2026, 0, 5, 0, 0).toISOString())).toBe('00:00');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('garbage')).toBe('');
  });
  it('toIsoDate reads both formats', () => {
    expect(toIsoDate('05-01-2026')).toBe('2026-01-05');
    expect(toIsoDate(undefined)).toBeNull();
  });
});

describe('formatNumber', () => {
  it("formats '#,##0.00' with comma thousands and dot decimals", () => {
    expect(formatNumber('1234567.891')).toBe('1,234,567.89');
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber('0')).toBe('0.00');
    expect(formatNumber('999.995')).toBe('1,000.00');
    expect(formatNumber('-1234.565')).toBe('-1,234.57');
    expect(formatNumber('-0.001')).toBe('0.00');
    expect(formatNumber('123')).toBe('123.00');
    expect(formatNumber('100000')).toBe('100,000.00');
  });
  it('works on decimal strings beyond float precision', () => {
    expect(formatNumber('12345678901234567890.125')).toBe('12,345,678,901,234,567,890.13');
    expect(formatNumber(1.005)).toBe('1.01');
  });
  it("supports other decimals ('#,##0' with 0)", () => {
    expect(formatNumber('1234.5', 0)).toBe('1,235');
    expect(formatNumber('1234.5678', 3)).toBe('1,234.568');
  });
  it('gives an empty text for empty or unreadable values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
  it('removing the commas gives back the fixed-decimal value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 4 }),
        (n, d) => {
          const s = n.toString();
          const text = formatNumber(s, d);
          expect(text.replace(/,/g, '')).toBe(d === 0 ? s : `${s}.${'0'.repeat(d)}`);
          expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
        },
      ),
    );
  });
});

describe('clampPercentage', () => {
  it("clamps to the field's min and max", () => {
    expect(clampPercentage(150, 0, 100)).toBe(100);
    expect(clampPercentage(-5, 0, 100)).toBe(0);
    expect(clampPercentage(42.5, 0, 100)).toBe(42.5);
    expect(clampPercentage(20, 10, 15)).toBe(15);
  });
  it('does not clamp on a missing bound', () => {
    expect(clampPercentage(150)).toBe(150);
    expect(clampPercentage(-5, undefined, 100)).toBe(-5);
    expect(clampPercentage(150, 0, null)).toBe(150);
  });
  it('reads typed strings with the numeric input rule', () => {
    expect(clampPercentage('12,5 %', 0, 100)).toBe(12.5);
    expect(clampPercentage('250', 0, 100)).toBe(100);
    expect(clampPercentage('', 0, 100)).toBeNull();
    expect(clampPercentage('abc', 0, 100)).toBeNull();
    expect(clampPercentage(null, 0, 100)).toBeNull();
    expect(clampPercentage(Number.NaN, 0, 100)).toBeNull();
  });
  it('always lands inside [min, max]', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 200 }),
        (v, lo, span) => {
          const r = clampPercentage(v, lo, lo + span);
          expect(r).not.toBeNull();
          expect(r!).toBeGreaterThanOrEqual(lo);
          expect(r!).toBeLessThanOrEqual(lo + span);
        },
      ),
    );
  });
});

describe('addMultiSelect', () => {
  it('adds a value', () => {
    expect(addMultiSelect(['a'], 'b')).toEqual(['a', 'b']);
    expect(addMultiSelect(null, 'a')).toEqual(['a']);
  });
  it('does not add duplicates', () => {
    expect(addMultiSelect(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(addMultiSelect([{ _id: '1', name: 'A' }], { _id: '1', name: 'A (renamed)' })).toEqual([
      { _id: '1', name: 'A' },
    ]);
    expect(addMultiSelect([{ key: 'k1' }], { key: 'k1' })).toHaveLength(1);
    expect(addMultiSelect([{ key: 'k1' }], { key: 'k2' })).toHaveLength(2);
  });
  it('max limits the number of entries', () => {
    expect(addMultiSelect(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(addMultiSelect(['a'], 'c', 2)).toEqual(['a', 'c']);
    expect(addMultiSelect(['a', 'b'], 'c', 0)).toEqual(['a', 'b', 'c']); // 0: no limit
    expect(addMultiSelect(['a', 'b'], 'c', null)).toEqual(['a', 'b', 'c']);
  });
  it('never mutates its input', () => {
    const values = Object.freeze(['a']);
    expect(addMultiSelect(values, 'b')).not.toBe(values);
    expect(values).toEqual(['a']);
  });
  it('never exceeds max and never holds duplicates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (adds, max) => {
          const out = adds.reduce<number[]>((acc, v) => addMultiSelect(acc, v, max), []);
          expect(out.length).toBeLessThanOrEqual(max);
          expect(new Set(out).size).toBe(out.length);
        },
      ),
    );
  });
});
