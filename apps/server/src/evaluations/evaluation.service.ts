import { isAdminLevel, type DueEvaluations } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { forbidden } from '../lib/app-error.ts';
import { lockOrder } from '../receiving/receiving.orders.ts';
import {
  ensureContractEvaluations,
  ensureOrderEvaluation,
  type CreatedEvaluation,
} from './evaluation.due.ts';
import { evaluationRepository } from './evaluation.repository.ts';

/**
 * The run that creates the evaluations that fell due in the caller's tenant (POST /evaluations/due,
 * called daily by the scheduler with an administrator's token): the next contract evaluation of
 * every contract in force whose period is over, and the order evaluation of any order with a
 * received reception and none yet (receptions the ERP confirmed before receiving did this). Each
 * document in its own transaction, locked, so a run and a move never create the same one twice.
 */
export function evaluationService(db: Db) {
  const repo = evaluationRepository(db);
  return {
    async createDue(
      auth: AuthContext,
      today = new Date().toISOString().slice(0, 10),
    ): Promise<DueEvaluations> {
      if (!isAdminLevel(auth.user)) throw forbidden('Only administrators run the evaluations due.');
      const created: CreatedEvaluation[] = [];
      for (const id of await repo.contractsInForce(auth.domainId)) {
        const made = await db.transaction().execute(async (trx) => {
          const contract = await evaluationRepository(trx).lockContract(auth.domainId, id);
          return contract && !contract.deleted ? ensureContractEvaluations(trx, auth, contract, today) : [];
        });
        created.push(...made);
      }
      for (const key of await repo.ordersWithoutEvaluation(auth.domainId)) {
        const made = await db.transaction().execute(async (trx) => {
          const order = await lockOrder(trx, auth.domainId, key);
          return order ? ensureOrderEvaluation(trx, auth, order, today) : [];
        });
        created.push(...made);
      }
      return { created };
    },
  };
}
