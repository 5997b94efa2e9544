import {
  computeDocument,
  computeLine,
  DELETED_STATE,
  parseNumericInput,
  sumLineValues,
  VALUE_FIELDS,
  type DocumentTotals,
  type LineValues,
  type PricedLine,
} from '@p2p/domain';
import type { DocumentData } from './api/types.ts';

type Line = Record<string, unknown>;

const num = (v: unknown): string => {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '0';
  if (typeof v === 'string') return parseNumericInput(v) ?? '0';
  return '0';
};

/** What computeDocument reads of a line, with half-typed numbers ('1.', '') read as zero. */
function pricedInput(l: Line): PricedLine {
  const tax = l.tax as { key?: string; value?: unknown } | null | undefined;
  const info = Array.isArray(l.priceInfo)
    ? (l.priceInfo as Array<{ condition: string; value?: unknown }>)
    : [];
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
    const values = computeDocument({
      _state: { current: doc._state?.current ?? null },
      lines: lines.map(pricedInput),
    });
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

/** Above this many changed lines a re-pricing sums every line again instead of adjusting the totals. */
const INCREMENTAL_MAX = 64;

const negate = (v: string): string => (v.startsWith('-') ? v.slice(1) : `-${v}`);

export interface Pricer {
  /** Same result as priceDocument(doc), computing only the lines it has not seen (by object identity). */
  (doc: DocumentData): Priced;
  /**
   * Prices doc's lines ahead of time, in slices: returns false when `deadline` (performance.now())
   * passed before the last line, true once every line is priced (the next call with this doc is then
   * cheap). Call again with the same doc to go on.
   */
  warm(doc: DocumentData, deadline: number): boolean;
  /** computeLine calls so far (for tests and profiling) */
  readonly computed: number;
}

/**
 * An incremental priceDocument for a form: line values are memoised by line object identity (a line
 * edited through the editor is a new object, an untouched one keeps its identity), the priced line
 * objects are reused so unchanged rows keep their identity too, and when only a few lines changed
 * since the last call the header totals are the previous totals minus the old and plus the new
 * values of those lines — exact, as every value is a 2-decimal string summed with decimal
 * arithmetic, so the totals stay the sums of the rounded line values.
 */
export function createPricer(
  compute: (line: PricedLine, options: { deleted?: boolean }) => LineValues = computeLine,
): Pricer {
  let deleted: boolean | null = null;
  // input line (or a priced line handed back by the editor) -> its values, and -> its priced line
  let values = new WeakMap<Line, LineValues>();
  let outputs = new WeakMap<Line, Line>();
  let prev: { out: Line[]; vals: LineValues[]; totals: DocumentTotals } | null = null;
  // warm(): the lines being priced ahead, how far, and the totals of the slices done
  let warming: {
    lines: Line[];
    next: number;
    parts: DocumentTotals[];
    totals: DocumentTotals | null;
  } | null = null;
  let computed = 0;

  const setState = (doc: DocumentData): boolean => {
    const isDeleted = doc._state?.current === DELETED_STATE;
    if (isDeleted !== deleted) {
      deleted = isDeleted;
      values = new WeakMap();
      outputs = new WeakMap();
      prev = null;
      warming = null;
    }
    return isDeleted;
  };

  const priceLine = (l: Line, isDeleted: boolean): [Line, LineValues] => {
    let v = values.get(l);
    if (!v) {
      v = compute(pricedInput(l), { deleted: isDeleted });
      computed++;
      values.set(l, v);
    }
    let o = outputs.get(l);
    if (!o) {
      o = { ...l };
      for (const f of VALUE_FIELDS) o[f] = v[f];
      outputs.set(l, o);
      // the editor hands priced lines back: they price (and show) the same
      values.set(o, v);
      outputs.set(o, o);
    }
    return [o, v];
  };

  const price = (doc: DocumentData): Priced => {
    const lines = (doc.lines ?? []) as Line[];
    if (!lines.length && !Array.isArray(doc.lines)) return { lines, totals: null };
    const isDeleted = setState(doc);
    try {
      const n = lines.length;
      const out = new Array<Line>(n);
      const vals = new Array<LineValues>(n);
      for (let i = 0; i < n; i++) [out[i], vals[i]] = priceLine(lines[i]!, isDeleted);
      let totals: DocumentTotals | null = null;
      if (prev && prev.out.length === n) {
        const delta: Array<Partial<DocumentTotals>> = [];
        for (let i = 0; i < n && delta.length <= 2 * INCREMENTAL_MAX; i++) {
          if (out[i] === prev.out[i]) continue;
          const before = prev.vals[i]!;
          const after = vals[i]!;
          delta.push(after, Object.fromEntries(VALUE_FIELDS.map((f) => [f, negate(before[f])])));
        }
        if (delta.length <= 2 * INCREMENTAL_MAX)
          totals = delta.length ? sumLineValues([prev.totals, ...delta]) : prev.totals;
      } else if (warming?.totals && warming.lines === lines) {
        totals = warming.totals;
      }
      totals ??= sumLineValues(vals);
      prev = { out, vals, totals };
      warming = null;
      return { lines: out, totals };
    } catch {
      prev = null;
      warming = null;
      return { lines, totals: null };
    }
  };

  const warm = (doc: DocumentData, deadline: number): boolean => {
    const lines = Array.isArray(doc.lines) ? (doc.lines as Line[]) : [];
    const isDeleted = setState(doc);
    if (warming?.lines !== lines) warming = { lines, next: 0, parts: [], totals: null };
    const w = warming;
    try {
      while (w.next < lines.length) {
        const end = Math.min(lines.length, w.next + 50);
        const slice: LineValues[] = [];
        for (let i = w.next; i < end; i++) slice.push(priceLine(lines[i]!, isDeleted)[1]);
        w.parts.push(sumLineValues(slice));
        w.next = end;
        if (w.next < lines.length && performance.now() >= deadline) return false;
      }
      w.totals ??= sumLineValues(w.parts);
    } catch {
      // priceDocument reports it (no totals)
      warming = null;
    }
    return true;
  };

  Object.defineProperty(price, 'computed', { get: () => computed });
  return Object.assign(price, { warm }) as Pricer;
}

const COMPUTED = new Set<string>(VALUE_FIELDS);

/** The body of a save: no computed values (the server computes them), lines kept, the version sent. */
export function saveBody(draft: DocumentData): DocumentData {
  const body: DocumentData = {};
  for (const [k, v] of Object.entries(draft))
    if (!COMPUTED.has(k) && k !== '_state' && k !== 'updatedAt') body[k] = v;
  if (Array.isArray(draft.lines)) {
    body.lines = draft.lines.map((l) =>
      Object.fromEntries(Object.entries(l).filter(([k]) => !COMPUTED.has(k) && k !== '_cq')),
    );
  }
  return body;
}
