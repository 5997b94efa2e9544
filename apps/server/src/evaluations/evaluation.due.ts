import {
  dueContractPeriods,
  evaluationMonths,
  internalDocumentKey,
  orderEvaluationPeriod,
  parsePeriod,
  periodText,
  type EvaluationPeriod,
} from '@p2p/domain';
import { audit, writtenDocument } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { documentMessageRepository } from '../documents/document-message.repository.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';
import { evaluationRepository } from './evaluation.repository.ts';

/**
 * Evaluations created when they fall due (the rules: receiving/evaluation-periods.ts of the
 * domain), inside the transaction of what made them due, with the evaluated document locked so
 * two moves never create the same evaluation twice. An evaluation takes its parent's supplier,
 * requester, group and plant; its evaluators are the parent's requester, its buyer and (contracts)
 * its manager, assigned so the 'assigned' role of its workflow lets them complete it.
 */

export type EvaluationModel = 'order-evaluation' | 'contract-evaluation';

export interface CreatedEvaluation {
  _id: string;
  model: EvaluationModel;
  key: string;
  parent: string;
  period: string;
}

const ZERO = '0';
const ZERO_TOTALS = {
  grossValue: ZERO,
  discountValue: ZERO,
  costValue: ZERO,
  netValue: ZERO,
  taxValue: ZERO,
  value: ZERO,
  listValue: ZERO,
};

type UserRef = { _id: string; name: string };

function evaluatorsOf(parent: DocumentRow): { requester: UserRef[]; all: UserRef[] } {
  const requester = parent.requester_id
    ? [{ _id: parent.requester_id, name: parent.requester_name ?? '' }]
    : [];
  const manager = parent.data.manager as { _id?: unknown; name?: unknown } | undefined;
  const all = [
    ...requester,
    { _id: parent.created_by, name: parent.created_by_name ?? '' },
    ...(typeof manager?._id === 'string' ? [{ _id: manager._id, name: String(manager.name ?? '') }] : []),
  ];
  return { requester, all: all.filter((u, i) => all.findIndex((o) => o._id === u._id) === i) };
}

async function createEvaluation(
  trx: Db,
  auth: AuthContext,
  model: EvaluationModel,
  parent: DocumentRow,
  period: string,
): Promise<CreatedEvaluation> {
  const tx = documentRepository(trx);
  const key = internalDocumentKey(model, await tx.nextKeyNumber(auth.domainId, model));
  const evaluators = evaluatorsOf(parent);
  const header = {
    type: model,
    subtype: null,
    key,
    supplier_id: parent.supplier_id,
    requester_id: parent.requester_id,
    group_id: parent.group_id,
    plant: parent.plant,
    data: {
      description: String(parent.data.description ?? parent.key),
      parent: parent.key,
      period,
      ...(parent.supplier_id
        ? { supplier: { _id: parent.supplier_id, name: parent.supplier_name ?? '' } }
        : {}),
      requesterEvaluators: evaluators.requester,
      possibleEvaluators: evaluators.all,
      assignees: evaluators.all,
    },
  };
  const state = 'created';
  const id = await tx.insert(auth.domainId, model, auth.user._id, { ...header, state, totals: ZERO_TOTALS });
  await documentMessageRepository(trx).insert({
    domainId: auth.domainId,
    documentId: id,
    state,
    userId: auth.user._id,
  });
  await audit.document(trx, auth, model, id, 'create', {
    after: writtenDocument({ ...header, state, totals: ZERO_TOTALS }),
    detail: { due: { model: parent.model, id: parent.id } },
  });
  return { _id: id, model, key, parent: parent.key ?? '', period };
}

/** The order evaluation of an order a receipt was posted for: one per order, made once. */
export async function ensureOrderEvaluation(
  trx: Db,
  auth: AuthContext,
  order: DocumentRow,
  today: string,
): Promise<CreatedEvaluation[]> {
  if (!order.key) return [];
  const existing = await evaluationRepository(trx).periodsOf(auth.domainId, 'order-evaluation', order.key);
  if (existing.length) return [];
  return [await createEvaluation(trx, auth, 'order-evaluation', order, orderEvaluationPeriod(today))];
}

/**
 * The contract evaluations due for a contract in force: the first period from the day it reached
 * erp-done, then one per period of its `evaluationMonths` once the previous one is over.
 */
export async function ensureContractEvaluations(
  trx: Db,
  auth: AuthContext,
  contract: DocumentRow,
  today: string,
): Promise<CreatedEvaluation[]> {
  if (!contract.key || contract.state !== 'erp-done') return [];
  const periods = (
    await evaluationRepository(trx).periodsOf(auth.domainId, 'contract-evaluation', contract.key)
  )
    .map(parsePeriod)
    .filter((p): p is EvaluationPeriod => p !== null)
    .sort((a, b) => a.to.localeCompare(b.to));
  const validTo = typeof contract.data.validTo === 'string' ? contract.data.validTo : null;
  const due = dueContractPeriods(
    periods.at(-1) ?? null,
    evaluationMonths(contract.data.evaluationMonths),
    today,
    validTo,
    // periods count from the first one's start (the day the contract reached erp-done)
    periods[0]?.from,
  );
  const created: CreatedEvaluation[] = [];
  for (const p of due)
    created.push(await createEvaluation(trx, auth, 'contract-evaluation', contract, periodText(p)));
  return created;
}
