import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec, roundDec, toDecimal } from './decimal.ts';
import { computeDocument } from './lines.ts';
import { MAX_AMOUNT, amountLimitErrors, amountTooLargeMessage, fitsAmount } from './limits.ts';

describe('amount limits (the numeric columns: values 18,2, quantities 18,3, prices 18,5)', () => {
  it('knows the largest storable amount of each kind', () => {
    expect(MAX_AMOUNT).toEqual({
      value: '9999999999999999.99',
      quantity: '999999999999999.999',
      price: '9999999999999.99999',
    });
    expect(amountTooLargeMessage('Value', 'value')).toBe(
      'Value is too large (at most 9,999,999,999,999,999.99).',
    );
  });

  it('fits exactly up to the maximum, rounded as stored, negative amounts alike', () => {
    expect(fitsAmount('9999999999999999.99', 'value')).toBe(true);
    expect(fitsAmount('-9999999999999999.99', 'value')).toBe(true);
    expect(fitsAmount('9999999999999999.994', 'value')).toBe(true);
    // rounds up to 10^16: the column cannot hold it
    expect(fitsAmount('9999999999999999.995', 'value')).toBe(false);
    expect(fitsAmount('10000000000000000', 'value')).toBe(false);
    expect(fitsAmount(1e20, 'price')).toBe(false);
    expect(fitsAmount('9999999999999.99999', 'price')).toBe(true);
    expect(fitsAmount('10000000000000', 'price')).toBe(false);
    expect(fitsAmount('1e15', 'quantity')).toBe(false);
    expect(fitsAmount(null, 'value')).toBe(true);
    expect(fitsAmount('abc', 'value')).toBe(false);
    expect(fitsAmount(Number.POSITIVE_INFINITY, 'value')).toBe(false);
  });

  it('agrees with the column bound for any integer part length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('value', 'quantity', 'price') as fc.Arbitrary<'value' | 'quantity' | 'price'>,
        (digits, kind) => {
          const integerDigits = { value: 16, quantity: 15, price: 13 }[kind];
          expect(fitsAmount('9'.repeat(digits), kind)).toBe(digits <= integerDigits);
        },
      ),
    );
  });

  it('names every line amount and header total that would overflow, with its line', () => {
    const priced = computeDocument({
      lines: [
        { quantity: 1000, price: '99999999999999' },
        { quantity: 1, price: 2 },
      ],
    });
    const lines = priced.lines.map((l, i) => ({ ...l, pos: (i + 1) * 10, item: `MAT-${i}` }));
    const errors = amountLimitErrors({ lines, totals: priced.totals });
    expect(errors.filter((e) => e.line)).toEqual(
      expect.arrayContaining([
        {
          field: 'price',
          line: { pos: 10, subpos: 0, key: 'MAT-0' },
          message: expect.stringContaining('Price'),
        },
        { field: 'grossValue', line: { pos: 10, subpos: 0, key: 'MAT-0' }, message: expect.any(String) },
        { field: 'value', line: { pos: 10, subpos: 0, key: 'MAT-0' }, message: expect.any(String) },
      ]),
    );
    expect(errors.some((e) => e.line?.pos === 20)).toBe(false);
    expect(errors.filter((e) => !e.line).map((e) => e.field)).toEqual(['grossValue', 'netValue', 'value']);
    const fine = computeDocument({ lines: [{ quantity: 3, price: '2.5' }] });
    expect(amountLimitErrors(fine)).toEqual([]);
  });
});

describe('fitsAmount without decimal arithmetic', () => {
  it('answers as the decimal comparison for every amount', () => {
    const kinds = ['quantity', 'price', 'value'] as const;
    const scale = { quantity: 3, price: 5, value: 2 };
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.boolean(),
        fc.stringMatching(/^[0-9]{1,19}$/),
        fc.stringMatching(/^[0-9]{0,7}$/),
        (kind, negative, int, dec) => {
          const text = `${negative ? '-' : ''}${int}${dec ? `.${dec}` : ''}`;
          const rounded = roundDec(toDecimal(text), scale[kind]).abs();
          expect(fitsAmount(text, kind)).toBe(rounded.lte(new Dec(MAX_AMOUNT[kind])));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
