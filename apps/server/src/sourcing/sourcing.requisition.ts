import { refId, type RecordRef } from '@p2p/domain';
import { assertValid } from '../documents/document.field-rules.ts';
import { staleVersion } from '../documents/document.access.ts';
import type { WorkflowEffect, WorkflowEffectContext } from '../documents/document.workflow-effects.ts';
import { AppError, fieldErrors } from '../lib/app-error.ts';
import { copyLine, createDocument, refTo, trashDocument } from './sourcing.documents.ts';
import { REQUISITION_MODEL, RFX_MODEL, sourcingRepository } from './sourcing.repository.ts';

/**
 * The requisition's side of sourcing (seed 000 section 4, states rfq and rfq-rejected):
 * - sending a requisition to sourcing (a transition into 'rfq') makes its RFx: a purchase-rfx draft
 *   with reference {requisition}, the requisition's lines (with its prices as the estimate), its
 *   group, plant and requester; the requisition keeps reference {rfx};
 * - rejecting the request (reject-request, with its comment, into 'rfq-rejected') withdraws that
 *   RFx to the trash while it is still a draft no supplier has seen; once it is open to suppliers
 *   the RFx has to be handled there, and the rejection is refused (409).
 */

export const SOURCING_STATE = 'rfq';
/** RFx states in which no supplier has been invited yet. */
const RFX_DRAFT_STATES = ['created', 'updated'];

const referenceOf = (data: Record<string, unknown>): Record<string, unknown> => {
  const ref = data.reference;
  return ref && typeof ref === 'object' ? { ...(ref as Record<string, unknown>) } : {};
};

async function sendToSourcing({ trx, auth, model, row, doc, move }: WorkflowEffectContext) {
  const lines = doc.lines ?? [];
  if (!lines.length)
    throw fieldErrors(
      'A requisition without lines cannot go to sourcing.',
      [{ field: 'lines', message: 'A requisition without lines cannot go to sourcing.' }],
      'sourcing.no-lines',
    );
  // the requisition as it will be in 'rfq': what that state requires must be there
  assertValid(doc, model, auth.user, move.to);
  const description = typeof row.data.description === 'string' ? row.data.description : '';
  const rfx = await createDocument(trx, auth, {
    model: RFX_MODEL,
    requesterId: row.requester_id,
    groupId: row.group_id,
    plant: row.plant,
    data: {
      description,
      rfxType: 'RFQ',
      ...(typeof row.data.currency === 'string' ? { currency: row.data.currency } : {}),
      reference: { requisition: refTo(row) },
    },
    lines: lines.map((l) => copyLine(l, true)),
    message: `Created from requisition ${row.key ?? row.id}.`,
    source: { model: REQUISITION_MODEL, id: row.id, action: move.action },
  });
  const reference = { ...referenceOf(row.data), rfx: { _id: rfx.id, key: rfx.key, description } };
  return { data: { ...row.data, reference } };
}

async function rejectRequest({ trx, auth, row, move }: WorkflowEffectContext) {
  const reference = referenceOf(row.data);
  const rfxId = refId(reference.rfx as RecordRef | undefined);
  const rfx = await sourcingRepository(trx).linked(auth.domainId, RFX_MODEL, rfxId);
  if (rfx) {
    if (!RFX_DRAFT_STATES.includes(rfx.state))
      throw new AppError(
        'conflict',
        `The RFx ${rfx.key ?? rfx.id} is already open to suppliers: it cannot be withdrawn from here.`,
        { key: 'sourcing.rfx-under-way' },
      );
    const removed = await trashDocument(trx, auth, rfx, {
      action: move.action,
      requisition: row.id,
      comment: move.comment,
    });
    if (!removed) throw staleVersion();
  }
  delete reference.rfx;
  return { data: { ...row.data, reference } };
}

export const requisitionEffects: WorkflowEffect[] = [
  {
    name: 'sourcing: requisition to sourcing',
    applies: (model, move) => model.name === REQUISITION_MODEL && move.to === SOURCING_STATE,
    before: sendToSourcing,
  },
  {
    name: 'sourcing: sourcing request rejected',
    applies: (model, move) => model.name === REQUISITION_MODEL && move.action === 'reject-request',
    before: rejectRequest,
  },
];
