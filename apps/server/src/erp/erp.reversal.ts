import { sql } from 'kysely';
import type { LineLike } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { json, type Db } from '../db/database.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';
import { moveDocument } from '../documents/document.workflow.ts';
import { receiveOnOrder } from '../receiving/receiving.orders.ts';
import type { ErpCreated } from './erp.connector.ts';
import type { ErpMessage } from './erp.errors.ts';
import { externalRefOf } from './erp.payload.ts';

/**
 * Reversal of a goods receipt in the ERP (seed 001 section 4.1: receive, reverse-wait, reverse,
 * reverse-fail). The buyer asks (erp-done -> reverse-wait: waiting for the supplier); the supplier
 * accepts the return (-> reversed, the quantities go back to the order) and in that transaction
 * a `goods-receipt.reverse` message is queued: the reception shows 'reverse-wait' until the ERP
 * posts the reversal (Cancel, a 102 material document), then 'reverse'. If the ERP refuses, the
 * reception moves to reverse-fail with the ERP's messages and its quantities count on the order
 * again (the ERP still holds the receipt); the buyer may ask again.
 */
export const REVERSE_INTERFACE = 'goods-receipt.reverse';
const TEN_DIGITS = /^\d{10}$/;

export interface ReversalPayload {
  key: string;
  year: string;
  postingDate: string;
}

export const isReversalMove = (model: string, move: { from: string; to: string }) =>
  model === 'reception' && move.from === 'reverse-wait' && move.to === 'reversed';

type ErpRecord = { answer?: { key?: string; year?: string }; reversal?: unknown } & Record<string, unknown>;
const erpOf = (row: DocumentRow) => (row.data._erp as ErpRecord | undefined) ?? {};

/** The material document the ERP posted for this reception, or null (never posted there). */
export function postedMaterialDocument(row: DocumentRow): { key: string; year: string } | null {
  const answer = erpOf(row).answer;
  const key = row.key ?? answer?.key ?? '';
  return TEN_DIGITS.test(key) && answer?.year ? { key, year: answer.year } : null;
}

export const reversalRef = (documentId: string) => `${externalRefOf(documentId)}-R`;

/** The data of the accepted return while the ERP reversal waits. */
export const reversalQueued = (row: DocumentRow): Record<string, unknown> => ({
  ...row.data,
  status: 'reverse-wait',
  _erp: { ...erpOf(row), reversal: { status: 'queued', at: new Date().toISOString() } },
});

export const reversalPayload = (doc: { key: string; year: string }): ReversalPayload => ({
  ...doc,
  postingDate: new Date().toISOString().slice(0, 10),
});

/** The reception locked, if it is still the accepted return this message reverses. */
async function lockReversed(trx: Db, id: string): Promise<DocumentRow | null> {
  const row = await documentRepository(trx).find(sql<boolean>`true`, id, { lock: true });
  return row && !row.deleted && row.state === 'reversed' ? row : null;
}

/** The ERP posted the reversal: the reception reads 'Reversed' with the reversal's number. */
export async function reversalPosted(db: Db, documentId: string, created: ErpCreated, attempts: number) {
  await db.transaction().execute(async (trx) => {
    const row = await lockReversed(trx, documentId);
    if (!row) return;
    const reversal = {
      status: 'done',
      key: created.key,
      ...(created.year ? { year: created.year } : {}),
      attempts,
      at: new Date().toISOString(),
    };
    await trx
      .updateTable('documents')
      .set({
        data: json({ ...row.data, status: 'reverse', _erp: { ...erpOf(row), reversal } }),
        version: sql`version + 1`,
        updated_at: new Date(),
      } as never)
      .where(sql<boolean>`id = ${documentId}::bigint`)
      .execute();
  });
}

/** The ERP refused the reversal: reverse-fail with its messages; the receipt counts on the order again. */
export async function reversalRefused(
  db: Db,
  auth: AuthContext,
  documentId: string,
  message: string,
  details: ErpMessage[],
  attempts: number,
) {
  await db.transaction().execute(async (trx) => {
    const row = await lockReversed(trx, documentId);
    if (!row) return;
    const reversal = {
      status: 'failed',
      attempts,
      at: new Date().toISOString(),
      errors: details.map((d) => ({ field: d.field, line: d.line, message: d.message, code: d.code })),
    };
    await moveDocument(trx, auth, row, 'reverse-fail', {
      action: 'workflow',
      comment: message,
      audience: 'supplier',
      data: { ...row.data, status: 'reverse-fail', _erp: { ...erpOf(row), reversal } },
    });
    const lines = (await documentRepository(trx).lines(documentId)) as LineLike[];
    await receiveOnOrder(trx, auth, { ...row, state: 'reverse-fail' }, lines, 1);
  });
}
