/**
 * Quantities of receiving: what is still open on each order line, whether a dispatch or receipt
 * fits it, and the received quantity (`_cq`, the line's consumed quantity of seed 000 section 3)
 * after a receipt or its reversal. Quantities have 3 decimals (seed 000 section 9) and never pass
 * through floating point.
 */
import type { ApiFieldError } from '../api/contract.ts';
import { Dec, MoneyError, QUANTITY_DECIMALS, fixed, toDecimal, type Amount } from '../money/decimal.ts';
import type { LineLike } from '../documents/types.ts';

/** A line's identity across an order and its receptions: a reception line keeps the order line's pos/subpos. */
export const orderLineRef = (line: { pos?: number | null; subpos?: number | null }): string =>
  `${Number(line.pos ?? 0)}/${Number(line.subpos ?? 0)}`;

const amount = (v: unknown): Dec => {
  try {
    return typeof v === 'string' || typeof v === 'number' ? toDecimal(v) : new Dec(0);
  } catch (e) {
    if (e instanceof MoneyError) return new Dec(0);
    throw e;
  }
};
const text = (d: Dec): string => fixed(d, QUANTITY_DECIMALS);

/** Goods can be received on a line that is not a tax line and has a positive quantity. */
export const isReceivableLine = (line: LineLike): boolean =>
  line.type !== 'tax' && amount(line.quantity).greaterThan(0);

/** The received quantity of an order line: its `_cq` (true: all of it, as an ERP may flag it). */
export function receivedOf(line: LineLike): Dec {
  if (line._cq === true) return amount(line.quantity);
  return amount(line._cq);
}

export interface OpenLine {
  pos: number;
  subpos: number;
  item: string | null;
  description: string | null;
  unit: string | null;
  /** the ordered quantity */
  ordered: string;
  /** received on the order (posted receptions not reversed) */
  received: string;
  /** what a new dispatch or receipt may still take: ordered - received - on its way */
  open: string;
}

const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The open quantity of every receivable order line: ordered minus received minus the quantities of
 * the `reserved` reception lines (dispatched, or being posted), never below zero.
 */
export function openQuantities(
  orderLines: ReadonlyArray<LineLike>,
  reserved: ReadonlyArray<LineLike>,
): OpenLine[] {
  const onTheWay = new Map<string, Dec>();
  for (const l of reserved)
    onTheWay.set(orderLineRef(l), (onTheWay.get(orderLineRef(l)) ?? new Dec(0)).plus(amount(l.quantity)));
  return orderLines.filter(isReceivableLine).map((l) => {
    const ordered = amount(l.quantity);
    const received = receivedOf(l);
    const open = Dec.max(0, ordered.minus(received).minus(onTheWay.get(orderLineRef(l)) ?? 0));
    return {
      pos: Number(l.pos ?? 0),
      subpos: Number(l.subpos ?? 0),
      item: textOrNull(l.item),
      description: textOrNull(l.description),
      unit: textOrNull(l.unit),
      ordered: text(ordered),
      received: text(received),
      open: text(open),
    };
  });
}

export interface ReceiptLineInput {
  pos?: number | null;
  subpos?: number | null;
  quantity?: Amount | null;
  item?: string | null;
}

/** The texts of the refusals of a dispatch or receipt line. */
export const RECEIPT_MESSAGES = {
  noLines: 'At least one line must be received.',
  notOrderLine: (pos: string, order: string) => `Line ${pos} is not a line of order ${order}.`,
  notReceivable: (pos: string) => `Line ${pos} cannot be received.`,
  twice: (pos: string) => `Line ${pos} appears twice.`,
  notQuantity: 'The quantity is not a number.',
  notPositive: 'The quantity must be greater than zero.',
  decimals: `The quantity has more than ${QUANTITY_DECIMALS} decimals.`,
  overOpen: (quantity: string, open: string, pos: string) =>
    `The quantity ${quantity} is more than the open quantity ${open} of line ${pos}.`,
} as const;

const shownPos = (l: ReceiptLineInput) =>
  l.subpos ? `${Number(l.pos ?? 0)}.${Number(l.subpos)}` : String(Number(l.pos ?? 0));

/**
 * What is wrong with the lines of a dispatch or receipt against the order's open quantities (each
 * error names its line): every line is a receivable line of the order, once, with a quantity above
 * zero of at most 3 decimals and not above the line's open quantity.
 */
export function receiptLineErrors(
  orderLines: ReadonlyArray<LineLike>,
  open: ReadonlyArray<OpenLine>,
  lines: ReadonlyArray<ReceiptLineInput>,
  orderKey: string,
): ApiFieldError[] {
  if (!lines.length) return [{ field: 'lines', message: RECEIPT_MESSAGES.noLines }];
  const openByRef = new Map(open.map((o) => [orderLineRef(o), o]));
  const items = new Map(orderLines.map((l) => [orderLineRef(l), typeof l.item === 'string' ? l.item : '']));
  const seen = new Set<string>();
  const errors: ApiFieldError[] = [];
  for (const l of lines) {
    const ref = orderLineRef(l);
    const at = {
      // the line's key in a notice is the order line's item
      line: { pos: Number(l.pos ?? 0), subpos: Number(l.subpos ?? 0), key: items.get(ref) ?? l.item ?? '' },
    };
    const fail = (field: string, message: string) => errors.push({ field, ...at, message });
    if (seen.has(ref)) {
      fail('pos', RECEIPT_MESSAGES.twice(shownPos(l)));
      continue;
    }
    seen.add(ref);
    const target = openByRef.get(ref);
    if (!target) {
      if (items.has(ref)) fail('pos', RECEIPT_MESSAGES.notReceivable(shownPos(l)));
      else fail('pos', RECEIPT_MESSAGES.notOrderLine(shownPos(l), orderKey));
      continue;
    }
    let quantity: Dec;
    try {
      quantity = toDecimal(l.quantity ?? '');
    } catch (e) {
      if (!(e instanceof MoneyError)) throw e;
      fail('quantity', RECEIPT_MESSAGES.notQuantity);
      continue;
    }
    if (!quantity.greaterThan(0)) fail('quantity', RECEIPT_MESSAGES.notPositive);
    else if (quantity.decimalPlaces() > QUANTITY_DECIMALS) fail('quantity', RECEIPT_MESSAGES.decimals);
    else if (quantity.greaterThan(target.open))
      fail('quantity', RECEIPT_MESSAGES.overOpen(text(quantity), target.open, shownPos(l)));
  }
  return errors;
}

/**
 * The order lines after a receipt (direction 1: its quantities are added to `_cq`) or its reversal
 * (-1: taken off, never below zero). A line with nothing received has no `_cq`. Lines the receipt
 * does not name are returned as they are (the same objects).
 */
export function applyReceipt<L extends LineLike>(
  orderLines: ReadonlyArray<L>,
  receiptLines: ReadonlyArray<LineLike>,
  direction: 1 | -1,
): L[] {
  const moved = new Map<string, Dec>();
  for (const l of receiptLines)
    moved.set(orderLineRef(l), (moved.get(orderLineRef(l)) ?? new Dec(0)).plus(amount(l.quantity)));
  return orderLines.map((l) => {
    const delta = moved.get(orderLineRef(l));
    if (!delta) return l;
    const next = Dec.max(0, receivedOf(l).plus(delta.times(direction)));
    const { _cq: _previous, ...rest } = l;
    return (next.isZero() ? rest : { ...rest, _cq: text(next) }) as L;
  });
}

/** Every receivable line is received in full (an order without receivable lines never is). */
export function fullyReceived(orderLines: ReadonlyArray<LineLike>): boolean {
  const receivable = orderLines.filter(isReceivableLine);
  return (
    receivable.length > 0 && receivable.every((l) => receivedOf(l).greaterThanOrEqualTo(amount(l.quantity)))
  );
}
