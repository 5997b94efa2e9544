import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MoneyError } from './decimal.ts';
import { computeLine, decimalLine, type PricedLine } from './lines.ts';
import { fixedText, round, times, toScaled } from './scaled.ts';

/**
 * computeLine prices plain decimals on scaled integers and everything else with decimal.js: these
 * tests hold the two to the same answers, errors included, wherever the amounts come from.
 */

/** Plain decimal text of up to `maxDigits` digits, signed, with up to `maxDecimals` decimals. */
const text = (maxDigits: number, maxDecimals: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom('', '-', '+'),
      fc.stringMatching(new RegExp(`^[0-9]{1,${maxDigits}}$`)),
      fc.integer({ min: 0, max: maxDecimals }),
    )
    .map(([sign, digits, decimals]) => {
      const cut = Math.max(1, digits.length - decimals);
      return decimals && digits.length > 1
        ? `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`
        : sign + digits;
    });

/** Every form an amount crosses the API in, the ones decimal.js alone reads among them. */
const anyAmount = (maxDigits: number): fc.Arbitrary<string | number | null | undefined> =>
  fc.oneof(
    text(maxDigits, 8),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.constantFrom(null, undefined, '', '  7.5 ', '5.', '.5', '1e3', '-0', -0, 0.1, 2.675, 1e21, 5e-324),
  );

const lineOf = (maxDigits: number): fc.Arbitrary<PricedLine> =>
  fc.record(
    {
      quantity: anyAmount(maxDigits),
      price: anyAmount(maxDigits),
      listPrice: anyAmount(maxDigits),
      upfrontPayment: fc.boolean(),
      tax: fc.record({ value: fc.oneof(anyAmount(4), fc.constantFrom(0, 6, 13, 23, '23', 21.5)) }),
      priceInfo: fc.array(
        fc.record({
          condition: fc.constantFrom('RA01', 'RB00', 'ZFA1', 'ZFB1', 'Z030', 'XXXX'),
          value: anyAmount(maxDigits),
        }),
        { maxLength: 6 },
      ),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<PricedLine>;

const outcome = (f: () => unknown) => {
  try {
    return { values: f() };
  } catch (err) {
    return { error: err instanceof MoneyError ? err.message : String(err) };
  }
};

describe('scaled integers', () => {
  it('read plain decimals and leave every other form to decimal.js', () => {
    expect(toScaled('12.50')).toEqual({ n: 1250n, s: 2 });
    expect(toScaled(' -3 ')).toEqual({ n: -3n, s: 0 });
    expect(toScaled(0.1)).toEqual({ n: 1n, s: 1 });
    expect(toScaled('')).toEqual({ n: 0n, s: 0 });
    for (const other of ['1e3', '.5', '5.', 'abc', '1234567890123456789', 1e21, Infinity, true])
      expect(toScaled(other)).toBeNull();
  });
  it('round half away from zero and never write negative zero', () => {
    expect(fixedText({ n: 2345n, s: 3 }, 2)).toBe('2.35');
    expect(fixedText({ n: -2345n, s: 3 }, 2)).toBe('-2.35');
    expect(fixedText({ n: -4n, s: 3 }, 2)).toBe('0.00');
    expect(fixedText({ n: 5n, s: 0 }, 3)).toBe('5.000');
    expect(round({ n: 5n, s: 3 }, 2)).toEqual({ n: 1n, s: 2 });
  });
  it('refuse a product too long to be exact in decimal.js', () => {
    expect(times({ n: 10n ** 22n, s: 0 }, { n: 10n ** 22n, s: 0 })).toEqual({ n: 10n ** 44n, s: 0 });
    expect(times({ n: 10n ** 22n, s: 0 }, { n: 10n ** 23n, s: 0 })).toBeNull();
  });
});

describe('computeLine on scaled integers', () => {
  it('gives the values decimal.js gives, for every form of amount', () => {
    fc.assert(
      fc.property(lineOf(12), fc.boolean(), (line, deleted) => {
        expect(outcome(() => computeLine(line, { deleted }))).toEqual(
          outcome(() => decimalLine(line, { deleted })),
        );
      }),
      { numRuns: 2000 },
    );
  });
  it('gives them for amounts near the limits of its exactness too (18 digits, 46-digit products)', () => {
    fc.assert(
      fc.property(lineOf(18), (line) => {
        expect(outcome(() => computeLine(line))).toEqual(outcome(() => decimalLine(line)));
      }),
      { numRuns: 1000 },
    );
  });
  it("refuses what is not an amount with decimal.js's message", () => {
    expect(() => computeLine({ quantity: 'abc', price: 1 })).toThrow(new MoneyError("Not an amount: 'abc'"));
    expect(() =>
      computeLine({ quantity: 1, price: 1, priceInfo: [{ condition: 'RA01', value: 'x' }] }),
    ).toThrow(MoneyError);
  });
});
