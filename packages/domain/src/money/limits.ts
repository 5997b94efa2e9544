/**
 * The largest amounts the database can store. Quantities, prices and values live in numeric columns
 * (apps/server/src/db/migrations/0002-documents.ts): values numeric(18,2), quantities numeric(18,3),
 * prices numeric(18,5). A larger amount is refused here as a field error, before the write, instead
 * of failing in PostgreSQL ('numeric field overflow').
 */
import { Dec, QUANTITY_DECIMALS, PRICE_DECIMALS, VALUE_DECIMALS, roundDec, toDecimal } from './decimal.ts';
import type { Amount } from './decimal.ts';
import { VALUE_FIELDS, type DocumentTotals, type LineValues } from './lines.ts';

/** The total number of digits of every amount column. */
export const AMOUNT_PRECISION = 18;

export type AmountKind = 'quantity' | 'price' | 'value';

const SCALE: Readonly<Record<AmountKind, number>> = {
  quantity: QUANTITY_DECIMALS,
  price: PRICE_DECIMALS,
  value: VALUE_DECIMALS,
};

/** The largest storable amount of each kind, e.g. value '9999999999999999.99'. */
export const MAX_AMOUNT: Readonly<Record<AmountKind, string>> = {
  quantity: maxOf('quantity'),
  price: maxOf('price'),
  value: maxOf('value'),
};

function maxOf(kind: AmountKind): string {
  const scale = SCALE[kind];
  return `${'9'.repeat(AMOUNT_PRECISION - scale)}.${'9'.repeat(scale)}`;
}

const MAX_DEC: Readonly<Record<AmountKind, Dec>> = {
  quantity: new Dec(MAX_AMOUNT.quantity),
  price: new Dec(MAX_AMOUNT.price),
  value: new Dec(MAX_AMOUNT.value),
};

/** A plain decimal text with fewer integer digits than the column holds. */
const safeText = (kind: AmountKind) =>
  new RegExp(`^-?\\d{1,${AMOUNT_PRECISION - SCALE[kind] - 1}}(\\.\\d*)?$`);
const SAFE_TEXT: Readonly<Record<AmountKind, RegExp>> = {
  quantity: safeText('quantity'),
  price: safeText('price'),
  value: safeText('value'),
};

/** Shown in messages with thousands separators: '9,999,999,999,999,999.99'. */
const display = (kind: AmountKind): string => {
  const [int = '', dec = ''] = MAX_AMOUNT[kind].split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
};

/**
 * Whether the amount, rounded to its kind's decimals as it is stored, fits its column. Amounts that
 * are not decimal numbers do not fit (the money rules refuse them with their own message).
 */
export function fitsAmount(amount: Amount | null | undefined, kind: AmountKind): boolean {
  // the usual case without decimal arithmetic (2,000-line saves check 18,000 amounts): fewer
  // integer digits than the column holds cannot overflow, however the decimals round
  const safeDigits = AMOUNT_PRECISION - SCALE[kind] - 1;
  if (typeof amount === 'string' && SAFE_TEXT[kind].test(amount)) return true;
  if (typeof amount === 'number' && Number.isFinite(amount) && Math.abs(amount) < 10 ** safeDigits)
    return true;
  let value: Dec;
  try {
    value = roundDec(toDecimal(amount), SCALE[kind]);
  } catch {
    return false;
  }
  return value.abs().lte(MAX_DEC[kind]);
}

export const amountTooLargeMessage = (label: string, kind: AmountKind): string =>
  `${label} is too large (at most ${display(kind)}).`;

/** The shape of the contract's field error (ApiFieldError); `money` does not import the contract. */
export interface AmountLimitError {
  field: string;
  line?: { pos: number; subpos: number; key: string };
  message: string;
}

/** A priced line: its computed values, and where it sits for the error's line reference. */
export type LimitedLine = Partial<LineValues> & {
  pos?: number;
  subpos?: number;
  item?: unknown;
  key?: unknown;
};

const VALUE_LABELS: Readonly<Record<(typeof VALUE_FIELDS)[number], string>> = {
  grossValue: 'Gross value',
  discountValue: 'Discount value',
  costValue: 'Cost value',
  netValue: 'Net value',
  taxValue: 'Tax value',
  value: 'Value',
  listValue: 'List value',
};

const LINE_KINDS: ReadonlyArray<readonly [keyof LineValues, AmountKind, string]> = [
  ['quantity', 'quantity', 'Quantity'],
  ['price', 'price', 'Price'],
  ...VALUE_FIELDS.map((f) => [f, 'value', VALUE_LABELS[f]] as const),
];

/**
 * Field errors for every line amount and header total of a priced document (computeDocument's
 * answer, lines carrying pos/subpos/item) that would overflow its column; [] when all fit.
 * The line values are checked too: a header total is their sum, and a line's value is stored.
 */
export function amountLimitErrors(priced: {
  lines: ReadonlyArray<LimitedLine>;
  totals: Partial<DocumentTotals>;
}): AmountLimitError[] {
  const errors: AmountLimitError[] = [];
  priced.lines.forEach((line, i) => {
    for (const [field, kind, label] of LINE_KINDS) {
      if (line[field] === undefined || fitsAmount(line[field], kind)) continue;
      const pos = typeof line.pos === 'number' ? line.pos : (i + 1) * 10;
      const subpos = typeof line.subpos === 'number' ? line.subpos : 0;
      const key = String(line.key ?? line.item ?? '');
      errors.push({ field, line: { pos, subpos, key }, message: amountTooLargeMessage(label, kind) });
    }
  });
  for (const field of VALUE_FIELDS) {
    const total = priced.totals[field];
    if (total !== undefined && !fitsAmount(total, 'value'))
      errors.push({ field, message: amountTooLargeMessage(VALUE_LABELS[field], 'value') });
  }
  return errors;
}
