import {
  actsAsSupplier,
  availableTransitions,
  commentRequired,
  documentActions,
  messageAudience,
  REOPEN_STATES,
  submitValueError,
  workflowOf,
  type MessageAudience,
} from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors, forbidden } from '../lib/app-error.ts';
import { publishNotifications, type NotificationEvent } from '../notifications/notification.events.ts';
import { notifyTransition } from '../notifications/notification.notify.ts';
import { assertVersion, lockInScope, staleVersion, type DocumentAccess } from './document.access.ts';
import { assertValid, docUser } from './document.field-rules.ts';
import { documentMessageRepository } from './document-message.repository.ts';
import { documentRepository, type DocumentRow } from './document.repository.ts';
import { rowTotals, rowWrite, toDocument } from './document.shape.ts';
import type { WorkflowConfig } from './model-config.ts';
import {
  foldDecisions,
  type WorkflowEffect,
  type WorkflowEffectContext,
} from './document.workflow-effects.ts';

/**
 * How documents move: workflow actions and reopen (seed 000 section 4). Every move is re-decided
 * on the server by the domain's availableTransitions / documentActions, grows the version and
 * writes its timeline entry in the same transaction; the features' workflow effects
 * (document.workflow-effects.ts) shape it in that transaction.
 */

export interface WorkflowBody {
  action: string;
  /** the target state, when two transitions of one name leave the current state */
  to?: string;
  comment?: string;
  /** who the comment is for; a supplier's comments are always for both sides */
  audience?: MessageAudience;
  _version?: number;
}

/** Fallback targets of the workflow actions when a transition has no `to`. */
const ACTION_TARGETS: Readonly<Record<string, string>> = {
  'submit-approval': 'approval',
  approve: 'approved',
  reject: 'rejected',
  close: 'closed',
  negotiate: 'negotiation',
  confirm: 'completed',
  // A reopened document is open for changes again and goes through approval anew.
  reopen: 'updated',
};

export interface MoveStep {
  action: string;
  comment: string;
  audience?: MessageAudience;
  /** the data written with the move (default: the row's data unchanged) */
  data?: Record<string, unknown>;
  /** the approval record of the timeline entry */
  approval?: unknown;
}

/**
 * Moves a locked document to state `to` (which may be its own state: a recorded step that stays):
 * its version grows (409 when someone wrote in between) and the timeline records the action, the
 * states and the comment. Features that move another document (an approval deciding its parent)
 * call it with that document's locked row.
 */
export async function moveDocument(
  trx: Db,
  auth: AuthContext,
  row: DocumentRow,
  to: string,
  step: MoveStep,
): Promise<void> {
  const written = await documentRepository(trx).update(row.id, row.version, auth.user._id, {
    ...rowWrite(row),
    data: step.data ?? row.data,
    state: to,
    deleted: false,
    totals: rowTotals(row),
  });
  if (!written) throw staleVersion();
  await documentMessageRepository(trx).insert({
    domainId: auth.domainId,
    documentId: row.id,
    state: to,
    userId: auth.user._id,
    text: step.comment || null,
    tracking: { action: step.action, from: row.state, to },
    ...(step.approval !== undefined ? { approval: step.approval } : {}),
    audience: messageAudience(actsAsSupplier(auth.user), step.audience),
  });
  await audit.document(trx, auth, row.model, row.id, step.action === 'reopen' ? 'reopen' : 'transition', {
    before: { state: row.state },
    after: { state: to },
    detail: { action: step.action, comment: step.comment || null },
  });
}

export function documentWorkflow(
  db: Db,
  access: DocumentAccess,
  effects: ReadonlyArray<WorkflowEffect> = [],
) {
  return {
    /**
     * Applies a workflow action: it must be offered to the caller and not disabled; a comment is
     * required per commentRequired; the document moves to the transition's `to` state.
     */
    async transition(auth: AuthContext, name: string, id: string, body: WorkflowBody): Promise<void> {
      const { model, scope } = await access.loadModel(auth, name);
      const workflow = workflowOf(model) as WorkflowConfig;
      const notified = await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await lockInScope(tx, scope, id, { deleted: 'allow' });
        if (row.deleted)
          throw new AppError('conflict', 'A deleted document does not change state.', {
            key: 'workflow.deleted',
          });
        assertVersion(row, body._version);
        const doc = toDocument(row, model, await tx.lines(id));
        const offered = availableTransitions(doc, workflow, docUser(auth.user), new Date(), { model }).find(
          (t) => t.name === body.action && (body.to === undefined || t.to === body.to),
        );
        if (!offered)
          throw new AppError(
            'conflict',
            `The action '${body.action}' is not available in state '${row.state}'.`,
            {
              key: 'workflow.not-available',
            },
          );
        if (offered.disabled)
          throw new AppError('conflict', offered.reason ?? 'The action is disabled.', {
            key: 'workflow.disabled',
          });
        const comment = body.comment?.trim() ?? '';
        if (commentRequired(body.action) && !comment)
          throw fieldErrors(
            'A comment is required.',
            [{ field: 'comment', message: 'A comment is required.' }],
            'workflow.comment-required',
          );
        const config = workflow.transitions.find(
          (t) =>
            t.name === body.action &&
            t.from.includes(row.state) &&
            (body.to === undefined || t.to === body.to),
        );
        const to = config?.to ?? ACTION_TARGETS[body.action];
        if (!to)
          throw new AppError('conflict', `The action '${body.action}' has no target state.`, {
            key: 'workflow.no-target',
          });
        // Submitting checks the document as it will be in the approval state (requiredStates).
        // ...and a requisition valued 0.00 goes to no approver (the domain's submitValueError).
        if (body.action === 'submit-approval') {
          const zero = submitValueError(doc, model, body.action, auth.user.lang);
          assertValid(doc, model, auth.user, to, zero ? [zero] : []);
        }
        const move = { action: body.action, from: row.state, to, comment, audience: body.audience };
        const mine = effects.filter((e) => e.applies(model, move));
        const ctx: WorkflowEffectContext = { trx, auth, model, row, doc, move };
        const decision = foldDecisions(await runInOrder(mine, (e) => e.before?.(ctx)), row.data);
        const target = decision.stay ? row.state : (decision.to ?? to);
        await moveDocument(trx, auth, row, target, {
          action: body.action,
          comment,
          ...(body.audience ? { audience: body.audience } : {}),
          ...(decision.data ? { data: decision.data } : {}),
          ...(decision.approval !== undefined ? { approval: decision.approval } : {}),
        });
        const outcome = { to: target, stayed: target === row.state, data: decision.data ?? row.data };
        const events: NotificationEvent[] = decision.notified
          ? []
          : await notifyTransition(trx, auth, row, { ...move, to: target, permissions: model.permissions });
        for (const extra of await runInOrder(mine, (e) => e.after?.(ctx, outcome)))
          if (extra) events.push(...extra);
        return events;
      });
      // announced once committed: a listener reads the notification back by id
      await publishNotifications(db, notified);
    },

    /**
     * Reopens a closed or archived document (the model action 'reopen'): documentActions decides
     * again on the server — 409 outside closed/archived or past the reopen limit, 409 when the
     * model has no reopen action, 403 when the caller may not; the document goes to 'updated'.
     */
    async reopen(auth: AuthContext, name: string, id: string, body: { comment?: string; _version?: number }) {
      const { model, scope } = await access.loadModel(auth, name);
      const notified = await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await lockInScope(tx, scope, id, { deleted: 'allow' });
        assertVersion(row, body._version);
        if (row.deleted || !(REOPEN_STATES as readonly string[]).includes(row.state))
          throw new AppError('conflict', 'Only closed or archived documents can be reopened.', {
            key: 'document.reopen-state',
          });
        if (!(model.actions ?? []).some((a) => a.name === 'reopen'))
          throw new AppError('conflict', `Documents of model '${model.name}' cannot be reopened.`, {
            key: 'document.reopen-not-available',
          });
        const doc = toDocument(row, model, await tx.lines(id));
        const offered = documentActions(doc, model, docUser(auth.user), new Date()).find(
          (a) => a.name === 'reopen',
        );
        if (!offered) throw forbidden('You are not allowed to reopen this document.');
        if (offered.disabled)
          throw new AppError('conflict', offered.reason ?? 'Reopen is disabled.', {
            key: 'document.reopen-expired',
          });
        await moveDocument(trx, auth, row, ACTION_TARGETS.reopen!, {
          action: 'reopen',
          comment: body.comment?.trim() ?? '',
        });
        const move = {
          action: 'reopen',
          from: row.state,
          to: ACTION_TARGETS.reopen!,
          permissions: model.permissions,
        };
        return notifyTransition(trx, auth, row, move);
      });
      await publishNotifications(db, notified);
    },
  };
}

/** Effects run one after the other: they share the transaction's connection. */
async function runInOrder<T>(
  effects: ReadonlyArray<WorkflowEffect>,
  run: (e: WorkflowEffect) => Promise<T> | undefined,
): Promise<Array<T | undefined>> {
  const out: Array<T | undefined> = [];
  for (const e of effects) out.push(await run(e));
  return out;
}
