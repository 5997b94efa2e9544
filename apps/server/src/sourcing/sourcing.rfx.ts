import { refId, refIds, type RecordRef } from '@p2p/domain';
import type { Db } from '../db/database.ts';
import { assertValid } from '../documents/document.field-rules.ts';
import type { WorkflowEffect, WorkflowEffectContext } from '../documents/document.workflow-effects.ts';
import type { DocumentRow } from '../documents/document.repository.ts';
import { fieldErrors } from '../lib/app-error.ts';
import { copyLine, createDocument, refTo } from './sourcing.documents.ts';
import { notifySuppliers } from './sourcing.notify.ts';
import { PROPOSAL_MODEL, RFX_MODEL, sourcingRepository } from './sourcing.repository.ts';

/**
 * The RFx's own moves (seed 000 section 4, the RFx states):
 * - opening for proposals (into 'proposal') needs invited suppliers (`suppliers`), lines and a
 *   closing date not in the past; each invited supplier gets its proposal: a document of its own
 *   (model rfx-proposal, supplier = the invited company, reference {rfx}) carrying what the
 *   supplier needs of the RFx (number, subject, type, closing date, lines without prices), and
 *   its users a notification. That proposal is how an invited supplier reads the RFx: the RFx
 *   itself, with the other invited companies and the internal timeline, stays internal (suppliers
 *   never see it, in any state), and the document scope keeps every supplier to its own proposal;
 * - closing proposals (into 'first-inspection') puts the suppliers that submitted a proposal in
 *   the inspection (`inspectionSuppliers`) unless the buyer already chose them;
 * - proposing the award and submitting it for approval need `award.proposal`: a submitted proposal
 *   of this RFx from a supplier in the inspection;
 * - a suspension (suspend-*) remembers the state it suspends, and resuming returns there.
 */

const today = (): string => new Date().toISOString().slice(0, 10);

const invalid = (field: string, message: string, key: string) =>
  fieldErrors(message, [{ field, message }], key);

async function openForProposals({ trx, auth, model, row, doc, move }: WorkflowEffectContext) {
  const invited = [...new Set(refIds(row.data.suppliers as RecordRef[] | undefined))];
  if (!invited.length)
    throw invalid(
      'suppliers',
      'Invite at least one supplier before opening the RFx.',
      'sourcing.no-suppliers',
    );
  const known = await sourcingRepository(trx).suppliers(auth.domainId, invited);
  if (known.length !== invited.length)
    throw invalid('suppliers', 'An invited supplier is unknown.', 'sourcing.unknown-supplier');
  if (!(doc.lines ?? []).length)
    throw invalid('lines', 'An RFx without lines cannot be opened.', 'sourcing.no-lines');
  // the RFx as it stands (created or updated): every required field filled
  assertValid(doc, model, auth.user, move.from);
  const closing = row.data.closingDate;
  if (typeof closing === 'string' && closing < today())
    throw invalid('closingDate', 'The closing date must not be in the past.', 'sourcing.closing-date');
}

/** Makes the proposals of the invited suppliers that have none yet; notifies their users. */
async function invite({ trx, auth, row, doc }: WorkflowEffectContext) {
  const repo = sourcingRepository(trx);
  const invited = [...new Set(refIds(row.data.suppliers as RecordRef[] | undefined))];
  const existing = new Set((await repo.proposalIds(auth.domainId, row.id)).map((p) => p.supplierId));
  const suppliers = (await repo.suppliers(auth.domainId, invited)).filter((s) => !existing.has(s.id));
  const rfx = refTo(row);
  const notices = [];
  for (const supplier of suppliers) {
    const closing = typeof row.data.closingDate === 'string' ? row.data.closingDate : null;
    const proposal = await createDocument(trx, auth, {
      model: PROPOSAL_MODEL,
      supplierId: supplier.id,
      groupId: row.group_id,
      plant: row.plant,
      data: {
        name: `${row.key ?? row.id} – ${supplier.name}`,
        rfxNumber: row.key,
        description: rfx.description ?? '',
        rfxType: row.data.rfxType ?? null,
        closingDate: closing,
        currency: typeof row.data.currency === 'string' ? row.data.currency : 'EUR',
        supplier: { _id: supplier.id, name: supplier.name },
        reference: { rfx },
      },
      lines: (doc.lines ?? []).map((l) => copyLine(l, false)),
      message: closing
        ? `You are invited to submit a proposal until ${closing}.`
        : 'You are invited to submit a proposal.',
      audience: 'supplier',
      source: { model: RFX_MODEL, id: row.id },
    });
    notices.push({
      supplierId: supplier.id,
      proposalId: proposal.id,
      title: `RFx ${row.key ?? row.id}`,
      text: 'invites you to submit a proposal.',
      icon: 'pi pi-megaphone',
    });
  }
  return notifySuppliers(trx, auth, notices);
}

async function closeProposals({ trx, auth, row }: WorkflowEffectContext) {
  if (refIds(row.data.inspectionSuppliers as RecordRef[] | undefined).length) return;
  const repo = sourcingRepository(trx);
  const submitted = (await repo.proposalIds(auth.domainId, row.id)).filter((p) => p.state === 'completed');
  const ids = [...new Set(submitted.map((p) => p.supplierId).filter((s): s is string => !!s))];
  const suppliers = await repo.suppliers(auth.domainId, ids);
  return { data: { ...row.data, inspectionSuppliers: suppliers.map((s) => ({ _id: s.id, name: s.name })) } };
}

/**
 * The proposal `award.proposal` names, locked: a submitted proposal of this RFx whose supplier is
 * in the inspection (when the inspection names suppliers); a 400 on award.proposal otherwise.
 */
export async function awardedProposal(trx: Db, domainId: string, rfx: DocumentRow): Promise<DocumentRow> {
  const award = (rfx.data.award ?? {}) as { proposal?: RecordRef };
  const id = refId(award.proposal);
  if (!id) throw invalid('award.proposal', 'Choose the proposal to award.', 'sourcing.no-award');
  const proposal = await sourcingRepository(trx).linked(domainId, PROPOSAL_MODEL, id);
  const ofThisRfx =
    proposal && refId((proposal.data.reference as { rfx?: RecordRef } | undefined)?.rfx) === rfx.id;
  if (!proposal || !ofThisRfx || proposal.state !== 'completed')
    throw invalid(
      'award.proposal',
      'The awarded proposal must be a submitted proposal of this RFx.',
      'sourcing.award-proposal',
    );
  const inspection = refIds(rfx.data.inspectionSuppliers as RecordRef[] | undefined);
  if (inspection.length && !inspection.includes(proposal.supplier_id ?? ''))
    throw invalid(
      'award.proposal',
      'The supplier of the awarded proposal is not in the inspection.',
      'sourcing.award-inspection',
    );
  return proposal;
}

async function checkAward({ trx, auth, row }: WorkflowEffectContext) {
  await awardedProposal(trx, auth.domainId, row);
}

const SUSPENDED_FROM = 'suspendedFrom';

async function suspend({ row }: WorkflowEffectContext) {
  return { data: { ...row.data, [SUSPENDED_FROM]: row.state } };
}

/** Resuming returns to the state the suspension interrupted (the configured target otherwise). */
async function resume({ row, model }: WorkflowEffectContext) {
  const { [SUSPENDED_FROM]: from, ...data } = row.data;
  const known = typeof from === 'string' && (model.workflow?.states ?? []).some((s) => s.name === from);
  return { data, ...(known ? { to: from } : {}) };
}

const isRfx = (name: string) => name === RFX_MODEL;

export const rfxEffects: WorkflowEffect[] = [
  {
    name: 'sourcing: open for proposals',
    applies: (model, move) => isRfx(model.name) && move.to === 'proposal' && move.action === 'workflow',
    before: openForProposals,
  },
  {
    // opening, and a return to the buyer that reopens proposals: every invited supplier has its proposal
    name: 'sourcing: invitations',
    applies: (model, move) => isRfx(model.name) && move.to === 'proposal',
    after: invite,
  },
  {
    name: 'sourcing: close proposals',
    applies: (model, move) => isRfx(model.name) && move.from === 'proposal' && move.to === 'first-inspection',
    before: closeProposals,
  },
  {
    name: 'sourcing: award plan',
    applies: (model, move) =>
      isRfx(model.name) && move.action === 'workflow' && ['proposed', 'first-approval'].includes(move.to),
    before: checkAward,
  },
  {
    name: 'sourcing: suspend',
    applies: (model, move) => isRfx(model.name) && move.action.startsWith('suspend-'),
    before: suspend,
  },
  {
    name: 'sourcing: resume',
    applies: (model, move) =>
      isRfx(model.name) && move.action === 'workflow' && move.from.startsWith('suspended-'),
    before: resume,
  },
];
