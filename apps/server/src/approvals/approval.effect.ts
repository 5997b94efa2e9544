import {
  APPROVAL_MODEL,
  isAdminLevel,
  isApprovalParentModel,
  type ApprovalProgress,
  type NamedRef,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import type {
  WorkflowDecision,
  WorkflowEffect,
  WorkflowEffectContext,
} from '../documents/document.workflow-effects.ts';
import { moveDocument } from '../documents/document.workflow.ts';
import { AppError, fieldErrors, forbidden } from '../lib/app-error.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import { decide, type DecisionKind } from './approval.decide.ts';
import { lockOpenApproval, lockRow, openApproval, parentAssignees, parentOf } from './approval.document.ts';
import { notifyApproval } from './approval.notify.ts';
import { authorsOf, planDocument } from './approval.planner.ts';

/**
 * Approvals in the workflow (registered in services.ts):
 * - submit-approval of a requisition, order or contract resolves the rules (the dry run's function),
 *   opens the approval document and assigns the first level to both documents;
 * - the parent's approve / reject and approval-approve / approval-reject / approval-request on the
 *   approval document are one decision (approval.decide.ts): the document acted on moves as the
 *   engine moves it, the other one through moveDocument in the same transaction;
 * - the effect notifies on its own (decision.notified): the approvers, the next level, the creator.
 * A parent in 'approval' without an approval document (data from before approvals) is left to the
 * engine as before.
 */

/**
 * The consultant an approval-request names: the workflow body carries only action and comment, so
 * POST /automation/approval/{id}/request hands it over keyed by the request's own AuthContext.
 */
const consultants = new WeakMap<AuthContext, NamedRef>();
export function withConsultant(auth: AuthContext, consultant: NamedRef): AuthContext {
  const own = { ...auth };
  consultants.set(own, consultant);
  return own;
}

const PARENT_ACTIONS = new Set(['submit-approval', 'approve', 'reject']);
const APPROVAL_ACTIONS: Readonly<Record<string, DecisionKind>> = {
  'approval-approve': 'approve',
  'approval-reject': 'reject',
  'approval-request': 'request',
};

export function approvalEffect(access: Pick<DocumentAccess, 'modelConfig'>): WorkflowEffect {
  const announce = new WeakMap<WorkflowEffectContext, () => Promise<NotificationEvent[]>>();

  async function submit(ctx: WorkflowEffectContext): Promise<WorkflowDecision> {
    const { trx, auth, row, doc, move } = ctx;
    const plan = await planDocument(trx, auth.domainId, row.model, doc, authorsOf(row));
    const empty = plan.levels.find((l) => l.members.length === 0);
    if (empty)
      throw new AppError(
        'conflict',
        `Nobody can approve level ${empty.index + 1}: its approvers and the managers are all authors of the document.`,
        { key: 'approval.no-approver' },
      );
    const progress: ApprovalProgress = { levels: plan.levels, current: 0, consultation: null, opinions: [] };
    const approvalId = await openApproval(trx, auth, row, progress, move.comment);
    const assignees = parentAssignees(progress);
    const about = { _id: row.id, model: row.model, key: row.key };
    announce.set(ctx, () =>
      notifyApproval(trx, auth, about, 'submitted', assignees, `/${row.model}/${row.id}`),
    );
    return {
      data: { ...row.data, assignees, approval: { _id: approvalId, state: 'manager-approval' } },
      notified: true,
    };
  }

  /**
   * approve / reject on the parent: the vote of an assigned approver (or a manager's decision). A
   * parent in approval without a running approval (written before approvals existed) is decided by
   * the admin-level right alone: its assignees are editable data and vouch for nobody.
   */
  async function onParent(ctx: WorkflowEffectContext): Promise<WorkflowDecision | void> {
    const { trx, auth, row, model, move } = ctx;
    const approval = await lockOpenApproval(trx, auth.domainId, row.id);
    if (!approval) {
      if (!isAdminLevel(auth.user))
        throw forbidden('Only the approvers of the current level decide.', 'approval.not-approver');
      return;
    }
    const kind: DecisionKind = move.action === 'approve' ? 'approve' : 'reject';
    const applied = await decide(trx, {
      auth,
      parent: row,
      parentModel: model,
      approval,
      kind,
      comment: move.comment,
    });
    await moveDocument(trx, auth, approval, applied.approvalState, {
      action: applied.approvalAction,
      comment: move.comment,
      data: applied.approvalData,
      approval: applied.record,
    });
    announce.set(ctx, applied.notify);
    return {
      ...(applied.parentState === row.state ? { stay: true } : { to: applied.parentState }),
      data: applied.parentData,
      approval: applied.record,
      notified: true,
    };
  }

  /** approval-* on the approval document: the same decision, the parent moved alongside. */
  async function onApproval(ctx: WorkflowEffectContext): Promise<WorkflowDecision> {
    const { trx, auth, row, move } = ctx;
    const kind = APPROVAL_ACTIONS[move.action]!;
    const consultant = consultants.get(auth);
    if (kind === 'request' && !consultant)
      throw fieldErrors(
        'Name the user whose opinion you ask for.',
        [{ field: 'consultant', message: 'Name the user whose opinion you ask for.' }],
        'approval.consultant-required',
      );
    const ref = parentOf(row.data);
    const parent = ref ? await lockRow(trx, auth.domainId, ref.model, ref._id) : undefined;
    if (!ref || !parent)
      throw new AppError('conflict', 'The approval is already decided.', { key: 'approval.closed' });
    const parentModel = await access.modelConfig(auth, ref.model);
    const applied = await decide(trx, {
      auth,
      parent,
      parentModel,
      approval: row,
      kind,
      comment: move.comment,
      ...(consultant ? { consultant } : {}),
    });
    await moveDocument(trx, auth, parent, applied.parentState, {
      action: applied.parentAction,
      comment: move.comment,
      data: applied.parentData,
      approval: applied.record,
    });
    announce.set(ctx, applied.notify);
    return {
      ...(applied.approvalState === row.state ? { stay: true } : { to: applied.approvalState }),
      data: applied.approvalData,
      approval: applied.record,
      notified: true,
    };
  }

  return {
    name: 'approvals',
    applies: (model, move) =>
      isApprovalParentModel(model.name)
        ? PARENT_ACTIONS.has(move.action)
        : model.name === APPROVAL_MODEL && move.action in APPROVAL_ACTIONS,
    async before(ctx) {
      if (ctx.model.name === APPROVAL_MODEL) return onApproval(ctx);
      if (ctx.move.action === 'submit-approval') return submit(ctx);
      return onParent(ctx);
    },
    async after(ctx) {
      return (await announce.get(ctx)?.()) ?? [];
    },
  };
}
