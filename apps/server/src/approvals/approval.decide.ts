import {
  APPROVAL_DOCUMENT_STATES,
  castVote,
  currentLevel,
  giveOpinion,
  isAdminLevel,
  requestOpinion,
  type ApprovalProgress,
  type ApprovalRecord,
  type Decided,
  type NamedRef,
  type Refusal,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentRow } from '../documents/document.repository.ts';
import type { ModelConfig } from '../documents/model-config.ts';
import { AppError, fieldErrors, forbidden } from '../lib/app-error.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import { notifyTransition } from '../notifications/notification.notify.ts';
import {
  approvalData,
  approvalStateOf,
  parentAssignees,
  parentData,
  parentOf,
  progressOf,
  type ParentRef,
} from './approval.document.ts';
import { notifyApproval } from './approval.notify.ts';
import { authorsOf, reseater } from './approval.planner.ts';

/**
 * One decision on a running approval, whichever document it was taken on: the parent's approve /
 * reject by an assigned approver, or approval-approve / approval-reject / approval-request on the
 * approval document. The domain decides (castVote, requestOpinion, giveOpinion); this applies the
 * outcome to both documents' states and data and prepares the notifications of `after`.
 */

export type DecisionKind = 'approve' | 'reject' | 'request';

export interface DecisionInput {
  auth: AuthContext;
  parent: DocumentRow;
  /** the parent's model configuration (its suppliers' states, for the creator's notification) */
  parentModel: ModelConfig;
  approval: DocumentRow;
  kind: DecisionKind;
  comment: string;
  /** approval-request: who is asked */
  consultant?: NamedRef;
}

export interface Applied {
  status: Decided['status'];
  record: ApprovalRecord;
  approvalState: string;
  approvalData: Record<string, unknown>;
  /** approval while it runs, approved or rejected once decided */
  parentState: string;
  parentData: Record<string, unknown>;
  /** the parent's timeline action for this decision */
  parentAction: string;
  /** the approval document's timeline action */
  approvalAction: string;
  /** writes the notifications (run in `after`, once both documents moved) */
  notify: () => Promise<NotificationEvent[]>;
}

const WAITING: readonly string[] = [APPROVAL_DOCUMENT_STATES.waiting, APPROVAL_DOCUMENT_STATES.consulting];

/** The refusal of the domain as the API answers it. */
export function refusalError(r: Refusal): AppError {
  if (r.code === 'validation') {
    const field = r.key === 'workflow.comment-required' ? 'comment' : 'consultant';
    return fieldErrors(r.message, [{ field, message: r.message }], r.key);
  }
  return r.code === 'forbidden'
    ? forbidden(r.message, r.key)
    : new AppError('conflict', r.message, { key: r.key });
}

/**
 * The approval is this parent's (by the approval's own data, which only the server writes) and both
 * still wait for a decision.
 */
export function assertRunning(parent: DocumentRow, approval: DocumentRow): void {
  const ref = parentOf(approval.data);
  const linked = ref?._id === parent.id && ref.model === parent.model;
  if (!linked || parent.state !== 'approval' || !WAITING.includes(approval.state))
    throw new AppError('conflict', 'The approval is already decided.', { key: 'approval.closed' });
}

async function run(input: DecisionInput, progress: ApprovalProgress, db: Db): Promise<Decided> {
  const { auth, parent } = input;
  const actor = { _id: auth.user._id, name: auth.user.name, manager: isAdminLevel(auth.user) };
  const ts = new Date().toISOString();
  const authors = authorsOf(parent);
  if (input.kind === 'request') {
    const out = requestOpinion(progress, { actor, consultant: input.consultant!, ts, authors });
    if (!out.ok) throw refusalError(out);
    return out;
  }
  const seated = currentLevel(progress)?.members.some((m) => m._id === actor._id);
  if (input.kind === 'approve' && !seated && progress.consultation?.consultant._id === actor._id) {
    const out = giveOpinion(progress, { actor, comment: input.comment, ts });
    if (!out.ok) throw refusalError(out);
    return out;
  }
  const vote = { actor, decision: input.kind, comment: input.comment, ts, authors };
  let out = castVote(progress, vote);
  // the next level is seated with the delegations of today: read them only when a level is done
  if (out.ok && out.status === 'next-level')
    out = castVote(progress, { ...vote, reseat: await reseater(db, auth.domainId, authors) });
  if (!out.ok) throw refusalError(out);
  return out;
}

export async function decide(trx: Db, input: DecisionInput): Promise<Applied> {
  const { auth, parent, approval } = input;
  assertRunning(parent, approval);
  const before = progressOf(approval.data);
  const out = await run(input, before, trx);
  const p = out.progress;
  const parentRef: ParentRef = { _id: parent.id, model: parent.model, key: parent.key };
  const parentState =
    p.outcome === 'approved' ? 'approved' : p.outcome === 'rejected' ? 'rejected' : 'approval';
  const parentLink = `/${parent.model}/${parent.id}`;
  const approvalLink = `/approval/${approval.id}`;
  const notify = async (): Promise<NotificationEvent[]> => {
    switch (out.status) {
      case 'approved':
      case 'rejected': {
        const action = out.status === 'approved' ? 'approve' : 'reject';
        // the creator hears it as from any approve / reject (supplier creators only in their states)
        return notifyTransition(trx, auth, parent, {
          action,
          from: 'approval',
          to: parentState,
          permissions: input.parentModel.permissions,
        });
      }
      case 'next-level':
        return notifyApproval(trx, auth, parentRef, 'your-turn', parentAssignees(p), parentLink);
      case 'consulting':
        return notifyApproval(
          trx,
          auth,
          parentRef,
          'opinion-asked',
          [p.consultation!.consultant],
          approvalLink,
        );
      case 'opinion':
        return notifyApproval(
          trx,
          auth,
          parentRef,
          'opinion-given',
          [p.opinions.at(-1)!.requestedBy],
          parentLink,
        );
      default:
        return [];
    }
  };
  const voteAction = out.status === 'rejected' ? 'reject' : 'approve';
  return {
    status: out.status,
    record: out.record,
    approvalState: approvalStateOf(p),
    approvalData: approvalData(approval.data, p),
    parentState,
    parentData: parentData(parent, approval.id, p),
    parentAction:
      input.kind === 'request'
        ? 'approval-request'
        : out.status === 'opinion'
          ? 'approval-opinion'
          : voteAction,
    approvalAction:
      input.kind === 'request'
        ? 'approval-request'
        : out.status === 'opinion'
          ? 'approval-opinion'
          : `approval-${voteAction}`,
    notify,
  };
}
