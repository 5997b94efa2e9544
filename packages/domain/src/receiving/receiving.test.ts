import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentLike, DocUser, LineLike } from '../documents/types.ts';
import {
  RECEIPT_MESSAGES,
  applyReceipt,
  fullyReceived,
  moveNeedsQuantityCheck,
  openQuantities,
  receiptLineErrors,
  receivedDirection,
  receivingAction,
  receptionStatusIcon,
} from './index.ts';

const orderLines: LineLike[] = [
  { pos: 10, subpos: 0, item: 'MAT-1', quantity: '10', unit: 'UN' },
  { pos: 20, subpos: 0, item: 'MAT-2', quantity: '2.5', _cq: '1.000' },
  { pos: 30, subpos: 0, item: 'VAT', type: 'tax', quantity: '1' },
];

const user = (role: string, extra: Partial<DocUser> = {}): DocUser => ({
  _id: `u-${role}`,
  role: { key: role },
  roles: [{ key: role }],
  ...extra,
});
const order = (state: string, supplier = 's1'): DocumentLike => ({
  _state: { current: state },
  supplier: { _id: supplier },
});

describe('open quantities', () => {
  it('are ordered minus received minus what is on its way, per receivable line', () => {
    const open = openQuantities(orderLines, [
      { pos: 10, subpos: 0, quantity: '3' },
      { pos: 10, subpos: 0, quantity: '2.25' },
      { pos: 20, subpos: 0, quantity: '5' },
    ]);
    expect(open.map((l) => [l.pos, l.ordered, l.received, l.open])).toEqual([
      [10, '10.000', '0.000', '4.750'],
      // never below zero, whatever a stale reservation says
      [20, '2.500', '1.000', '0.000'],
    ]);
  });

  it('count a line flagged consumed (_cq true) as received in full', () => {
    const [line] = openQuantities([{ pos: 10, quantity: '4', _cq: true }], []);
    expect(line).toMatchObject({ received: '4.000', open: '0.000' });
  });
});

describe('lines of a dispatch or receipt', () => {
  const open = openQuantities(orderLines, []);
  const errors = (lines: Parameters<typeof receiptLineErrors>[2]) =>
    receiptLineErrors(orderLines, open, lines, 'PO-000001');

  it('accept quantities up to the open quantity, 3 decimals', () => {
    expect(
      errors([
        { pos: 10, quantity: '10' },
        { pos: 20, quantity: 1.5 },
      ]),
    ).toEqual([]);
    expect(errors([{ pos: 10, quantity: '0.125' }])).toEqual([]);
  });

  it('refuse, naming the line: over the open quantity, zero, too many decimals, not a number', () => {
    expect(errors([{ pos: 10, quantity: '10.001', item: 'MAT-1' }])).toEqual([
      {
        field: 'quantity',
        line: { pos: 10, subpos: 0, key: 'MAT-1' },
        message: RECEIPT_MESSAGES.overOpen('10.001', '10.000', '10'),
      },
    ]);
    expect(errors([{ pos: 10, quantity: 0 }])[0]?.message).toBe(RECEIPT_MESSAGES.notPositive);
    expect(errors([{ pos: 10, quantity: '-1' }])[0]?.message).toBe(RECEIPT_MESSAGES.notPositive);
    expect(errors([{ pos: 10, quantity: '1.0005' }])[0]?.message).toBe(RECEIPT_MESSAGES.decimals);
    expect(errors([{ pos: 10, quantity: 'ten' }])[0]?.message).toBe(RECEIPT_MESSAGES.notQuantity);
  });

  it('refuse no lines, unknown and tax lines, and a line twice', () => {
    expect(errors([])).toEqual([{ field: 'lines', message: RECEIPT_MESSAGES.noLines }]);
    expect(errors([{ pos: 40, quantity: 1 }])[0]?.message).toBe(
      RECEIPT_MESSAGES.notOrderLine('40', 'PO-000001'),
    );
    expect(errors([{ pos: 30, quantity: 1 }])[0]?.message).toBe(RECEIPT_MESSAGES.notReceivable('30'));
    expect(
      errors([
        { pos: 10, quantity: 1 },
        { pos: 10, quantity: 1 },
      ]),
    ).toEqual([expect.objectContaining({ field: 'pos', message: RECEIPT_MESSAGES.twice('10') })]);
  });

  it('never let the accepted lines take more than a line has open (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (ordered, received, asked) => {
          const lines = [
            { pos: 10, quantity: (ordered / 1000).toFixed(3), _cq: (received / 1000).toFixed(3) },
          ];
          const ok =
            receiptLineErrors(lines, openQuantities(lines, []), [{ pos: 10, quantity: asked / 1000 }], 'P')
              .length === 0;
          expect(ok).toBe(ordered > 0 && asked <= ordered - Math.min(received, ordered));
        },
      ),
    );
  });
});

describe('receiving and reversing on the order lines', () => {
  it('adds a receipt to _cq and a reversal gives it back, a line untouched stays the same object', () => {
    const received = applyReceipt(orderLines, [{ pos: 10, subpos: 0, quantity: '4' }], 1);
    expect(received[0]?._cq).toBe('4.000');
    expect(received[1]).toBe(orderLines[1]);
    const reversed = applyReceipt(received, [{ pos: 10, subpos: 0, quantity: '4' }], -1);
    expect(reversed[0]).not.toHaveProperty('_cq');
  });

  it('closes the order only when every receivable line is received (tax lines aside)', () => {
    expect(fullyReceived(orderLines)).toBe(false);
    const partial = applyReceipt(orderLines, [{ pos: 10, quantity: '10' }], 1);
    expect(fullyReceived(partial)).toBe(false);
    const all = applyReceipt(partial, [{ pos: 20, quantity: '1.5' }], 1);
    expect(fullyReceived(all)).toBe(true);
    expect(fullyReceived(applyReceipt(all, [{ pos: 20, quantity: '0.001' }], -1))).toBe(false);
    expect(fullyReceived([{ pos: 10, type: 'tax', quantity: '1' }])).toBe(false);
  });

  it('a receipt then its reversal leaves every line as it was (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (q, before) => {
        const lines = [
          { pos: 10, quantity: '100000', ...(before ? { _cq: (before / 1000).toFixed(3) } : {}) },
        ];
        const receipt = [{ pos: 10, quantity: (q / 1000).toFixed(3) }];
        expect(applyReceipt(applyReceipt(lines, receipt, 1), receipt, -1)).toEqual(lines);
      }),
    );
  });
});

describe('reception states', () => {
  it('check quantities when entering a counting state, or leaving one whose lines may have changed', () => {
    expect(moveNeedsQuantityCheck('created', 'erp')).toBe(true);
    expect(moveNeedsQuantityCheck('dispatched', 'erp')).toBe(true);
    expect(moveNeedsQuantityCheck('erp-fail', 'erp')).toBe(true);
    expect(moveNeedsQuantityCheck('erp', 'erp-done')).toBe(false);
    expect(moveNeedsQuantityCheck('erp-done', 'reverse-wait')).toBe(false);
    expect(moveNeedsQuantityCheck('dispatched', 'closed')).toBe(false);
  });

  it('receive on ERP confirmation and give back on an accepted return only', () => {
    expect(receivedDirection('erp', 'erp-done')).toBe(1);
    expect(receivedDirection('erp-done', 'reverse-wait')).toBe(0);
    expect(receivedDirection('reverse-wait', 'reverse-fail')).toBe(0);
    expect(receivedDirection('reverse-wait', 'reversed')).toBe(-1);
    expect(receivedDirection('dispatched', 'erp')).toBe(0);
  });

  it('show the status icons of seed 001 section 4.1', () => {
    expect(receptionStatusIcon('dispatched')).toBe('ship');
    expect(receptionStatusIcon('erp-done')).toBe('receive');
    expect(receptionStatusIcon('reverse-wait')).toBe('reverse-wait');
    expect(receptionStatusIcon('reverse-fail')).toBe('reverse-fail');
    expect(receptionStatusIcon('reversed')).toBe('reverse');
    expect(receptionStatusIcon('nowhere')).toBeNull();
  });
});

describe('what a user may start from an order', () => {
  const supplier = user('supplier-user', { supplier: { _id: 's1' } });
  it('its supplier a dispatch, the receiving staff a receipt, once the order is confirmed', () => {
    expect(receivingAction(order('completed'), supplier)).toBe('dispatch');
    expect(receivingAction(order('completed', 's2'), supplier)).toBeNull();
    expect(receivingAction(order('erp-done'), supplier)).toBeNull();
    expect(receivingAction(order('completed'), user('buyer'))).toBe('receipt');
    expect(receivingAction(order('completed'), user('requester'))).toBe('receipt');
    expect(receivingAction(order('completed'), user('manager'))).toBe('receipt');
    expect(receivingAction(order('completed'), user('auditor'))).toBeNull();
    expect(receivingAction(order('closed'), user('buyer'))).toBeNull();
  });
});
