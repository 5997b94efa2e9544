import { computeDocument, parseNumericInput, VALUE_FIELDS, type DocumentTotals, type PricedLine } from '@p2p/domain';
import type { DocumentData } from '../api/documents.ts';

type Line = Record<string, unknown>;

const num = (v: unknown): string => {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '0';
  if (typeof v === 'string') return parseNumericInput(v) ?? '0';
  return '0';
};

/** What computeDocument reads of a line, with half-typed numbers ('1.', '') read as zero. */
function pricedInput(l: Line): PricedLine {
  const tax = l.tax as { key?: string; value?: unknown } | null | undefined;
  const info = Array.isArray(l.priceInfo) ? (l.priceInfo as Array<{ condition: string; value?: unknown }>) : [];
  return {
    quantity: num(l.quantity),
    price: num(l.price),
    listPrice: num(l.listPrice),
    upfrontPayment: Boolean(l.upfrontPayment),
    priceInfo: info.map((p) => ({ condition: p.condition, value: num(p.value) })),
    tax: tax ? { key: tax.key, value: num(tax.value) } : null,
  };
}

export interface Priced {
  lines: Line[];
  totals: DocumentTotals | null;
}

/**
 * Line values and header totals recomputed in the browser with the shared money rules (the server
 * recomputes on save and is authoritative). Only value fields are merged, so typed text stays as typed.
 */
export function priceDocument(doc: DocumentData): Priced {
  const lines = (doc.lines ?? []) as Line[];
  if (!lines.length && !Array.isArray(doc.lines)) return { lines, totals: null };
  try {
    const values = computeDocument({ _state: { current: doc._state?.current ?? null }, lines: lines.map(pricedInput) });
    return {
      lines: lines.map((l, i) => {
        const v = values.lines[i]!;
        const out: Line = { ...l };
        for (const f of VALUE_FIELDS) out[f] = v[f];
        return out;
      }),
      totals: values.totals,
    };
  } catch {
    return { lines, totals: null };
  }
}

const COMPUTED = new Set<string>(VALUE_FIELDS);

/** The body of a save: no computed values (the server computes them), lines kept, the version sent. */
export function saveBody(draft: DocumentData): DocumentData {
  const body: DocumentData = {};
  for (const [k, v] of Object.entries(draft)) if (!COMPUTED.has(k) && k !== '_state' && k !== 'updatedAt') body[k] = v;
  if (Array.isArray(draft.lines)) {
    body.lines = draft.lines.map((l) => Object.fromEntries(Object.entries(l).filter(([k]) => !COMPUTED.has(k) && k !== '_cq')));
  }
  return body;
}

/** A copy to start a new document from (Duplicate). */
export function duplicateOf(doc: DocumentData): DocumentData {
  const { _id: _i, key: _k, _state: _s, _version: _v, updatedAt: _u, ...rest } = doc;
  return { ...rest, lines: (doc.lines ?? []).map(({ _cq: _c, ...l }) => l) };
}
