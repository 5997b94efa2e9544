import { sql } from 'kysely';
import { AppError } from '../lib/app-error.ts';
import type { Db } from '../db/database.ts';
import { documentRepository } from '../documents/document.repository.ts';
import type { WorkflowEffect } from '../documents/document.workflow-effects.ts';
import { erpOutboxRepository } from './erp-outbox.repository.ts';
import { documentPayload, externalRefOf, goodsReceiptPayload, type ErpOrgUnits } from './erp.payload.ts';
import { materialGroups } from './unspsc.ts';
import {
  isReversalMove,
  postedMaterialDocument,
  reversalPayload,
  reversalQueued,
  reversalRef,
  REVERSE_INTERFACE,
} from './erp.reversal.ts';

/** The models the integration sends, with the interface each uses. */
export const ERP_INTERFACES: Readonly<Record<string, string>> = {
  order: 'order.create',
  requisition: 'requisition.create',
  contract: 'contract.create',
  reception: 'goods-receipt.post',
};

/** Marks the integration's own calls (the worker's moves out of `erp`). */
export const INTEGRATION_TOKEN = 'erp-integration';

export interface ErpState {
  status: string;
  attempts: number;
  at: string;
  messageId?: string;
  answer?: unknown;
  /** the ERP's messages per field and line (our error shape) */
  errors?: Array<{ field: string | null; line: { pos: number } | null; message: string; code?: string }>;
}

/**
 * The integration's part in a move:
 * - to `erp`: the document's ERP payload goes into the outbox in the move's transaction (so a
 *   committed move always has its message, and a rolled-back move none); `_erp` says 'queued';
 * - out of `erp` by the integration: `_erp` records the outcome the worker wrote on the message;
 * - out of `erp` by a person (the manual steps of the configuration): the waiting message is
 *   cancelled, so the ERP does not receive a document someone confirmed by hand.
 */
const ERP_NUMBER = /^\d{10}$/;
const receiptOrderKey = (data: Record<string, unknown>): string =>
  String((data.reference as { order?: unknown } | undefined)?.order ?? '');

/** The ERP may hold the document of this message: sent, being sent, or an answer that never came. */
/** Seed 000 section 3: `_state.alertCancel` {ts, user}, kept in data._alertCancel. */
export const alertCancelBy = (auth: { user: { _id: string; name: string } }) => ({
  ts: new Date().toISOString(),
  user: { _id: auth.user._id, name: auth.user.name },
});

export const erpMayHold = (msg: { status: string; error: unknown } | undefined): boolean =>
  !!msg &&
  (msg.status === 'running' ||
    msg.status === 'done' ||
    (msg.error as { unknownOutcome?: boolean } | null)?.unknownOutcome === true);

export function erpEffect(org: ErpOrgUnits): WorkflowEffect {
  return {
    name: 'erp',
    applies: (model, move) =>
      model.name in ERP_INTERFACES &&
      (move.to === 'erp' || move.from === 'erp' || isReversalMove(model.name, move)),

    async before({ trx, row, move, auth }) {
      // the supplier accepted the return of a receipt the ERP holds: the ERP reverses it too
      if (isReversalMove(row.model, move))
        return postedMaterialDocument(row) ? { data: reversalQueued(row) } : undefined;
      const prior = (row.data._erp as ErpState | undefined) ?? null;
      if (move.to === 'erp') {
        // a receipt against an order the ERP never received (no 10-digit ERP number: made before the
        // link, or by hand) cannot be posted there: it waits in erp for the integration's hand, as
        // before the link, and no message is queued
        if (row.model === 'reception' && !ERP_NUMBER.test(receiptOrderKey(row.data))) return;
        // a line whose UNSPSC code maps to no ERP material group blocks the send (unspsc-fail)
        if (row.model !== 'reception')
          await materialGroups(trx as Db, auth.domainId, await documentRepository(trx).lines(row.id));
        return {
          data: {
            ...row.data,
            _erp: { status: 'queued', attempts: prior?.attempts ?? 0, at: new Date().toISOString() },
          },
        };
      }
      if (auth.tokenHash !== INTEGRATION_TOKEN) {
        const latest = await erpOutboxRepository(trx).latestFor(row.id);
        await erpOutboxRepository(trx).cancelLive(row.id);
        // seed 000 section 3, _state.alertCancel {ts, user}: a person took the document out of the
        // ERP flow while the ERP may already hold it (a send in flight, done, or of unknown outcome);
        // the ihub roles must cancel the ERP's copy there
        return erpMayHold(latest) ? { data: { ...row.data, _alertCancel: alertCancelBy(auth) } } : undefined;
      }
      const msg = await erpOutboxRepository(trx).latestFor(row.id);
      if (!msg)
        throw new AppError('conflict', 'No ERP message for this document.', { key: 'erp.no-message' });
      const error = msg.error as { details?: ErpState['errors'] } | null;
      const state: ErpState = {
        status: move.to === 'erp-done' ? 'done' : 'failed',
        attempts: msg.attempts,
        at: new Date().toISOString(),
        messageId: msg.id,
        answer: msg.answer,
        ...(move.to !== 'erp-done' && error?.details ? { errors: error.details } : {}),
      };
      return { data: { ...row.data, _erp: state } };
    },

    async after({ trx, row, model, auth, move }, outcome) {
      if (outcome.stayed) return;
      const posted = isReversalMove(model.name, move) ? postedMaterialDocument(row) : null;
      if (posted && outcome.to === 'reversed') {
        await erpOutboxRepository(trx).enqueue({
          domainId: auth.domainId,
          documentId: row.id,
          model: model.name,
          iface: REVERSE_INTERFACE,
          externalRef: reversalRef(row.id),
          payload: reversalPayload(posted),
        });
        // receiving wrote 'reverse' (Reversed); until the ERP posts the reversal it waits. Written
        // here: the fold keeps only changed keys, and the state before already read 'reverse-wait'
        await trx
          .updateTable('documents')
          .set({ data: sql`jsonb_set(data, '{status}', '"reverse-wait"')` })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      if (outcome.to !== 'erp') return;
      const stored = await documentRepository(trx).lines(row.id);
      const groups =
        model.name === 'reception'
          ? new Map<number, string>()
          : await materialGroups(trx as Db, auth.domainId, stored);
      const lines = stored.map((l) =>
        groups.has(Number(l.pos)) ? { ...l, materialGroup: groups.get(Number(l.pos)) } : l,
      );
      const payload =
        model.name === 'reception'
          ? goodsReceiptPayload(row, lines, org)
          : await documentPayload(trx as Db, row, lines, org);
      await erpOutboxRepository(trx).enqueue({
        domainId: auth.domainId,
        documentId: row.id,
        model: model.name,
        iface: ERP_INTERFACES[model.name]!,
        externalRef: externalRefOf(row.id),
        payload,
      });
    },
  };
}
