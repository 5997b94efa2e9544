import {
  RECEPTION_SUBTYPES,
  actsAsSupplier,
  canCreate,
  internalDocumentKey,
  messageAudience,
  openQuantities,
  orderLineRef,
  receivingAction,
  receptionStatusIcon,
  roundQuantity,
  toIsoDate,
  type LineLike,
  type OpenQuantities,
  type ReceiptRequest,
  type ReceivingAction,
} from '@p2p/domain';
import { sql } from 'kysely';
import { audit, writtenDocument } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { assertVersion, lockInScope, type DocumentAccess } from '../documents/document.access.ts';
import { docUser } from '../documents/document.field-rules.ts';
import { documentMessageRepository } from '../documents/document-message.repository.ts';
import { lineWrites, priceLines } from '../documents/document.pricing.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';
import type { ModelConfig } from '../documents/model-config.ts';
import { moveDocument } from '../documents/document.workflow.ts';
import { AppError, fieldErrors, forbidden } from '../lib/app-error.ts';
import { assertLinesFit, assertOrderReceives, INVALID_KEY } from './receiving.orders.ts';
import { receivingRepository } from './receiving.repository.ts';

/**
 * Receiving from an order (seed 000 sections 1 and 6): the open quantities of its lines, the
 * supplier's dispatch and the receiving staff's goods receipt. The order is read through the
 * caller's scope (another supplier's order, or another tenant's, does not exist: 404); the new
 * reception takes the order's supplier, requester, group and plant, and of each order line its
 * item, description, unit, price, conditions and tax, with the quantity asked.
 */

/**
 * What each kind of reception starts as: a receipt is a draft to post; a dispatch is made and sent
 * at once (its workflow's 'confirm' from created to dispatched, recorded on its timeline), so the
 * supplier, who never sees a draft reception, has it from its creation.
 */
const START = {
  dispatch: { subtype: RECEPTION_SUBTYPES.dispatch, dateField: 'shippedAt', sent: 'dispatched' },
  receipt: { subtype: RECEPTION_SUBTYPES.goodsReceipt, dateField: 'receivedAt', sent: null },
} as const;
const CREATED = 'created';

/** The order line's own facts a reception line copies (its amounts are computed again). */
const COPIED = ['item', 'description', 'type', 'unit', 'price', 'listPrice', 'priceInfo'] as const;

function receptionLine(order: LineLike, quantity: string): Record<string, unknown> {
  const line: Record<string, unknown> = { pos: order.pos ?? 0, subpos: order.subpos ?? 0 };
  for (const k of COPIED) if (order[k] !== undefined && order[k] !== null) line[k] = order[k];
  const tax = order.tax as { key?: string } | undefined;
  if (tax?.key) line.tax = { key: tax.key };
  line.quantity = quantity;
  return line;
}

const today = () => new Date().toISOString().slice(0, 10);

export function receivingService(db: Db, access: DocumentAccess) {
  /** 403 unless the caller may start this kind of reception (the order's own supplier, or the receiving staff). */
  function assertMayStart(auth: AuthContext, kind: ReceivingAction, reception: ModelConfig): void {
    const supplier = actsAsSupplier(auth.user);
    if (kind === 'dispatch' && !supplier) throw forbidden('Only the supplier of the order dispatches goods.');
    if (kind === 'receipt' && (supplier || !canCreate(reception, docUser(auth.user))))
      throw forbidden('You are not allowed to receive goods.');
  }

  async function start(
    auth: AuthContext,
    orderId: string,
    kind: ReceivingAction,
    body: ReceiptRequest,
  ): Promise<string> {
    // read before the transaction: PGlite has one connection, a query beside the transaction would wait
    const { scope } = await access.loadModel(auth, 'order');
    const reception = await access.modelConfig(auth, 'reception');
    const date = body.date === undefined ? today() : toIsoDate(body.date);
    if (date === null || (body.date !== undefined && date !== body.date))
      throw fieldErrors(
        'The date is not a calendar date.',
        [{ field: 'date', message: 'The date is not a calendar date.' }],
        INVALID_KEY,
      );
    return db.transaction().execute(async (trx) => {
      const tx = documentRepository(trx);
      const order = await lockInScope(tx, scope, orderId);
      assertMayStart(auth, kind, reception);
      assertVersion(order, body._version);
      assertOrderReceives(order);
      if (!order.key)
        throw new AppError('conflict', 'The order has no number to receive against.', {
          key: 'receiving.order-not-confirmed',
        });
      const orderLines = (await tx.lines(orderId)) as LineLike[];
      await assertLinesFit(trx, auth.domainId, order, orderLines, body.lines);
      const byRef = new Map(orderLines.map((l) => [orderLineRef(l), l]));
      const lines = body.lines.map((l) =>
        receptionLine(byRef.get(orderLineRef(l))!, roundQuantity(l.quantity)),
      );
      return insertReception(trx, auth, order, kind, body, date, lines);
    });
  }

  async function insertReception(
    trx: Db,
    auth: AuthContext,
    order: DocumentRow,
    kind: ReceivingAction,
    body: ReceiptRequest,
    date: string,
    lines: Array<Record<string, unknown>>,
  ): Promise<string> {
    const tx = documentRepository(trx);
    const { subtype, dateField, sent } = START[kind];
    const state = CREATED;
    const priced = priceLines(lines, state);
    const key = internalDocumentKey('reception', await tx.nextKeyNumber(auth.domainId, 'reception'));
    const header = {
      type: 'reception',
      subtype,
      key,
      supplier_id: order.supplier_id,
      requester_id: order.requester_id,
      group_id: order.group_id,
      plant: order.plant,
      data: {
        description: body.description?.trim() || String(order.data.description ?? order.key),
        reference: { order: order.key },
        ...(order.supplier_id
          ? { supplier: { _id: order.supplier_id, name: order.supplier_name ?? '' } }
          : {}),
        ...(body.deliveryNote?.trim() ? { deliveryNote: body.deliveryNote.trim() } : {}),
        [dateField]: date,
        status: receptionStatusIcon(sent ?? state),
      },
    };
    const id = await tx.insert(auth.domainId, 'reception', auth.user._id, {
      ...header,
      state,
      totals: priced.totals,
    });
    await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
    await documentMessageRepository(trx).insert({
      domainId: auth.domainId,
      documentId: id,
      state,
      userId: auth.user._id,
      audience: messageAudience(actsAsSupplier(auth.user), undefined),
    });
    await audit.document(trx, auth, 'reception', id, 'create', {
      after: writtenDocument({ ...header, state, totals: priced.totals }, priced.lines),
      detail: { [kind]: { order: order.id } },
    });
    if (sent) {
      const created = await tx.find(
        sql<boolean>`d.domain_id = ${auth.domainId} and d.model = 'reception'`,
        id,
        {
          lock: true,
        },
      );
      await moveDocument(trx, auth, created!, sent, { action: 'confirm', comment: '' });
    }
    return id;
  }

  return {
    /** The order's receivable lines with their ordered, received and open quantities, and what the caller may start. */
    async openQuantities(auth: AuthContext, orderId: string): Promise<OpenQuantities> {
      const { row, doc } = await access.load(auth, 'order', orderId);
      const reserved = row.key ? await receivingRepository(db).reservedLines(auth.domainId, row.key) : [];
      return {
        order: { _id: row.id, key: row.key, state: row.state, _version: row.version },
        action: row.deleted ? null : receivingAction(doc, docUser(auth.user)),
        lines: openQuantities((doc.lines ?? []) as LineLike[], reserved),
      };
    },

    dispatch: (auth: AuthContext, orderId: string, body: ReceiptRequest) =>
      start(auth, orderId, 'dispatch', body),
    receipt: (auth: AuthContext, orderId: string, body: ReceiptRequest) =>
      start(auth, orderId, 'receipt', body),
  };
}

export type ReceivingService = ReturnType<typeof receivingService>;
