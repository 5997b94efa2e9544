import {
  computeDocument,
  MoneyError,
  VALUE_FIELDS,
  type ApiFieldError,
  type DocumentTotals,
} from '@p2p/domain';
import { AppError, fieldErrors } from '../lib/app-error.ts';
import type { ModelConfig } from './model-config.ts';
import { TAX_CODES } from './purchasing-config.ts';

/**
 * Document rules of seed 000 section 4 that the server enforces. They are pure; they belong in
 * packages/domain (workflow) once that package grows a documents module.
 */

/** A 10-digit key means the document is synced to the ERP. */
export const isErpKey = (key: string | null | undefined): boolean => /^\d{10}$/.test(key ?? '');

export const DELETABLE_STATES = ['created', 'updated', 'rejected', 'erp-fail'] as const;
/** Edit is hidden in these states (plus 'deleted'). */
export const NON_EDITABLE_STATES = [
  'completed',
  'closed',
  'archived',
  'erp-done',
  'approved',
  'rfq',
  'deleted',
];

export interface RuleRow {
  state: string;
  key: string | null;
  subtype: string | null;
}

export function assertDeletable(
  model: ModelConfig,
  row: RuleRow,
  lines: Array<Record<string, unknown>>,
): void {
  if (!(DELETABLE_STATES as readonly string[]).includes(row.state) || isErpKey(row.key)) {
    throw new AppError(
      'conflict',
      'Only documents in state created, updated, rejected or erp-fail that are not in the ERP (no 10-digit key) can be deleted.',
      { key: 'document.not-deletable' },
    );
  }
  if (model.permissions.deleteRequiresNoConsumption && lines.some((l) => consumed(l._cq))) {
    throw new AppError('conflict', 'A document with consumed lines cannot be deleted.', {
      key: 'document.consumed',
    });
  }
}

const consumed = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== false && v !== 0 && v !== '0' && v !== '';

export function assertEditable(model: ModelConfig, row: RuleRow): void {
  const locked = NON_EDITABLE_STATES.includes(row.state) || model.readonly.includes(row.state);
  // Keyed requisitions are read-only, except R002 in rfq-rejected or updated.
  const keyedRequisition =
    model.name === 'requisition' &&
    isErpKey(row.key) &&
    !(row.subtype === 'R002' && ['rfq-rejected', 'updated'].includes(row.state));
  if (locked || keyedRequisition) {
    throw new AppError('conflict', `The document cannot be edited in state '${row.state}'.`, {
      key: 'document.read-only',
    });
  }
}

export interface PricedLines {
  lines: Array<Record<string, unknown> & { pos: number; subpos: number }>;
  totals: DocumentTotals;
}

const VALUE_KEYS = new Set<string>(VALUE_FIELDS);

/**
 * Prices the lines with computeDocument: value fields sent by the client are dropped, a known tax
 * key takes the configured rate, positions default to 10, 20, ...; duplicates and bad amounts are
 * field errors carrying the line.
 */
export function priceLines(input: Array<Record<string, unknown>>, state: string): PricedLines {
  const errors: ApiFieldError[] = [];
  const seen = new Set<string>();
  const cleaned = input.map((raw, i) => {
    const line = Object.fromEntries(Object.entries(raw).filter(([k]) => !VALUE_KEYS.has(k)));
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
    return { ...line, pos, subpos };
  });
  if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors);
  try {
    const { lines, totals } = computeDocument({
      _state: { current: state },
      lines: cleaned as Parameters<typeof computeDocument>[0]['lines'],
    });
    return { lines: cleaned.map((l, i) => ({ ...l, ...lines[i] })), totals };
  } catch (err) {
    if (err instanceof MoneyError) throw fieldErrors(err.message, [{ field: 'lines', message: err.message }]);
    throw err;
  }
}
