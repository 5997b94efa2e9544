/**
 * The decisions of a running approval: a vote (the parent's approve / reject by an assigned
 * approver and approval-approve / approval-reject on the approval document are this one function),
 * a request for an opinion and the opinion. Each answers the new progress and the record of the
 * timeline entry, or a refusal with its reason; nothing here reads a clock or a database.
 */
import type {
  ApprovalConsultation,
  ApprovalLevel,
  ApprovalOpinion,
  ApprovalRecord,
  NamedRef,
} from '../api/contract.ts';
import type { ApprovalDecisionKind } from './constants.ts';

export interface ApprovalProgress {
  levels: ReadonlyArray<ApprovalLevel>;
  /** the level deciding now; levels.length once the approval is decided */
  current: number;
  consultation: ApprovalConsultation | null;
  opinions: ReadonlyArray<ApprovalOpinion>;
  /** set once the approval is approved or rejected */
  outcome?: 'approved' | 'rejected' | null;
}

export interface ApprovalActor {
  _id: string;
  name: string;
  /** holds the admin-level right to act (admin or manager, seed 000 section 4) */
  manager: boolean;
}

export interface Refusal {
  ok: false;
  code: 'forbidden' | 'conflict' | 'validation';
  key: string;
  message: string;
}

export interface Decided {
  ok: true;
  /** waiting: the level needs more votes; next-level: the next level decides now */
  status: 'waiting' | 'next-level' | 'approved' | 'rejected' | 'consulting' | 'opinion';
  progress: ApprovalProgress;
  record: ApprovalRecord;
}

export const APPROVAL_REFUSALS = {
  ownDocument: 'Nobody approves their own document.',
  notApprover: 'Only the approvers of the current level decide.',
  alreadyDecided: 'You have already decided on this level.',
  commentRequired: 'A comment is required.',
  closed: 'The approval is already decided.',
  consultantDecides: 'A consultant gives an opinion; only the approvers decide.',
  selfConsultation: 'Ask someone else for an opinion.',
  consulting: 'An opinion has already been asked for; wait for it.',
} as const;

const refuse = (code: Refusal['code'], key: string, message: string): Refusal => ({
  ok: false,
  code,
  key,
  message,
});

const ref = (p: { _id: string; name: string }): NamedRef => ({ _id: p._id, name: p.name });

/** The members of a level who have not decided yet. */
export const undecided = (level: ApprovalLevel): NamedRef[] =>
  level.members.filter((m) => !level.decisions.some((d) => d.user._id === m._id)).map(ref);

export const approvedCount = (level: ApprovalLevel): number =>
  level.decisions.filter((d) => d.decision === 'approve').length;

/** The level deciding now, if any. */
export const currentLevel = (p: Pick<ApprovalProgress, 'levels' | 'current'>): ApprovalLevel | undefined =>
  p.levels[p.current];

/** Who the approval waits for: the current level's members (and the consultant asked for an opinion). */
export function assigneesOf(p: ApprovalProgress): NamedRef[] {
  const level = p.outcome ? undefined : currentLevel(p);
  const out = (level?.members ?? []).map(ref);
  if (p.consultation && !out.some((a) => a._id === p.consultation!.consultant._id))
    out.push(ref(p.consultation.consultant));
  return out;
}

/** Who still has to decide for the approval to go on (names for the timeline). */
export const missingOf = (p: ApprovalProgress): NamedRef[] => {
  const level = p.outcome ? undefined : currentLevel(p);
  return level ? undecided(level) : [];
};

function record(
  after: ApprovalProgress,
  votedIndex: number,
  entry: {
    actor: NamedRef;
    onBehalfOf?: NamedRef;
    decision: ApprovalRecord['decision'];
    asManager?: boolean;
  },
  extra: Partial<ApprovalRecord> = {},
): ApprovalRecord {
  const voted = after.levels[votedIndex];
  return {
    decidedBy: entry.actor,
    onBehalfOf: entry.onBehalfOf ?? null,
    decision: entry.decision,
    level: votedIndex + 1,
    missing: missingOf(after).map((m) => m.name),
    required: voted?.required ?? 0,
    approvedCount: voted ? approvedCount(voted) : 0,
    ...(entry.asManager ? { asManager: true } : {}),
    ...extra,
  };
}

export interface VoteInput {
  actor: ApprovalActor;
  decision: ApprovalDecisionKind;
  comment: string;
  /** ISO time of the vote */
  ts: string;
  /** creator and requester of the parent document */
  authors: ReadonlyArray<string>;
  /** seats a level when it becomes current (delegations of that day); default: as planned */
  reseat?: (level: ApprovalLevel) => ApprovalLevel;
}

/**
 * One vote. A member of the current level votes for their seat (on behalf of whoever delegated it);
 * the level is done once `required` members approved, then the next level decides (seated anew) or,
 * after the last, the approval is approved. A reject (with its comment) ends the approval at once:
 * a committee member's no is a veto, the requester fixes the document and submits it again. An
 * admin or manager who is not a member keeps the seed's right to act: the decision is theirs for
 * the whole approval and is recorded `asManager`. An author never decides their own document.
 */
export function castVote(p: ApprovalProgress, vote: VoteInput): Decided | Refusal {
  const { actor } = vote;
  if (vote.authors.includes(actor._id))
    return refuse('forbidden', 'approval.own-document', APPROVAL_REFUSALS.ownDocument);
  const level = p.outcome ? undefined : currentLevel(p);
  if (!level) return refuse('conflict', 'approval.closed', APPROVAL_REFUSALS.closed);
  const comment = vote.comment.trim();
  if (vote.decision === 'reject' && !comment)
    return refuse('validation', 'workflow.comment-required', APPROVAL_REFUSALS.commentRequired);
  const seat = level.members.find((m) => m._id === actor._id);
  if (!seat && !actor.manager) {
    const consultant = p.consultation?.consultant._id === actor._id;
    return consultant
      ? refuse('conflict', 'approval.consultant', APPROVAL_REFUSALS.consultantDecides)
      : refuse('forbidden', 'approval.not-approver', APPROVAL_REFUSALS.notApprover);
  }
  if (seat && level.decisions.some((d) => d.user._id === actor._id))
    return refuse('conflict', 'approval.already-decided', APPROVAL_REFUSALS.alreadyDecided);
  const asManager = !seat;
  const decision = {
    user: ref(actor),
    ...(seat?.onBehalfOf ? { onBehalfOf: seat.onBehalfOf } : {}),
    decision: vote.decision,
    ts: vote.ts,
    comment,
    ...(asManager ? { asManager: true } : {}),
  };
  const levels = p.levels.map((l, i) =>
    i === p.current ? { ...l, decisions: [...l.decisions, decision] } : l,
  );
  const voted = levels[p.current]!;
  const entry = {
    actor: ref(actor),
    ...(seat?.onBehalfOf ? { onBehalfOf: seat.onBehalfOf } : {}),
    decision: vote.decision,
    asManager,
  };
  // a decision ends a pending consultation: its question is answered by the vote
  const base = { ...p, levels, consultation: null };
  if (vote.decision === 'reject') {
    const after: ApprovalProgress = { ...base, outcome: 'rejected' };
    return { ok: true, status: 'rejected', progress: after, record: record(after, p.current, entry) };
  }
  if (!asManager && approvedCount(voted) < voted.required) {
    const after: ApprovalProgress = { ...base, consultation: p.consultation };
    return { ok: true, status: 'waiting', progress: after, record: record(after, p.current, entry) };
  }
  const next = asManager ? levels.length : p.current + 1;
  if (next >= levels.length) {
    const after: ApprovalProgress = { ...base, current: levels.length, outcome: 'approved' };
    return { ok: true, status: 'approved', progress: after, record: record(after, p.current, entry) };
  }
  const reseated = levels.map((l, i) => (i === next && vote.reseat ? vote.reseat(l) : l));
  const after: ApprovalProgress = { ...base, levels: reseated, current: next };
  return { ok: true, status: 'next-level', progress: after, record: record(after, p.current, entry) };
}

/** An approver of the current level (or a manager) asks `consultant` for an opinion. */
export function requestOpinion(
  p: ApprovalProgress,
  input: { actor: ApprovalActor; consultant: NamedRef; ts: string; authors: ReadonlyArray<string> },
): Decided | Refusal {
  const { actor } = input;
  if (input.authors.includes(actor._id))
    return refuse('forbidden', 'approval.own-document', APPROVAL_REFUSALS.ownDocument);
  const level = p.outcome ? undefined : currentLevel(p);
  if (!level) return refuse('conflict', 'approval.closed', APPROVAL_REFUSALS.closed);
  if (!level.members.some((m) => m._id === actor._id) && !actor.manager)
    return refuse('forbidden', 'approval.not-approver', APPROVAL_REFUSALS.notApprover);
  if (input.consultant._id === actor._id)
    return refuse('validation', 'approval.self-consultation', APPROVAL_REFUSALS.selfConsultation);
  if (p.consultation) return refuse('conflict', 'approval.consulting', APPROVAL_REFUSALS.consulting);
  const after: ApprovalProgress = {
    ...p,
    consultation: { consultant: ref(input.consultant), requestedBy: ref(actor), ts: input.ts },
  };
  return {
    ok: true,
    status: 'consulting',
    progress: after,
    record: record(
      after,
      p.current,
      { actor: ref(actor), decision: 'request' },
      { consultant: ref(input.consultant) },
    ),
  };
}

/** The consultant's opinion: recorded, and the approval waits for its approvers again. */
export function giveOpinion(
  p: ApprovalProgress,
  input: { actor: ApprovalActor; comment: string; ts: string },
): Decided | Refusal {
  const asked = p.consultation;
  if (!asked || asked.consultant._id !== input.actor._id)
    return refuse('forbidden', 'approval.not-approver', APPROVAL_REFUSALS.notApprover);
  const opinion: ApprovalOpinion = {
    user: ref(input.actor),
    requestedBy: asked.requestedBy,
    comment: input.comment.trim(),
    ts: input.ts,
  };
  const after: ApprovalProgress = { ...p, consultation: null, opinions: [...p.opinions, opinion] };
  return {
    ok: true,
    status: 'opinion',
    progress: after,
    record: record(after, p.current, { actor: ref(input.actor), decision: 'opinion' }),
  };
}
