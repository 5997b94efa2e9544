import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Dec,
  fixed,
  MoneyError,
  normalizeNumericInput,
  parseNumericInput,
  roundPrice,
  roundQuantity,
  roundValue,
} from './decimal.ts';
import {
  computeDocument,
  computeLine,
  isDeliveryLockEditable,
  sumLineValues,
  toCompanyCurrency,
  VALUE_FIELDS,
  type PricedLine,
} from './lines.ts';
import { supplierLineView, TAX_NOT_IN_INVOICE_WARNING } from './supplier-view.ts';
import { DELIVERY_LOCK_THRESHOLD } from '../shell/constants.ts';

const TWO_DECIMALS = /^-?\d+\.\d{2}$/;

describe('rounding', () => {
  it('rounds values half away from zero, also for negatives (decimal.js ROUND_HALF_UP)', () => {
    expect(roundValue('2.345')).toBe('2.35');
    expect(roundValue('-2.345')).toBe('-2.35');
    expect(roundValue('0.125')).toBe('0.13');
    expect(roundValue('-0.005')).toBe('-0.01');
    expect(roundValue('2.344999')).toBe('2.34');
    // 1.005 is 1.00499999999999989... as a double; the number is read by its shortest text '1.005'
    expect(roundValue(1.005)).toBe('1.01');
    expect(roundValue(-1.005)).toBe('-1.01');
  });
  it('never returns negative zero', () => {
    expect(roundValue('-0.004')).toBe('0.00');
    expect(roundValue(-0)).toBe('0.00');
    expect(roundQuantity('-0.0001')).toBe('0.000');
  });
  it('quantity has 3 decimals, price 5', () => {
    expect(roundQuantity('1.23456')).toBe('1.235');
    expect(roundQuantity('2.5')).toBe('2.500');
    expect(roundQuantity('-1.0005')).toBe('-1.001');
    expect(roundPrice('0.123456')).toBe('0.12346');
    expect(roundPrice('1.000005')).toBe('1.00001');
    expect(roundPrice(7)).toBe('7.00000');
  });
  it('treats missing amounts as zero and refuses non-numbers', () => {
    expect(roundValue(null)).toBe('0.00');
    expect(roundValue(undefined)).toBe('0.00');
    expect(roundValue('  ')).toBe('0.00');
    expect(roundValue(' 12.5 ')).toBe('12.50');
    expect(roundValue('1e3')).toBe('1000.00');
    expect(() => roundValue('12,5')).toThrow(MoneyError);
    expect(() => roundValue('abc')).toThrow(MoneyError);
    expect(() => roundValue(Number.NaN)).toThrow(MoneyError);
    expect(() => roundValue(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });
  it('is exact for large amounts', () => {
    expect(computeLine({ price: '123456789.12345', quantity: '12345.678' }).grossValue).toBe(
      '1524157765432.02', // exact product 1524157765432.01594910
    );
  });
});

describe('line values and price conditions', () => {
  const base = { price: '10.5', quantity: 3 };

  it('gross value without conditions', () => {
    expect(computeLine(base)).toEqual({
      quantity: '3.000',
      price: '10.50000',
      grossValue: '31.50',
      discountValue: '0.00',
      costValue: '0.00',
      netValue: '31.50',
      taxValue: '0.00',
      value: '31.50',
      listValue: '0.00',
    });
  });
  it('RA01: percent discount on the gross value', () => {
    const l = computeLine({ ...base, priceInfo: [{ condition: 'RA01', value: 10 }] });
    expect([l.discountValue, l.netValue]).toEqual(['3.15', '28.35']);
  });
  it('RB00: absolute discount', () => {
    const l = computeLine({ ...base, priceInfo: [{ condition: 'RB00', value: '5' }] });
    expect([l.discountValue, l.netValue]).toEqual(['5.00', '26.50']);
  });
  it('ZFA1: percent freight on the gross value', () => {
    const l = computeLine({ ...base, priceInfo: [{ condition: 'ZFA1', value: 2 }] });
    expect([l.costValue, l.netValue]).toEqual(['0.63', '32.13']);
  });
  it('ZFB1: absolute freight', () => {
    const l = computeLine({ ...base, priceInfo: [{ condition: 'ZFB1', value: '4.25' }] });
    expect([l.costValue, l.netValue]).toEqual(['4.25', '35.75']);
  });
  it('Z030: miscellaneous extra costs', () => {
    const l = computeLine({ ...base, priceInfo: [{ condition: 'Z030', value: 1.1 }] });
    expect([l.costValue, l.netValue]).toEqual(['1.10', '32.60']);
  });
  it('all conditions combined, with tax (41.515 rounds up to 41.52)', () => {
    const l = computeLine({
      price: 100,
      quantity: 2,
      tax: { key: 'IVA23', value: 23 },
      priceInfo: [
        { condition: 'RA01', value: 10 },
        { condition: 'RB00', value: 5 },
        { condition: 'ZFA1', value: 1.5 },
        { condition: 'ZFB1', value: 2 },
        { condition: 'Z030', value: 0.5 },
        { condition: 'ZZZZ', value: 50 },
      ],
    });
    expect(l).toMatchObject({
      grossValue: '200.00',
      discountValue: '25.00',
      costValue: '5.50',
      netValue: '180.50',
      taxValue: '41.52',
      value: '222.02',
    });
  });
  it('several conditions of the same kind are summed at full precision, then rounded once', () => {
    const l = computeLine({
      price: 100,
      quantity: 2,
      priceInfo: [
        { condition: 'RA01', value: 10 },
        { condition: 'RA01', value: 5 },
        { condition: 'RB00', value: '1.005' },
        { condition: 'RB00', value: '1.005' },
      ],
    });
    // 20 + 10 + 2.01 (rounding each RB00 first would give 2.02)
    expect(l.discountValue).toBe('32.01');
    expect(l.netValue).toBe('167.99');
  });
  it('unknown conditions and empty condition values are ignored', () => {
    const l = computeLine({
      ...base,
      priceInfo: [
        { condition: 'XX01', value: 99 },
        { condition: 'RB00', value: null },
        { condition: 'RA01' },
      ],
    });
    expect(l.netValue).toBe('31.50');
  });
  it('tax value is net × tax %', () => {
    const l = computeLine({ ...base, tax: { key: 'IVA23', value: '23' } });
    expect([l.taxValue, l.value]).toEqual(['7.25', '38.75']); // 7.245 → 7.25
    expect(computeLine({ ...base, tax: { key: 'ISENTO', value: 0 } }).value).toBe('31.50');
    expect(computeLine({ ...base, tax: null }).taxValue).toBe('0.00');
  });
  it('each value derives from the rounded values before it', () => {
    // gross 2.345 → 2.35; tax 10 % of 2.35 = 0.235 → 0.24 (from the unrounded gross it would be 0.23)
    const l = computeLine({ price: '2.345', quantity: 1, tax: { value: 10 } });
    expect([l.grossValue, l.taxValue, l.value]).toEqual(['2.35', '0.24', '2.59']);
    // discount 50 % of the rounded gross 0.01 is 0.005 → 0.01
    const d = computeLine({ price: '0.005', quantity: 1, priceInfo: [{ condition: 'RA01', value: 50 }] });
    expect([d.grossValue, d.discountValue, d.netValue]).toEqual(['0.01', '0.01', '0.00']);
  });
  it('quantity and price are rounded before computing', () => {
    // 0.0004 × 100 = 0.04, but the quantity rounds to 0.000 first
    expect(computeLine({ price: 100, quantity: '0.0004' }).grossValue).toBe('0.00');
    // 0.000004 × 10000 = 0.04, but the price rounds to 0.00000 first
    expect(computeLine({ price: '0.000004', quantity: 10000 }).grossValue).toBe('0.00');
    expect(computeLine({ price: '0.333335', quantity: '2.9995' })).toMatchObject({
      quantity: '3.000',
      price: '0.33334',
      grossValue: '1.00',
    });
  });
  it('a line without conditions or list price prices as the full computation does (its shortcut)', () => {
    const amount = fc
      .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
      .map(([n, d]) => (n / 10 ** d).toFixed(d));
    fc.assert(
      fc.property(amount, amount, amount, fc.boolean(), (price, quantity, rate, upfrontPayment) => {
        const line = { price, quantity, upfrontPayment, tax: { value: rate } };
        // an ignored condition and a zero list price take the long way to the same values
        const full = computeLine({ ...line, priceInfo: [{ condition: 'XX01', value: 1 }], listPrice: '0' });
        expect(computeLine(line)).toEqual(full);
        expect(computeLine({ ...line, priceInfo: [], listPrice: '' })).toEqual(full);
      }),
    );
  });
  it('list value is listPrice × quantity', () => {
    expect(computeLine({ ...base, listPrice: '12.345' }).listValue).toBe('37.04'); // 37.035
  });
  it('upfront-payment lines have negative prices, rounding away from zero', () => {
    const l = computeLine({ price: 100, quantity: 1, upfrontPayment: true, tax: { value: 23 } });
    expect(l).toMatchObject({
      price: '-100.00000',
      grossValue: '-100.00',
      taxValue: '-23.00',
      value: '-123.00',
    });
    expect(computeLine({ price: -100, quantity: 1, upfrontPayment: true }).price).toBe('-100.00000');
    const h = computeLine({ price: '2.345', quantity: 1, upfrontPayment: true, tax: { value: 10 } });
    expect([h.grossValue, h.taxValue, h.value]).toEqual(['-2.35', '-0.24', '-2.59']);
    expect(computeLine({ price: 0, quantity: 1, upfrontPayment: true }).price).toBe('0.00000');
  });
});

describe('document totals', () => {
  const lines: PricedLine[] = [
    { price: '10.5', quantity: 3, tax: { value: 23 }, listPrice: 11 },
    { price: '0.1', quantity: 1, tax: { value: 6 }, priceInfo: [{ condition: 'ZFB1', value: 0.2 }] },
    { price: 50, quantity: 1, upfrontPayment: true },
  ];
  it('header totals are the sums of the rounded line values', () => {
    const { lines: values, totals } = computeDocument({ _state: { current: 'created' }, lines });
    expect(values.map((l) => l.value)).toEqual(['38.75', '0.32', '-50.00']);
    expect(totals).toEqual({
      grossValue: '-18.40',
      discountValue: '0.00',
      costValue: '0.20',
      netValue: '-18.20',
      taxValue: '7.27',
      value: '-10.93',
      listValue: '33.00',
    });
  });
  it('a deleted document has every value zero, lines and header', () => {
    const { lines: values, totals } = computeDocument({ _state: { current: 'deleted' }, lines });
    for (const l of values) for (const f of VALUE_FIELDS) expect(l[f]).toBe('0.00');
    for (const f of VALUE_FIELDS) expect(totals[f]).toBe('0.00');
    expect(values[0]?.quantity).toBe('3.000');
  });
  it('a document without lines has zero totals', () => {
    expect(computeDocument({}).totals.value).toBe('0.00');
  });
  it('converts to the company currency at the exchange rate', () => {
    expect(toCompanyCurrency('100.00', '1.23456')).toBe('123.46');
    expect(toCompanyCurrency('-10.125', 2)).toBe('-20.25');
    expect(toCompanyCurrency('0.5', '0.01')).toBe('0.01'); // 0.005 → 0.01
    expect(toCompanyCurrency('10.005')).toBe('10.01');
    expect(toCompanyCurrency(100, null)).toBe('100.00');
    expect(toCompanyCurrency(100, '')).toBe('100.00');
  });
});

describe('supplier view of tax groups', () => {
  const line = { netValue: '100.00', taxValue: '23.00', value: '123.00' };
  it('no-tax shows the net value', () => {
    expect(supplierLineView(line, 'no-tax')).toEqual({ displayValue: '100.00' });
  });
  it('non-deductible shows the value', () => {
    expect(supplierLineView(line, 'non-deductible')).toEqual({ displayValue: '123.00' });
  });
  it('deductible-intra shows the net value and warns on the tax value', () => {
    expect(supplierLineView(line, 'deductible-intra')).toEqual({
      displayValue: '100.00',
      taxWarning: 'Valor não presente na fatura',
    });
    expect(TAX_NOT_IN_INVOICE_WARNING).toBe('Valor não presente na fatura');
  });
  it('ordinary deductible and unknown groups show the net value without a warning', () => {
    expect(supplierLineView(line, 'deductible')).toEqual({ displayValue: '100.00' });
    expect(supplierLineView(line, undefined)).toEqual({ displayValue: '100.00' });
    expect(supplierLineView({ netValue: 5.5, value: 6 }, 'other')).toEqual({ displayValue: '5.50' });
  });
});

describe('numeric input', () => {
  it('strips everything but digits, dot, comma and minus, then comma becomes dot', () => {
    expect(normalizeNumericInput('1234,50 €')).toBe('1234.50');
    expect(normalizeNumericInput('EUR -12,5')).toBe('-12.5');
    expect(normalizeNumericInput('1 000')).toBe('1000');
    expect(normalizeNumericInput('abc')).toBe('');
  });
  it("does not guess thousands separators: '1.234,50' becomes '1.234.50', which is not a number", () => {
    expect(normalizeNumericInput('1.234,50')).toBe('1.234.50');
    expect(parseNumericInput('1.234,50')).toBeNull();
    expect(normalizeNumericInput('1,234.50')).toBe('1.234.50');
    expect(parseNumericInput('1,234.50')).toBeNull();
  });
  it('parses what is left into a canonical decimal, or null', () => {
    expect(parseNumericInput('12,5 kg')).toBe('12.5');
    expect(parseNumericInput('007,50')).toBe('7.5');
    expect(parseNumericInput('-0,0')).toBe('0');
    expect(parseNumericInput(',5')).toBe('0.5');
    expect(parseNumericInput('')).toBeNull();
    expect(parseNumericInput('-')).toBeNull();
    expect(parseNumericInput('1-2')).toBeNull();
  });
  it('quantity typed with a comma rounds to 3 decimals', () => {
    expect(roundQuantity(parseNumericInput('2,34567') ?? '')).toBe('2.346');
  });
});

describe('order delivery lock', () => {
  const open = { subtype: 'P009', listValue: '499.99', exchangeRate: 1, consumed: false };
  it('is editable only for P009 under 500 in the company currency with nothing consumed', () => {
    expect(DELIVERY_LOCK_THRESHOLD).toBe(500);
    expect(isDeliveryLockEditable(open)).toBe(true);
    expect(isDeliveryLockEditable({ ...open, subtype: 'P001' })).toBe(false);
    expect(isDeliveryLockEditable({ ...open, listValue: 500 })).toBe(false);
    expect(isDeliveryLockEditable({ ...open, consumed: true })).toBe(false);
  });
  it('converts the list value at the exchange rate', () => {
    expect(isDeliveryLockEditable({ ...open, listValue: 400, exchangeRate: '1.2' })).toBe(true);
    expect(isDeliveryLockEditable({ ...open, listValue: 400, exchangeRate: '1.25' })).toBe(false);
    expect(isDeliveryLockEditable({ ...open, listValue: 1000, exchangeRate: '0.4999' })).toBe(true);
    expect(isDeliveryLockEditable({ ...open, listValue: 600, exchangeRate: null })).toBe(false);
    // 499.995 rounds to 500.00 in the company currency
    expect(isDeliveryLockEditable({ ...open, listValue: '499.995' })).toBe(false);
  });
  it('reads consumed amounts: zero is nothing consumed', () => {
    expect(isDeliveryLockEditable({ ...open, consumed: '0' })).toBe(true);
    expect(isDeliveryLockEditable({ ...open, consumed: null })).toBe(true);
    expect(isDeliveryLockEditable({ ...open, consumed: 2 })).toBe(false);
  });
});

// ---------------------------------------------------------------- properties

/** Decimal strings with up to `maxDecimals` decimals, and plain JS numbers such as 0.1. */
const amount = (maxDecimals: number, maxInt = 1_000_000_000): fc.Arbitrary<string | number> =>
  fc.oneof(
    fc
      .tuple(fc.integer({ min: -maxInt, max: maxInt }), fc.integer({ min: 0, max: maxDecimals }))
      .map(([n, d]) => new Dec(n).dividedBy(new Dec(10).pow(d)).toFixed()),
    fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0.1, 0.2, 0.3, 0.7, 1.005, 2.675, -0.005),
  );

const lineArb: fc.Arbitrary<PricedLine> = fc.record(
  {
    quantity: amount(4, 100_000),
    price: amount(6, 1_000_000),
    listPrice: amount(6, 1_000_000),
    upfrontPayment: fc.boolean(),
    tax: fc.record({ value: fc.constantFrom(0, 6, 13, 23, '23', 21.5) }),
    priceInfo: fc.array(
      fc.record({
        condition: fc.constantFrom('RA01', 'RB00', 'ZFA1', 'ZFB1', 'Z030', 'XXXX'),
        value: amount(3, 1000),
      }),
      { maxLength: 6 },
    ),
  },
  { requiredKeys: ['quantity', 'price'] },
);

const sum = (xs: string[]): string => xs.reduce((a, x) => a.plus(x), new Dec(0)).toFixed(2);

describe('money properties', () => {
  it('header totals equal the exact sum of the line values', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (lines) => {
        const { lines: values, totals } = computeDocument({ lines });
        for (const f of VALUE_FIELDS) expect(totals[f]).toBe(sum(values.map((l) => l[f])));
      }),
    );
  });
  it('value == netValue + taxValue and netValue == gross − discount + cost, exactly', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const l = computeLine(line);
        expect(new Dec(l.netValue).plus(l.taxValue).equals(l.value)).toBe(true);
        expect(new Dec(l.grossValue).minus(l.discountValue).plus(l.costValue).equals(l.netValue)).toBe(true);
      }),
    );
  });
  it('every value is a string with exactly 2 decimals, never negative zero', () => {
    fc.assert(
      fc.property(lineArb, fc.boolean(), (line, deleted) => {
        const l = computeLine(line, { deleted });
        for (const f of VALUE_FIELDS) {
          expect(l[f]).toMatch(TWO_DECIMALS);
          expect(l[f]).not.toBe('-0.00');
        }
        expect(l.quantity).toMatch(/^-?\d+\.\d{3}$/);
        expect(l.price).toMatch(/^-?\d+\.\d{5}$/);
      }),
    );
  });
  it('sums 2-decimal value strings as the decimal sum, whatever mix of forms the lines hold', () => {
    const amount = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
    const form = fc.constantFrom('fixed', 'number', 'short');
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, form), { maxLength: 40 }), (values) => {
        const lines = values.map(([c, f]) => ({
          value:
            f === 'number' ? c / 100 : f === 'short' ? String(c / 100) : new Dec(c).dividedBy(100).toFixed(2),
        }));
        const expected = values.reduce((acc, [c]) => acc.plus(new Dec(c).dividedBy(100)), new Dec(0));
        expect(sumLineValues(lines).value).toBe(fixed(expected, 2));
      }),
    );
    expect(sumLineValues([{ value: '-0.50' }, { value: '0.50' }]).value).toBe('0.00');
    expect(sumLineValues([{ value: '-0.05' }]).value).toBe('-0.05');
  });

  it('no floating-point drift: summing cents given as JS numbers is exact', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 30 }), (cents) => {
        const lines = cents.map((c) => ({ value: c / 100 }));
        const totalCents = cents.reduce((a, c) => a + BigInt(c), 0n);
        const sign = totalCents < 0n ? '-' : '';
        const abs = totalCents < 0n ? -totalCents : totalCents;
        const expected = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        expect(sumLineValues(lines).value).toBe(expected);
      }),
    );
    expect(sumLineValues([{ value: 0.1 }, { value: 0.2 }]).value).toBe('0.30');
    expect(computeLine({ price: 0.1, quantity: 3 }).grossValue).toBe('0.30');
    const l = computeLine({
      price: 1,
      quantity: 1,
      priceInfo: [
        { condition: 'RB00', value: 0.1 },
        { condition: 'RB00', value: 0.2 },
      ],
    });
    expect(l.discountValue).toBe('0.30');
    expect(l.netValue).toBe('0.70');
  });
  it('rounding is idempotent', () => {
    fc.assert(
      fc.property(amount(8), (x) => {
        expect(roundValue(roundValue(x))).toBe(roundValue(x));
        expect(roundQuantity(roundQuantity(x))).toBe(roundQuantity(x));
        expect(roundPrice(roundPrice(x))).toBe(roundPrice(x));
      }),
    );
  });
  it('recomputing a line from its own rounded quantity and price gives the same values', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const l = computeLine(line);
        expect(computeLine({ ...line, quantity: l.quantity, price: l.price })).toEqual(l);
      }),
    );
  });
  it('company currency at rate 1 is the rounded value', () => {
    fc.assert(
      fc.property(amount(4), (x) => {
        expect(toCompanyCurrency(x)).toBe(roundValue(x));
      }),
    );
  });
});
