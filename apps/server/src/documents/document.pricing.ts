import {
  amountLimitErrors,
  computeDocument,
  MoneyError,
  parseNumericInput,
  VALUE_FIELDS,
  type ApiFieldError,
  type DocumentTotals,
} from '@p2p/domain';
import { fieldErrors, refuseFieldErrors } from '../lib/app-error.ts';
import type { LineWrite } from './document-lines.repository.ts';
import { TAX_CODES } from './purchasing-config.ts';

/** Line pricing of every save: the server computes every value, whatever the client sent. */

export interface PricedLines {
  lines: Array<Record<string, unknown> & { pos: number; subpos: number }>;
  totals: DocumentTotals;
}

const VALUE_KEYS = new Set<string>(VALUE_FIELDS);
/** The amounts of a line a person types (the value fields are computed, never read). */
const TYPED_AMOUNTS = ['quantity', 'price', 'listPrice', 'upfrontPayment'] as const;
/** Text that reads as a number after normalising; anything else is left for the money rules to refuse. */
const numericText = (text: string): string => parseNumericInput(text) ?? text;

/**
 * Prices the lines with computeDocument: value fields sent by the client are dropped, a known tax
 * key takes the configured rate, positions default to 10, 20, ...; duplicates and bad amounts are
 * field errors carrying the line.
 */
export function priceLines(input: Array<Record<string, unknown>>, state: string): PricedLines {
  const errors: ApiFieldError[] = [];
  const seen = new Set<string>();
  const cleaned = input.map((raw, i) => {
    // a copy without the value fields (a loop: entries arrays of 2,000 lines are garbage to collect)
    const line: Record<string, unknown> = {};
    for (const k in raw) if (Object.hasOwn(raw, k) && !VALUE_KEYS.has(k)) line[k] = raw[k];
    // typed amounts keep only digits, dot, comma and minus (seed 000 section 5): '10 un' is 10
    for (const k of TYPED_AMOUNTS) if (typeof line[k] === 'string') line[k] = numericText(line[k]);
    if (Array.isArray(line.priceInfo))
      line.priceInfo = line.priceInfo.map((c: unknown) =>
        c && typeof c === 'object' && typeof (c as { value?: unknown }).value === 'string'
          ? { ...c, value: numericText((c as { value: string }).value) }
          : c,
      );
    const pos = typeof raw.pos === 'number' ? raw.pos : (i + 1) * 10;
    const subpos = typeof raw.subpos === 'number' ? raw.subpos : 0;
    const at = { pos, subpos, key: typeof raw.item === 'string' ? raw.item : '' };
    if (seen.has(`${pos}/${subpos}`))
      errors.push({ field: 'pos', line: at, message: `Line ${pos}/${subpos} appears twice.` });
    seen.add(`${pos}/${subpos}`);
    const tax = raw.tax as { key?: string; value?: unknown } | null | undefined;
    if (tax && tax.key) {
      const code = TAX_CODES.find((t) => t.key === tax.key);
      if (!code) errors.push({ field: 'tax', line: at, message: `Unknown tax code '${tax.key}'.` });
      else line.tax = { key: code.key, value: code.value, group: code.group };
    }
    return Object.assign(line, { pos, subpos });
  });
  if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors);
  try {
    const { lines, totals } = computeDocument({
      _state: { current: state },
      lines: cleaned as Parameters<typeof computeDocument>[0]['lines'],
    });
    const priced = { lines: cleaned.map((l, i) => Object.assign(l, lines[i])), totals };
    // an amount past its numeric column is refused as a field error, never a database error
    refuseFieldErrors(amountLimitErrors(priced), 'document.invalid');
    return priced;
  } catch (err) {
    if (err instanceof MoneyError) throw fieldErrors(err.message, [{ field: 'lines', message: err.message }]);
    throw err;
  }
}

/** The rows of document_lines for priced lines. */
export const lineWrites = (lines: PricedLines['lines']): LineWrite[] =>
  lines.map((l) => ({
    pos: l.pos,
    subpos: l.subpos,
    data: l,
    quantity: String(l.quantity),
    price: String(l.price),
    value: String(l.value),
  }));
