import {
  ORDER_RECEIVED_ICON,
  RECEIVING_ORDER_STATE,
  applyReceipt,
  fullyReceived,
  openQuantities,
  receiptLineErrors,
  type LineLike,
  type ReceiptLineInput,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';
import { moveDocument } from '../documents/document.workflow.ts';
import { AppError, fieldErrors, refuseFieldErrors } from '../lib/app-error.ts';
import { receivingRepository } from './receiving.repository.ts';

/**
 * A reception against its order, inside the transaction of the write: the order must take goods
 * (confirmed by its supplier) and the lines must fit its open quantities; once received (ERP
 * confirmation) the quantities are written on the order lines, and an accepted return gives them
 * back. The order row is locked first, so two dispatches or receipts of one order never both take
 * the same open quantity.
 */

export const INVALID_KEY = 'receiving.invalid';

/** The order takes dispatches and receipts: its supplier confirmed it, it is not closed. */
export function assertOrderReceives(order: DocumentRow): void {
  if (order.state !== RECEIVING_ORDER_STATE)
    throw new AppError(
      'conflict',
      `Goods are dispatched and received only against an order its supplier confirmed; order ${order.key ?? order.id} is in state '${order.state}'.`,
      { key: 'receiving.order-not-confirmed' },
    );
}

/**
 * The lines fit the order: each a receivable line of it, at most its open quantity (ordered minus
 * received minus what other receptions have on the way; `except` is the reception being checked).
 * 400 with one field error per failing line.
 */
export async function assertLinesFit(
  trx: Db,
  domainId: string,
  order: DocumentRow,
  orderLines: ReadonlyArray<LineLike>,
  lines: ReadonlyArray<ReceiptLineInput>,
  except?: string,
): Promise<void> {
  const key = order.key ?? '';
  const reserved = await receivingRepository(trx).reservedLines(domainId, key, except);
  refuseFieldErrors(
    receiptLineErrors(orderLines, openQuantities(orderLines, reserved), lines, key),
    INVALID_KEY,
  );
}

/** The number of the order a reception is against (its `reference.order`), '' for none. */
export const orderKeyOf = (reception: DocumentRow): string => {
  const ref = (reception.data.reference as { order?: unknown } | undefined)?.order;
  return typeof ref === 'string' ? ref.trim() : '';
};

/**
 * The order numbered `key` in the tenant, locked (another feature's consequences of a reception or
 * order move take it through here: the evaluations that fall due).
 */
export const lockOrder = (trx: Db, domainId: string, key: string): Promise<DocumentRow | undefined> =>
  key ? receivingRepository(trx).lockOrderByKey(domainId, key) : Promise.resolve(undefined);

const orderField = (message: string) =>
  fieldErrors(message, [{ field: 'reference.order', message }], INVALID_KEY);

/**
 * The order of a reception that is about to count on it (posted, or a dispatch received), locked,
 * after checking the reception against it: the order exists, takes goods, is of the reception's
 * supplier, and the lines fit.
 */
export async function checkReceptionAgainstOrder(
  trx: Db,
  domainId: string,
  reception: DocumentRow,
  lines: ReadonlyArray<LineLike>,
): Promise<DocumentRow> {
  const key = orderKeyOf(reception);
  if (!key) throw orderField('The order of the reception is required.');
  const order = await receivingRepository(trx).lockOrderByKey(domainId, key);
  if (!order) throw orderField(`Order ${key} does not exist.`);
  if (reception.supplier_id && order.supplier_id !== reception.supplier_id)
    throw orderField(`Order ${key} is another supplier's order.`);
  assertOrderReceives(order);
  const orderLines = await documentRepository(trx).lines(order.id);
  await assertLinesFit(trx, domainId, order, orderLines, lines, reception.id);
  return order;
}

/**
 * Receives (direction 1) or gives back (-1) the reception's quantities on its order lines (`_cq`).
 * An order whose every line is received moves on from completed to closed, marked received (the
 * 'receive' icon); a return that opens a line again brings an order closed that way back to
 * completed. Any other order keeps its state; the step is recorded on its timeline (the version
 * grows, so a form opened before reloads), addressed to the supplier too.
 */
export async function receiveOnOrder(
  trx: Db,
  auth: AuthContext,
  reception: DocumentRow,
  lines: ReadonlyArray<LineLike>,
  direction: 1 | -1,
): Promise<void> {
  const key = orderKeyOf(reception);
  const repo = receivingRepository(trx);
  // a reception posted before receiving checked its order (seeded, imported) has nothing to move
  const order = key ? await repo.lockOrderByKey(auth.domainId, key) : undefined;
  if (!order) return;
  const before = await documentRepository(trx).lines(order.id);
  const after = applyReceipt(before, lines, direction);
  await repo.writeLines(
    order.id,
    after.filter((l, i) => l !== before[i]),
  );
  const full = fullyReceived(after);
  const data = { ...order.data };
  if (full) data.receipt = ORDER_RECEIVED_ICON;
  else delete data.receipt;
  let to = order.state;
  if (direction > 0 && full && order.state === RECEIVING_ORDER_STATE) to = 'closed';
  if (direction < 0 && !full && order.state === 'closed' && order.data.receipt === ORDER_RECEIVED_ICON)
    to = RECEIVING_ORDER_STATE;
  await moveDocument(trx, auth, order, to, {
    action: direction > 0 ? 'receive' : 'reverse',
    comment: reception.key ?? '',
    audience: 'supplier',
    data,
  });
}
