import type { WorkflowEffect } from '../documents/document.workflow-effects.ts';
import { lockOrder, orderKeyOf } from '../receiving/receiving.orders.ts';
import { ensureContractEvaluations, ensureOrderEvaluation } from './evaluation.due.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Evaluations fall due with the moves of what they evaluate (evaluation.due.ts):
 * - a reception posted by the ERP (erp-done): the order evaluation of its order, once per order;
 * - a contract reaching erp-done: its first contract evaluation (the next ones come from the run of
 *   POST /evaluations/due when each period is over).
 */
export function evaluationEffects(): WorkflowEffect[] {
  return [
    {
      name: 'order-evaluation-due',
      applies: (model, move) => model.name === 'reception' && move.to === 'erp-done',
      async after({ trx, auth, row }, outcome) {
        if (outcome.stayed || outcome.to !== 'erp-done') return;
        const order = await lockOrder(trx, auth.domainId, orderKeyOf(row));
        if (order) await ensureOrderEvaluation(trx, auth, order, today());
      },
    },
    {
      name: 'contract-evaluation-due',
      applies: (model, move) => model.name === 'contract' && move.to === 'erp-done',
      async after({ trx, auth, row }, outcome) {
        if (outcome.stayed || outcome.to !== 'erp-done') return;
        await ensureContractEvaluations(
          trx,
          auth,
          { ...row, state: outcome.to, data: outcome.data },
          today(),
        );
      },
    },
  ];
}
