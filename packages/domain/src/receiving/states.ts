/**
 * Receiving (seed 000 sections 1 and 4, seed 001 section 4.1): which reception states count on the
 * order, the two kinds of reception, who may start one from an order, and the status icon of a
 * reception in each state.
 *
 * A reception is either a supplier dispatch (the supplier announces goods it sent against its own
 * confirmed order; made and sent at once, into 'dispatched') or a goods receipt (the buyer's, a
 * draft in 'created'). The buyer receives a dispatch or posts a goods receipt ('erp'); the ERP
 * confirms it ('erp-done', or fails it: 'erp-fail', to fix and post again): from then on its
 * quantities are received on the order lines (`_cq`). A received
 * reception can be reversed: the supplier accepts the return ('reversed', the quantities go back
 * to the order lines) or rejects it with a comment ('reverse-fail', the buyer may ask again).
 */
import { actsAsSupplier, hasRole, isAdminLevel } from '../roles/roles.ts';
import { currentState, isOwnSupplierDocument } from '../documents/states.ts';
import type { DocumentLike, DocUser } from '../documents/types.ts';

/** doc.subtype of a reception. */
export const RECEPTION_SUBTYPES = { goodsReceipt: 'GR', dispatch: 'SD' } as const;

/** An order takes dispatches and receipts once its supplier confirmed it. */
export const RECEIVING_ORDER_STATE = 'completed';

/** States whose quantities are on their way to the order: dispatched, or being posted to the ERP. */
export const RESERVING_STATES = ['dispatched', 'erp', 'erp-fail'] as const;
/** States whose quantities are received on the order lines (`_cq`): posted and not reversed. */
export const RECEIVED_STATES = ['erp-done', 'reverse-wait', 'reverse-fail'] as const;
/** Counting states in which the lines may still change (the buyer adjusts a dispatch, fixes a failure). */
const EDITABLE_COUNTING_STATES = ['dispatched', 'erp-fail'] as const;

const within = (list: readonly string[], state: string): boolean => list.includes(state);
export const isReservingState = (state: string): boolean => within(RESERVING_STATES, state);
export const isReceivedState = (state: string): boolean => within(RECEIVED_STATES, state);

/**
 * A move that must check the reception against the order's open quantities: it enters a state
 * that counts on the order from one that did not count, or from one whose lines could have changed.
 */
export function moveNeedsQuantityCheck(from: string, to: string): boolean {
  const counts = (s: string) => isReservingState(s) || isReceivedState(s);
  if (!counts(to)) return false;
  return !counts(from) || within(EDITABLE_COUNTING_STATES, from);
}

/** 1: the move receives the reception's quantities on the order; -1: it gives them back; 0: neither. */
export function receivedDirection(from: string, to: string): 1 | -1 | 0 {
  const before = isReceivedState(from);
  const after = isReceivedState(to);
  if (before === after) return 0;
  return after ? 1 : -1;
}

/** The status icon (seed 001 section 4.1) of a reception in each state of its workflow. */
export const RECEPTION_STATUS_ICONS: Readonly<Record<string, string>> = {
  created: 'new',
  updated: 'new',
  dispatched: 'ship',
  erp: 'wait',
  'erp-fail': 'fail',
  // 'Received'; a supplier user reads it as 'Dispatched'
  'erp-done': 'receive',
  'reverse-wait': 'reverse-wait',
  'reverse-fail': 'reverse-fail',
  reversed: 'reverse',
  closed: 'block',
  deleted: 'deleted',
};

export const receptionStatusIcon = (state: string): string | null =>
  Object.hasOwn(RECEPTION_STATUS_ICONS, state) ? RECEPTION_STATUS_ICONS[state]! : null;

/** The icon an order carries once every line is received ('receive': Received, to suppliers Dispatched). */
export const ORDER_RECEIVED_ICON = 'receive';

/** Roles that receive goods against an order (besides admin level): reception.json's edit roles. */
export const RECEIPT_ROLES = 'buyer,requester';

export type ReceivingAction = 'dispatch' | 'receipt';

/**
 * What the user may start from an order: its own supplier a dispatch, the receiving staff a goods
 * receipt; nothing before the supplier confirmed the order or after it was closed.
 */
export function receivingAction(
  order: DocumentLike | null | undefined,
  user: DocUser | null | undefined,
): ReceivingAction | null {
  if (!order || !user || currentState(order) !== RECEIVING_ORDER_STATE) return null;
  if (actsAsSupplier(user)) return isOwnSupplierDocument(order, user) ? 'dispatch' : null;
  return isAdminLevel(user) || hasRole(user, RECEIPT_ROLES) ? 'receipt' : null;
}
