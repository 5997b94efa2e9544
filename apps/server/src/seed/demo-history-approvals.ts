import {
  approvalFacts,
  planApproval,
  type ApprovalLevel,
  type ApprovalProgress,
  type ApprovalRuleLike,
  type DirectoryPerson,
  type DocumentLike,
} from '@p2p/domain';
import { EXCHANGE_RATES, isoDay } from '../approvals/approval.planner.ts';
import type { ApprovalPlanned } from './demo-history-model.ts';

/**
 * The approval of a history document as the submit would have opened it: the levels the tenant's
 * rules give (planApproval, the function of the submit and the dry run), then the votes of its
 * outcome: every level approved by as many members as it requires, or the first level rejected.
 */

export interface ApprovalInputs {
  rules: ReadonlyMap<string, ApprovalRuleLike[]>;
  people: ReadonlyArray<DirectoryPerson>;
}

/** The levels of `doc` (null when a level has nobody: the submit would have been refused). */
export function historyApprovalProgress(
  inputs: ApprovalInputs,
  model: string,
  doc: DocumentLike,
  authors: string[],
  submittedAt: Date,
  outcome: ApprovalPlanned,
): ApprovalProgress | null {
  const plan = planApproval({
    rules: inputs.rules.get(model) ?? [],
    facts: approvalFacts(doc, { rates: EXCHANGE_RATES }),
    people: inputs.people,
    delegations: [],
    authors,
    today: isoDay(submittedAt),
  });
  if (plan.blocked || plan.levels.some((l) => l.members.length === 0)) return null;
  const ts = (outcome.decidedAt ?? submittedAt).toISOString();
  const vote = (l: ApprovalLevel, decision: 'approve' | 'reject', count: number) =>
    l.members.slice(0, count).map((m) => ({
      user: { _id: m._id, name: m.name },
      decision,
      ts,
      comment: decision === 'reject' ? outcome.comment : '',
    }));
  if (outcome.outcome === 'approved') {
    const levels = plan.levels.map((l) => ({ ...l, decisions: vote(l, 'approve', Math.max(1, l.required)) }));
    return { levels, current: levels.length - 1, consultation: null, opinions: [], outcome: 'approved' };
  }
  if (outcome.outcome === 'rejected') {
    const levels = plan.levels.map((l, i) => (i === 0 ? { ...l, decisions: vote(l, 'reject', 1) } : l));
    return { levels, current: 0, consultation: null, opinions: [], outcome: 'rejected' };
  }
  return { levels: plan.levels, current: 0, consultation: null, opinions: [], outcome: null };
}
