import {
  actsAsSupplier,
  APPROVAL_MODEL,
  approvalRuleErrors,
  delegationErrors,
  isAdminLevel,
  isApprovalParentModel,
  missingOf,
  MoneyError,
  refId,
  type ApprovalDelegation,
  type ApprovalDelegationRequest,
  type ApprovalOpinionRequest,
  type ApprovalPlan,
  type ApprovalRule,
  type ApprovalRuleRequest,
  type ApprovalView,
  type DocumentLike,
  type RecordRef,
} from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentService } from '../documents/document.service.ts';
import { defaultGroup } from '../documents/document.proposal.ts';
import type { WorkflowEffect } from '../documents/document.workflow-effects.ts';
import { documentWorkflow } from '../documents/document.workflow.ts';
import { AppError, fieldErrors, forbidden, notFound, refuseFieldErrors } from '../lib/app-error.ts';
import { parentOf, progressOf } from './approval.document.ts';
import { withConsultant } from './approval.effect.ts';
import { authorsOf, internalPerson, isoDay, planDocument, ruleAnswer } from './approval.planner.ts';
import { approvalRepository, type DelegationRow } from './approval.repository.ts';

/**
 * Approvals as the API offers them: rules (administrators), delegations (each user's own), the
 * approval document's view, the dry run of the rules and the request for an opinion. Decisions
 * themselves are workflow actions (approval.effect.ts).
 */

const assertAdmin = (auth: AuthContext) => {
  if (!isAdminLevel(auth.user)) throw forbidden('Only administrators edit approval rules.');
};

/** Approvers are staff: their names and the rules never reach a supplier. */
const assertInternal = (auth: AuthContext) => {
  if (actsAsSupplier(auth.user)) throw forbidden('Approvals are internal.');
};

const ruleWrite = (r: ApprovalRuleRequest) => ({
  model: r.model,
  name: r.name.trim(),
  priority: r.priority,
  conditions: r.conditions,
  levels: r.levels,
  enabled: r.enabled,
});

const delegationAnswer = (d: DelegationRow): ApprovalDelegation => ({
  _id: d.id,
  user: { _id: d.user_id, name: d.user_name },
  substitute: { _id: d.substitute_id, name: d.substitute_name },
  startsOn: d.starts_on,
  endsOn: d.ends_on,
});

const ref = (v: unknown): { _id: string } | null => {
  const id = refId(v as RecordRef);
  return id ? { _id: id } : null;
};

export function approvalService(
  db: Db,
  documents: Pick<DocumentService, 'access'>,
  effects: ReadonlyArray<WorkflowEffect>,
) {
  const repo = approvalRepository(db);
  const { access } = documents;
  // the engine's workflow with every effect, without the read that follows a move in the document
  // service: a consultant who gave an opinion is no longer assigned, so that read would be a 404
  const workflow = documentWorkflow(db, access, effects);

  /** Scoped like the approval document itself: outside the caller's scope (every supplier) a 404. */
  async function view(auth: AuthContext, approvalId: string): Promise<ApprovalView> {
    const { row } = await access.find(auth, APPROVAL_MODEL, approvalId);
    const progress = progressOf(row.data);
    const parent = parentOf(row.data);
    return {
      _id: row.id,
      key: row.key,
      state: row.state,
      parent: { _id: parent?._id ?? '', model: parent?.model ?? '', key: parent?.key ?? null },
      current: progress.current,
      assignees: (row.data.assignees as ApprovalView['assignees'] | undefined) ?? [],
      levels: [...progress.levels],
      missing: missingOf(progress),
      consultation: progress.consultation,
      opinions: [...progress.opinions],
      _version: row.version,
    };
  }

  /** The facts a plan reads, guarded: a draft's amount that is no number is a 400, never a 500. */
  async function plan(auth: AuthContext, model: string, doc: DocumentLike, authors: string[]) {
    try {
      return await planDocument(db, auth.domainId, model, doc, authors);
    } catch (err) {
      if (err instanceof MoneyError)
        throw fieldErrors(err.message, [{ field: 'lines', message: err.message }]);
      throw err;
    }
  }

  return {
    async listRules(auth: AuthContext, model?: string): Promise<ApprovalRule[]> {
      assertAdmin(auth);
      return (await repo.rules(auth.domainId, model)).map(ruleAnswer);
    },

    async createRule(auth: AuthContext, body: ApprovalRuleRequest): Promise<ApprovalRule> {
      assertAdmin(auth);
      refuseFieldErrors(approvalRuleErrors(body), 'approval.rule-invalid');
      return db.transaction().execute(async (trx) => {
        const id = await approvalRepository(trx).insertRule(auth.domainId, auth.user._id, ruleWrite(body));
        await audit.record(trx, {
          auth,
          entity: 'approval-rule',
          entityId: id,
          action: 'create',
          after: ruleWrite(body),
        });
        return ruleAnswer((await approvalRepository(trx).rule(auth.domainId, id))!);
      });
    },

    /** Saves over the version the administrator read (409 when another saved meanwhile). */
    async updateRule(auth: AuthContext, id: string, body: ApprovalRuleRequest): Promise<ApprovalRule> {
      assertAdmin(auth);
      refuseFieldErrors(approvalRuleErrors(body), 'approval.rule-invalid');
      return db.transaction().execute(async (trx) => {
        const tx = approvalRepository(trx);
        const current = await tx.rule(auth.domainId, id);
        if (!current) throw notFound('Approval rule not found.');
        const version = body.version ?? current.version;
        if (!(await tx.updateRule(auth.domainId, id, version, auth.user._id, ruleWrite(body))))
          throw new AppError('conflict', 'The rule was changed by someone else; reload it and try again.', {
            key: 'approval.rule-stale',
          });
        await audit.record(trx, {
          auth,
          entity: 'approval-rule',
          entityId: id,
          action: 'update',
          before: ruleWrite({ ...current, model: current.model as ApprovalRuleRequest['model'] }),
          after: ruleWrite(body),
        });
        return ruleAnswer((await tx.rule(auth.domainId, id))!);
      });
    },

    async deleteRule(auth: AuthContext, id: string): Promise<{ ok: true }> {
      assertAdmin(auth);
      await db.transaction().execute(async (trx) => {
        const tx = approvalRepository(trx);
        const current = await tx.rule(auth.domainId, id);
        if (!current || !(await tx.deleteRule(auth.domainId, id))) throw notFound('Approval rule not found.');
        await audit.record(trx, {
          auth,
          entity: 'approval-rule',
          entityId: id,
          action: 'delete',
          before: current,
        });
      });
      return { ok: true };
    },

    /** The caller's delegations that are running or still to come. */
    async delegations(auth: AuthContext): Promise<ApprovalDelegation[]> {
      return (await repo.delegationsOf(auth.domainId, auth.user._id, isoDay(new Date()))).map(
        delegationAnswer,
      );
    },

    async createDelegation(auth: AuthContext, body: ApprovalDelegationRequest): Promise<ApprovalDelegation> {
      assertInternal(auth);
      refuseFieldErrors(delegationErrors(auth.user._id, body), 'approval.delegation-invalid');
      const substitute = await internalPerson(db, auth.domainId, body.substitute._id);
      if (!substitute)
        throw fieldErrors('The substitute is not a colleague of this tenant.', [
          { field: 'substitute', message: 'The substitute is not a colleague of this tenant.' },
        ]);
      const id = await db.transaction().execute(async (trx) => {
        const created = await approvalRepository(trx).insertDelegation(auth.domainId, {
          userId: auth.user._id,
          substituteId: substitute._id,
          startsOn: body.startsOn,
          endsOn: body.endsOn,
        });
        await audit.record(trx, {
          auth,
          entity: 'approval-delegation',
          entityId: created,
          action: 'create',
          after: { substitute: substitute._id, startsOn: body.startsOn, endsOn: body.endsOn },
        });
        return created;
      });
      const mine = await repo.delegationsOf(auth.domainId, auth.user._id, '0001-01-01');
      return delegationAnswer(mine.find((d) => d.id === id)!);
    },

    async deleteDelegation(auth: AuthContext, id: string): Promise<{ ok: true }> {
      await db.transaction().execute(async (trx) => {
        if (!(await approvalRepository(trx).deleteDelegation(auth.domainId, auth.user._id, id)))
          throw notFound('Delegation not found.');
        await audit.record(trx, { auth, entity: 'approval-delegation', entityId: id, action: 'delete' });
      });
      return { ok: true };
    },

    view,

    /**
     * Who will approve a document that is being written (`body`), or a stored one (`id`, with the
     * draft's changes over it when a body comes): the function the submit applies.
     */
    async dryRun(
      auth: AuthContext,
      model: string,
      body: Record<string, unknown>,
      id?: string,
    ): Promise<ApprovalPlan> {
      if (!isApprovalParentModel(model))
        throw notFound(`Documents of model '${model}' are not approved by rules.`);
      if (id !== undefined) {
        // out of scope is a 404 first, for suppliers too; their own order still names no approver
        const { doc, row } = await access.load(auth, model, id);
        assertInternal(auth);
        const header = (body.doc ?? {}) as Record<string, unknown>;
        const draft = Object.keys(body).length ? { ...doc, ...body, doc: { ...doc.doc, ...header } } : doc;
        return plan(auth, model, draft as DocumentLike, authorsOf(row));
      }
      assertInternal(auth);
      const { scope, model: config } = await access.loadModel(auth, model);
      if (!scope.canView) throw forbidden(`You are not allowed to view model '${config.name}'.`);
      const group = ref(body.group) ?? (defaultGroup(auth) ? { _id: defaultGroup(auth)! } : null);
      const doc: DocumentLike = { ...body, group, supplier: ref(body.supplier) };
      const requester = refId(body.requester as RecordRef);
      return plan(auth, model, doc, [auth.user._id, ...(requester ? [requester] : [])]);
    },

    /** approval-request with the consultant named: the workflow action, then the approval as it is now. */
    async requestOpinion(
      auth: AuthContext,
      approvalId: string,
      body: ApprovalOpinionRequest,
    ): Promise<ApprovalView> {
      await access.find(auth, APPROVAL_MODEL, approvalId);
      const consultant = await internalPerson(db, auth.domainId, body.consultant);
      if (!consultant)
        throw fieldErrors('The consultant is not a colleague of this tenant.', [
          { field: 'consultant', message: 'The consultant is not a colleague of this tenant.' },
        ]);
      await workflow.transition(
        withConsultant(auth, { _id: consultant._id, name: consultant.name }),
        APPROVAL_MODEL,
        approvalId,
        {
          action: 'approval-request',
          comment: body.comment ?? '',
          ...(body._version !== undefined ? { _version: body._version } : {}),
        },
      );
      return view(auth, approvalId);
    },

    /**
     * The consultant's opinion (approval-approve by the consultant): answered with ok, since the
     * consultant is no longer assigned afterwards and so no longer reads the approval.
     */
    async giveOpinion(auth: AuthContext, approvalId: string, body: { comment?: string; _version?: number }) {
      const { row } = await access.find(auth, APPROVAL_MODEL, approvalId);
      if (progressOf(row.data).consultation?.consultant._id !== auth.user._id)
        throw forbidden('Only the colleague asked gives this opinion.', 'approval.not-consultant');
      await workflow.transition(auth, APPROVAL_MODEL, approvalId, {
        action: 'approval-approve',
        comment: body.comment ?? '',
        ...(body._version !== undefined ? { _version: body._version } : {}),
      });
      return { ok: true as const };
    },
  };
}

export type ApprovalService = ReturnType<typeof approvalService>;
