import { refId, type ApiFieldError, type RecordRef } from '@p2p/domain';
import type { WorkflowEffect, WorkflowEffectContext } from '../documents/document.workflow-effects.ts';
import { AppError, fieldErrors } from '../lib/app-error.ts';
import { PROPOSAL_MODEL, RFX_MODEL, sourcingRepository } from './sourcing.repository.ts';

/**
 * A supplier submits its proposal (confirm, into 'completed'): only while its RFx takes proposals
 * (state 'proposal', closing date not passed: 409 otherwise) and with a price on every line (400).
 * The RFx row is locked, so a submission and the closing of proposals never cross.
 */

const today = (): string => new Date().toISOString().slice(0, 10);

/** A positive amount as the server stores it (text with its decimals) or as typed. */
function positive(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\+?\d*\.?\d+$/.test(text) && /[1-9]/.test(text);
}

async function submitProposal({ trx, auth, row, doc }: WorkflowEffectContext) {
  const rfxId = refId((row.data.reference as { rfx?: RecordRef } | undefined)?.rfx);
  const rfx = await sourcingRepository(trx).linked(auth.domainId, RFX_MODEL, rfxId);
  if (!rfx || rfx.state !== 'proposal')
    throw new AppError('conflict', 'The RFx no longer takes proposals.', { key: 'sourcing.rfx-closed' });
  const closing = rfx.data.closingDate;
  if (typeof closing === 'string' && closing < today())
    throw new AppError('conflict', 'The closing date of the RFx has passed.', {
      key: 'sourcing.closing-date',
    });
  const lines = doc.lines ?? [];
  const errors: ApiFieldError[] = lines.flatMap((l, i): ApiFieldError[] =>
    positive(l.price)
      ? []
      : [
          {
            field: 'price',
            line: {
              pos: typeof l.pos === 'number' ? l.pos : (i + 1) * 10,
              subpos: typeof l.subpos === 'number' ? l.subpos : 0,
              key: typeof l.item === 'string' ? l.item : '',
            },
            message: 'Every line of a proposal needs a price.',
          },
        ],
  );
  if (!lines.length)
    errors.push({ field: 'lines', message: 'A proposal without lines cannot be submitted.' });
  if (errors.length)
    throw fieldErrors(errors.map((e) => e.message).join(', '), errors, 'sourcing.proposal-incomplete');
}

export const proposalEffects: WorkflowEffect[] = [
  {
    name: 'sourcing: submit proposal',
    applies: (model, move) => model.name === PROPOSAL_MODEL && move.action === 'confirm',
    before: submitProposal,
  },
];
