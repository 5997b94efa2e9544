/**
 * What approval rules read of a document (its facts) and whether a rule's conditions hold for them.
 * The server's submit and the dry run both go through here, so the form's "who will approve" panel
 * and the approval the server opens can never disagree.
 */
import type { ApprovalConditions, ApprovalReason } from '../api/contract.ts';
import { refId } from '../documents/states.ts';
import type { DocumentLike, LineLike } from '../documents/types.ts';
import { Dec } from '../money/decimal.ts';
import { computeDocument, toCompanyCurrency, type PricedLine } from '../money/lines.ts';
import { APPROVAL_COMPANY_CURRENCY, type ApprovalConditionKey } from './constants.ts';

/** The facts of one document, as every condition reads them. */
export interface ApprovalFacts {
  subtype: string | null;
  group: string | null;
  plant: string | null;
  supplier: string | null;
  /** the net value in the company currency; null when the document's currency has no rate */
  amount: string | null;
  /** the document's currency */
  currency: string;
  /** the UNSPSC codes of the lines (resolved from the catalogue where a line carries none) */
  unspsc: string[];
  /** the distinct line types */
  lineTypes: string[];
}

export interface FactOptions {
  /** company currency units per unit of each currency; a document's own exchangeRate wins */
  rates?: Readonly<Record<string, string | number>>;
  /** the UNSPSC code of a line that carries none (the catalogue's code of its item) */
  unspscOf?: (line: LineLike) => string | null | undefined;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;

/**
 * The rate of the document's currency: its own exchangeRate when set, else the rate table, else 1
 * for the company currency; null when none is known (the amount cannot be converted).
 */
function rateOf(doc: DocumentLike, currency: string, rates: FactOptions['rates']): string | number | null {
  const own = doc.exchangeRate;
  if (own !== null && own !== undefined && own !== '') return own;
  if (currency === APPROVAL_COMPANY_CURRENCY) return 1;
  return rates?.[currency] ?? null;
}

/**
 * The facts of a document. The net value is computed from its lines (computeDocument, the pricing
 * every save applies), so a draft that was never saved is judged exactly like the stored document.
 */
export function approvalFacts(doc: DocumentLike, options: FactOptions = {}): ApprovalFacts {
  const lines = doc.lines ?? [];
  const { totals } = computeDocument({ lines: lines as ReadonlyArray<PricedLine> });
  const currency = text(doc.currency) ?? APPROVAL_COMPANY_CURRENCY;
  const rate = rateOf(doc, currency, options.rates);
  const unspsc = new Set<string>();
  const lineTypes = new Set<string>();
  for (const line of lines) {
    const code = text(line.unspsc) ?? text(options.unspscOf?.(line));
    if (code) unspsc.add(code);
    lineTypes.add(text(line.type) ?? 'material');
  }
  return {
    subtype: text(doc.doc?.subtype),
    group: refId(doc.group) ?? null,
    plant: text(doc.plant),
    supplier: refId(doc.supplier) ?? null,
    amount: rate === null ? null : toCompanyCurrency(totals.netValue, rate),
    currency,
    unspsc: [...unspsc].sort(),
    lineTypes: [...lineTypes].sort(),
  };
}

export interface RuleMatch {
  matched: boolean;
  /** each condition that held, with the value that met it (for "which rule put each one there") */
  reasons: ApprovalReason[];
}

const inList = (list: ReadonlyArray<string>, value: string | null) => value !== null && list.includes(value);

/**
 * Whether every condition of a rule holds for the facts. An empty list is no condition. An amount
 * that cannot be converted meets every amount tier: a missing exchange rate must never let a
 * document skip an approval it would need; the reason says so.
 */
export function matchConditions(conditions: ApprovalConditions, facts: ApprovalFacts): RuleMatch {
  const reasons: ApprovalReason[] = [];
  const hold = (condition: ApprovalConditionKey, ok: boolean, value: string) => {
    if (ok) reasons.push({ condition, value });
    return ok;
  };
  const listed = (key: 'subtypes' | 'groups' | 'plants' | 'suppliers', value: string | null) => {
    const list = key === 'suppliers' ? conditions.suppliers?.map((s) => s._id) : conditions[key];
    return !list?.length || hold(key, inList(list, value), value ?? '');
  };
  if (!listed('subtypes', facts.subtype)) return { matched: false, reasons: [] };
  if (!listed('groups', facts.group)) return { matched: false, reasons: [] };
  if (!listed('plants', facts.plant)) return { matched: false, reasons: [] };
  if (!listed('suppliers', facts.supplier)) return { matched: false, reasons: [] };
  const { min, max } = conditions.amount ?? {};
  if (min !== undefined || max !== undefined) {
    const ok =
      facts.amount === null ||
      ((min === undefined || new Dec(facts.amount).gte(min)) &&
        (max === undefined || new Dec(facts.amount).lt(max)));
    if (!hold('amount', ok, facts.amount ?? `? ${facts.currency}`)) return { matched: false, reasons: [] };
  }
  const prefixes = conditions.unspsc ?? [];
  if (prefixes.length) {
    const hit = facts.unspsc.find((code) => prefixes.some((p) => code.startsWith(p)));
    if (!hold('unspsc', hit !== undefined, hit ?? '')) return { matched: false, reasons: [] };
  }
  const types = conditions.lineTypes ?? [];
  if (types.length) {
    const hit = facts.lineTypes.find((t) => types.includes(t));
    if (!hold('lineTypes', hit !== undefined, hit ?? '')) return { matched: false, reasons: [] };
  }
  return { matched: true, reasons };
}

/** Whether any rule reads UNSPSC codes: only then does the server look the lines' items up. */
export const needsUnspsc = (rules: ReadonlyArray<{ conditions: ApprovalConditions; enabled: boolean }>) =>
  rules.some((r) => r.enabled && (r.conditions.unspsc?.length ?? 0) > 0);
