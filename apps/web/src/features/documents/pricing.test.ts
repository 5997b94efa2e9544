import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { computeLine, VALUE_FIELDS, type LineValues, type PricedLine } from '@p2p/domain';
import { createPricer, priceDocument } from './pricing.ts';
import type { DocumentData } from './api/types.ts';

type Line = Record<string, unknown>;

const amount = (maxInt: number, decimals: number) =>
  fc
    .tuple(fc.boolean(), fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** decimals - 1 }))
    .map(([neg, i, d]) => `${neg && i + d > 0 ? '-' : ''}${i}.${String(d).padStart(decimals, '0')}`);

const quantityArb = fc.oneof(amount(5000, 3), fc.constantFrom('', '1.', '12', 'abc', '0'));
const priceArb = fc.oneof(amount(100_000, 5), fc.constantFrom('', '0', '3.', '9.99999'));
const conditionArb = fc.record({
  condition: fc.constantFrom('RA01', 'RB00', 'ZFA1', 'ZFB1', 'Z030'),
  value: amount(50, 2),
});
const lineArb: fc.Arbitrary<Line> = fc.record({
  quantity: quantityArb,
  price: priceArb,
  listPrice: priceArb,
  upfrontPayment: fc.boolean(),
  priceInfo: fc.array(conditionArb, { maxLength: 3 }),
  tax: fc.option(
    fc.record({ key: fc.constantFrom('V0', 'V1'), value: fc.constantFrom('0', '6', '13', '23') }),
    { nil: null },
  ),
});

/** One editor operation: a cell change (a new line object at that index), an added line, a removed line. */
const editArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('cell' as const),
      at: fc.nat(),
      src: fc.constantFrom('quantity', 'price', 'listPrice', 'tax', 'priceInfo'),
      line: lineArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), line: lineArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('many' as const), lines: fc.array(lineArb, { maxLength: 80 }) }),
  },
);
type Edit = typeof editArb extends fc.Arbitrary<infer E> ? E : never;

/** What the editor does: the priced lines come back with one of them replaced by a new object. */
function apply(lines: Line[], edit: Edit): Line[] {
  switch (edit.kind) {
    case 'cell': {
      if (!lines.length) return lines;
      const i = edit.at % lines.length;
      const next = lines.slice();
      next[i] = { ...next[i], [edit.src]: edit.line[edit.src] };
      return next;
    }
    case 'add':
      return [...lines, edit.line];
    case 'remove':
      return lines.filter((_, i) => i !== edit.at % Math.max(1, lines.length));
    case 'many':
      // more changed lines than the incremental path takes: a full sum of the memoised values
      return lines.map((l, i) =>
        edit.lines.length && i % 2 === 0 ? { ...edit.lines[i % edit.lines.length] } : l,
      );
  }
}

describe('createPricer (incremental pricing)', () => {
  it('equals a full recompute (priceDocument) after any sequence of edits', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 0, maxLength: 150 }),
        fc.array(editArb, { maxLength: 25 }),
        fc.boolean(),
        (start, edits, deleted) => {
          const pricer = createPricer();
          const state = deleted ? { _state: { current: 'deleted' } } : {};
          let doc: DocumentData = { ...state, lines: start };
          let priced = pricer(doc);
          expect(priced).toEqual(priceDocument(doc));
          for (const edit of edits) {
            doc = { ...state, lines: apply(priced.lines, edit) };
            priced = pricer(doc);
            const full = priceDocument(doc);
            expect(priced.totals).toEqual(full.totals);
            expect(priced.lines).toEqual(full.lines);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('computes only the changed line, keeps the other priced lines and adjusts the totals', () => {
    const compute = vi.fn((line: PricedLine, options: { deleted?: boolean }): LineValues =>
      computeLine(line, options),
    );
    const pricer = createPricer(compute);
    const lines: Line[] = Array.from({ length: 2000 }, (_, i) => ({
      pos: (i + 1) * 10,
      quantity: String(1 + (i % 7)),
      price: '12.345',
      tax: { key: 'V1', value: '23' },
    }));
    const first = pricer({ lines });
    expect(compute).toHaveBeenCalledTimes(2000);
    expect(pricer.computed).toBe(2000);

    // the editor replaces line 5 with a new object and hands back the priced lines
    const edited = first.lines.slice();
    edited[5] = { ...edited[5], quantity: '300' };
    compute.mockClear();
    const second = pricer({ lines: edited });
    expect(compute).toHaveBeenCalledTimes(1);
    expect(compute.mock.calls[0]![0].quantity).toBe('300');
    expect(pricer.computed).toBe(2001);
    for (let i = 0; i < 2000; i++) if (i !== 5) expect(second.lines[i]).toBe(first.lines[i]);
    expect(second.lines[5]).not.toBe(first.lines[5]);
    expect(second.totals).toEqual(priceDocument({ lines: edited }).totals);
    for (const f of VALUE_FIELDS)
      expect(second.lines[5]![f]).toBe(
        computeLine({ quantity: '300', price: '12.345', tax: { key: 'V1', value: '23' } })[f],
      );

    // the same lines again: nothing computed, the same result
    compute.mockClear();
    const third = pricer({ lines: second.lines });
    expect(compute).not.toHaveBeenCalled();
    expect(third.totals).toBe(second.totals);
  });

  it('warm() prices ahead in slices; pricing the same document afterwards computes nothing', () => {
    const compute = vi.fn((line: PricedLine, options: { deleted?: boolean }): LineValues =>
      computeLine(line, options),
    );
    const pricer = createPricer(compute);
    const lines: Line[] = Array.from({ length: 500 }, (_, i) => ({
      quantity: String(i % 9),
      price: `${i}.125`,
      priceInfo: [{ condition: 'RA01', value: '2.5' }],
    }));
    const doc = { lines };
    let slices = 1;
    while (!pricer.warm(doc, -1)) slices++; // a deadline already passed: one slice per call
    expect(slices).toBeGreaterThan(1);
    expect(compute).toHaveBeenCalledTimes(500);
    compute.mockClear();
    expect(pricer(doc)).toEqual(priceDocument(doc));
    expect(compute).not.toHaveBeenCalled();
  });

  it('a state change to deleted prices every line again (all values zero)', () => {
    const pricer = createPricer();
    const lines: Line[] = [{ quantity: '2', price: '3' }];
    expect(pricer({ lines }).totals?.value).toBe('6.00');
    expect(pricer({ _state: { current: 'deleted' }, lines }).totals?.value).toBe('0.00');
    expect(pricer({ lines }).totals?.value).toBe('6.00');
  });

  it('odd numbers price like priceDocument', () => {
    const pricer = createPricer();
    const lines: Line[] = [{ quantity: '2', price: '3', tax: { key: 'X', value: '1e999999999' } }];
    expect(pricer({ lines })).toEqual(priceDocument({ lines }));
  });
});
