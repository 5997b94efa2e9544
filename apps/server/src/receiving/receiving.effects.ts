import { moveNeedsQuantityCheck, receivedDirection, receptionStatusIcon, type LineLike } from '@p2p/domain';
import type { WorkflowEffect } from '../documents/document.workflow-effects.ts';
import { checkReceptionAgainstOrder, orderKeyOf, receiveOnOrder } from './receiving.orders.ts';
import { receivingRepository } from './receiving.repository.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Receiving's part in the moves of a reception (its workflow: models/reception.json):
 * - every move writes the status icon of the new state (seed 001 section 4.1), which lists show;
 * - posting a goods receipt or receiving a dispatch checks the reception against its order again
 *   (the lines may have changed since it was made: a buyer's draft of the generic form, a dispatch
 *   the buyer adjusted to what arrived, a receipt that failed in the ERP and was fixed), dates it
 *   today when it has no date, and gives a reception without a supplier its order's;
 * - the ERP confirmation receives its quantities on the order lines, an accepted return gives them
 *   back (receiving.orders.ts).
 */
export function receivingEffect(): WorkflowEffect {
  return {
    name: 'receiving',
    applies: (model) => model.name === 'reception',

    async before({ trx, auth, row, doc, move }) {
      const data: Record<string, unknown> = { ...row.data };
      const icon = receptionStatusIcon(move.to);
      if (icon) data.status = icon;
      if (moveNeedsQuantityCheck(row.state, move.to)) {
        await checkReceptionAgainstOrder(trx, auth.domainId, row, (doc.lines ?? []) as LineLike[]);
        if (!data.receivedAt) data.receivedAt = today();
      }
      return { data };
    },

    async after({ trx, auth, row, doc }, outcome) {
      if (outcome.stayed) return;
      if (moveNeedsQuantityCheck(row.state, outcome.to) && !row.supplier_id) {
        const order = await receivingRepository(trx).lockOrderByKey(auth.domainId, orderKeyOf(row));
        if (order?.supplier_id)
          await receivingRepository(trx).setSupplier(row.id, {
            _id: order.supplier_id,
            name: order.supplier_name ?? '',
          });
      }
      const direction = receivedDirection(row.state, outcome.to);
      if (direction !== 0) await receiveOnOrder(trx, auth, row, (doc.lines ?? []) as LineLike[], direction);
    },
  };
}
