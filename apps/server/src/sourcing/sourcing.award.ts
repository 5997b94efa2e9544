import { refId, type RecordRef } from '@p2p/domain';
import { documentRepository } from '../documents/document.repository.ts';
import { moveDocument } from '../documents/document.workflow.ts';
import type {
  WorkflowEffect,
  WorkflowEffectContext,
  WorkflowOutcome,
} from '../documents/document.workflow-effects.ts';
import type { NotificationEvent } from '../notifications/notification.events.ts';
import { copyLine, createDocument, refTo } from './sourcing.documents.ts';
import { notifySuppliers, type SupplierNotice } from './sourcing.notify.ts';
import { PROPOSAL_MODEL, REQUISITION_MODEL, RFX_MODEL, sourcingRepository } from './sourcing.repository.ts';
import { awardedProposal } from './sourcing.rfx.ts';
import { SOURCING_STATE } from './sourcing.requisition.ts';

/**
 * The award (the RFx's approval of its award plan, first-approval -> execution): in the same
 * transaction
 * - the order or contract draft (`award.documentType`, default order) for the awarded proposal's
 *   supplier, with the proposal's lines and prices and reference {rfx, proposal}, for the buyer to
 *   complete and submit for approval;
 * - the RFx keeps `award.document`;
 * - each submitted proposal of the RFx learns its result (award.result awarded / not-awarded, a
 *   timeline message to its supplier, a notification to the supplier's users);
 * - the requisition the RFx came from, still in sourcing for this RFx, is closed with a comment
 *   naming the RFx and the new document.
 */

/** The subtype an award document starts with: a standard order or contract, which the buyer may change. */
const AWARD_DOCUMENTS = {
  order: { model: 'order', subtype: 'P001', label: 'order' },
  contract: { model: 'contract', subtype: 'C001', label: 'contract' },
} as const;

async function award({ trx, auth, row }: WorkflowEffectContext) {
  const proposal = await awardedProposal(trx, auth.domainId, row);
  const plan = (row.data.award ?? {}) as { documentType?: string };
  const target = plan.documentType === 'contract' ? AWARD_DOCUMENTS.contract : AWARD_DOCUMENTS.order;
  const rfx = refTo(row);
  const lines = await documentRepository(trx).lines(proposal.id);
  const created = await createDocument(trx, auth, {
    model: target.model,
    subtype: target.subtype,
    supplierId: proposal.supplier_id,
    requesterId: row.requester_id,
    groupId: row.group_id,
    plant: row.plant,
    data: {
      description: rfx.description ?? '',
      currency: proposal.data.currency ?? 'EUR',
      ...(proposal.data.supplier ? { supplier: proposal.data.supplier } : {}),
      reference: { rfx, proposal: { _id: proposal.id, key: proposal.key } },
    },
    lines: lines.map((l) => copyLine(l, true)),
    message: `Awarded in RFx ${row.key ?? row.id}, proposal ${proposal.key ?? proposal.id}.`,
    source: { model: RFX_MODEL, id: row.id, proposal: proposal.id },
  });
  const document = { _id: created.id, key: created.key, model: target.model };
  return { data: { ...row.data, award: { ...(row.data.award as object), document } } };
}

/** The results of the proposals and the requisition closed, once the RFx is in execution. */
async function settle({ trx, auth, row }: WorkflowEffectContext, outcome: WorkflowOutcome) {
  const repo = sourcingRepository(trx);
  const awarded = refId(((row.data.award ?? {}) as { proposal?: RecordRef }).proposal);
  const document = (outcome.data.award as { document?: { key?: string; model?: string } } | undefined)
    ?.document;
  const notices: SupplierNotice[] = [];
  for (const p of await repo.proposalIds(auth.domainId, row.id)) {
    if (p.state !== 'completed') continue;
    const proposal = await repo.linked(auth.domainId, PROPOSAL_MODEL, p.id);
    if (!proposal) continue;
    const result = proposal.id === awarded ? 'awarded' : 'not-awarded';
    const text = result === 'awarded' ? 'Your proposal was awarded.' : 'Your proposal was not awarded.';
    await moveDocument(trx, auth, proposal, proposal.state, {
      action: 'workflow',
      comment: text,
      audience: 'supplier',
      data: { ...proposal.data, award: { result } },
    });
    if (proposal.supplier_id)
      notices.push({
        supplierId: proposal.supplier_id,
        proposalId: proposal.id,
        title: `Proposal ${proposal.key ?? proposal.id}`,
        text: result === 'awarded' ? 'was awarded.' : 'was not awarded.',
        icon: result === 'awarded' ? 'pi pi-check-circle' : 'pi pi-times-circle',
      });
  }
  const requisitionId = refId((row.data.reference as { requisition?: RecordRef } | undefined)?.requisition);
  const requisition = await repo.linked(auth.domainId, REQUISITION_MODEL, requisitionId);
  const sourcedHere =
    requisition?.state === SOURCING_STATE &&
    refId((requisition.data.reference as { rfx?: RecordRef } | undefined)?.rfx) === row.id;
  if (requisition && sourcedHere)
    await moveDocument(trx, auth, requisition, 'closed', {
      action: 'close',
      comment:
        `Awarded in RFx ${row.key ?? row.id}: ${document?.model ?? 'order'} ${document?.key ?? ''}`.trim() +
        '.',
    });
  const events: NotificationEvent[] = await notifySuppliers(trx, auth, notices);
  return events;
}

export const awardEffects: WorkflowEffect[] = [
  {
    name: 'sourcing: award',
    applies: (model, move) =>
      model.name === RFX_MODEL &&
      move.action === 'workflow' &&
      move.from === 'first-approval' &&
      move.to === 'execution',
    before: award,
    after: settle,
  },
];
