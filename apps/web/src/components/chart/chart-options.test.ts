import { describe, expect, it } from 'vitest';
import {
  formatWhole,
  highestValue,
  mean,
  referenceLines,
  standardDeviation,
  valueAxis,
  type ChartInput,
} from './chart-options.ts';

const input: ChartInput = {
  labels: ['Jan', 'Feb', 'Mar'],
  series: [
    { label: 'Alfa', data: [10, 40, null] },
    { label: 'Beta', data: [30, 5, 20] },
  ],
};

describe('chart options (seed 001 section 9)', () => {
  it('puts the y-axis maximum a tenth above the highest value, ticks at least 1 apart', () => {
    expect(highestValue(input, false)).toBe(40);
    expect(valueAxis(40)).toEqual({ max: 44, stepSize: 10 });
    expect(valueAxis(3).max).toBeCloseTo(3.3);
    expect(valueAxis(3).stepSize).toBe(1);
    expect(valueAxis(0)).toEqual({ max: 1, stepSize: 1 });
    expect(valueAxis(123_456).stepSize).toBe(50_000);
  });

  it('measures stacked charts by their highest sum', () => {
    expect(highestValue(input, true)).toBe(45);
  });

  it("formats numbers '#,##0'", () => {
    expect(formatWhole(1234567.89)).toBe('1,234,568');
    expect(formatWhole(0)).toBe('0');
  });

  it('draws the average and one standard deviation around it over the first series', () => {
    expect(mean([10, 40])).toBe(25);
    expect(standardDeviation([10, 40])).toBe(15);
    const lines = referenceLines(
      input,
      { average: true, standardDeviation: true },
      { average: 'Average', deviation: 'SD' },
    );
    expect(lines).toEqual([
      { label: 'Average', data: [25, 25, 25] },
      { label: 'SD +', data: [40, 40, 40] },
      { label: 'SD -', data: [10, 10, 10] },
    ]);
    expect(referenceLines(input, {}, { average: 'A', deviation: 'S' })).toEqual([]);
  });
});
