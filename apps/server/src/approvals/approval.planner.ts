import {
  APPROVAL_COMPANY_CURRENCY,
  approvalFacts,
  needsUnspsc,
  planApproval,
  reseatLevel,
  type ApprovalLevel,
  type ApprovalPlan,
  type ApprovalRule,
  type ApprovalRuleLike,
  type DocumentLike,
  type SeatingContext,
} from '@p2p/domain';
import type { Db } from '../db/database.ts';
import type { DocumentRow } from '../documents/document.repository.ts';
import { approvalRepository, type RuleRow } from './approval.repository.ts';

/**
 * Reference rates to the company currency (EUR) for documents that carry no exchangeRate of their
 * own. A document's own exchangeRate always wins; a currency without a rate is judged as if it met
 * every amount tier (approvalFacts), so a missing rate never lets a document skip an approval.
 */
export const EXCHANGE_RATES: Readonly<Record<string, string>> = {
  USD: '0.92',
  GBP: '1.17',
  CHF: '1.05',
};

/** The day a level is assigned, in UTC, as delegations are kept (yyyy-MM-dd). */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Creator and requester of a document: they never approve it. */
export const authorsOf = (row: Pick<DocumentRow, 'created_by' | 'requester_id'>): string[] =>
  [row.created_by, row.requester_id].filter((id): id is string => Boolean(id));

export const ruleAnswer = (r: RuleRow): ApprovalRule => ({
  _id: r.id,
  model: r.model,
  name: r.name,
  priority: r.priority,
  conditions: r.conditions,
  levels: r.levels,
  enabled: r.enabled,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const ruleLike = (r: RuleRow): ApprovalRuleLike => ({
  _id: r.id,
  name: r.name,
  priority: r.priority,
  enabled: r.enabled,
  conditions: r.conditions,
  levels: r.levels,
});

/** The people and the delegations of the day: what seating a level reads. */
async function seatingOf(db: Db, domainId: string, authors: string[], at: Date): Promise<SeatingContext> {
  const repo = approvalRepository(db);
  const today = isoDay(at);
  const people = await repo.people(domainId);
  const delegations = await repo.delegationsOn(domainId, today);
  return { people, delegations, authors, today };
}

/**
 * The approval plan of a document of `model` as the rules decide it now: the one function behind
 * both the submit (the approval it opens) and the dry run (the form's "who will approve" panel).
 */
export async function planDocument(
  db: Db,
  domainId: string,
  model: string,
  doc: DocumentLike,
  authors: string[],
  at: Date = new Date(),
): Promise<ApprovalPlan> {
  const repo = approvalRepository(db);
  const rules = (await repo.rules(domainId, model)).map(ruleLike);
  let unspscOf: ((line: { item?: unknown }) => string | undefined) | undefined;
  if (needsUnspsc(rules)) {
    const items = (doc.lines ?? []).map((l) => l.item).filter((i): i is string => typeof i === 'string');
    const codes = await repo.unspscOf(domainId, items);
    unspscOf = (line) => (typeof line.item === 'string' ? codes.get(line.item) : undefined);
  }
  const facts = approvalFacts(doc, { rates: EXCHANGE_RATES, ...(unspscOf ? { unspscOf } : {}) });
  const plan = planApproval({ rules, facts, ...(await seatingOf(db, domainId, authors, at)) });
  return {
    model,
    amount: facts.amount,
    currency: APPROVAL_COMPANY_CURRENCY,
    documentCurrency: facts.currency,
    ...plan,
  };
}

/** Seats a later level when it becomes current: the delegations of that day. */
export async function reseater(
  db: Db,
  domainId: string,
  authors: string[],
  at: Date = new Date(),
): Promise<(level: ApprovalLevel) => ApprovalLevel> {
  const ctx = await seatingOf(db, domainId, authors, at);
  return (level) => reseatLevel(level, ctx);
}

/** An active internal user of the tenant (a consultant, a substitute), or undefined. */
export async function internalPerson(db: Db, domainId: string, id: string) {
  return (await approvalRepository(db).people(domainId)).find((p) => p._id === id);
}
