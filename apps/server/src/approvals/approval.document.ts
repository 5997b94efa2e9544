import {
  APPROVAL_DOCUMENT_STATES,
  APPROVAL_MODEL,
  assigneesOf,
  internalDocumentKey,
  type ApprovalConsultation,
  type ApprovalLevel,
  type ApprovalOpinion,
  type ApprovalProgress,
  type NamedRef,
} from '@p2p/domain';
import { sql } from 'kysely';
import { audit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { documentMessageRepository } from '../documents/document-message.repository.ts';
import { documentRepository, isDocumentId, type DocumentRow } from '../documents/document.repository.ts';

/**
 * The approval document (model 'approval'): its data holds the parent, the levels with their
 * decisions, the level deciding now, the consultation and the opinions, and `assignees` (who it
 * waits for: 'Assigned to me'). The parent holds the same assignees (its approvers) and
 * `approval: {_id, state}`.
 */

export interface ParentRef {
  _id: string;
  model: string;
  key: string | null;
}

export interface ApprovalData {
  parent: ParentRef;
  description: string;
  levels: ApprovalLevel[];
  current: number;
  consultation: ApprovalConsultation | null;
  opinions: ApprovalOpinion[];
  outcome: 'approved' | 'rejected' | null;
  assignees: NamedRef[];
  completed?: boolean;
}

export const progressOf = (data: Record<string, unknown>): ApprovalProgress => {
  const d = data as Partial<ApprovalData>;
  return {
    levels: d.levels ?? [],
    current: d.current ?? 0,
    consultation: d.consultation ?? null,
    opinions: d.opinions ?? [],
    outcome: d.outcome ?? null,
  };
};

export const parentOf = (data: Record<string, unknown>): ParentRef | undefined => {
  const p = (data as Partial<ApprovalData>).parent;
  return p && typeof p._id === 'string' && isDocumentId(p._id) && typeof p.model === 'string' ? p : undefined;
};

/** The state of the approval document its progress puts it in. */
export function approvalStateOf(p: ApprovalProgress): string {
  if (p.outcome === 'approved') return APPROVAL_DOCUMENT_STATES.completed;
  if (p.outcome === 'rejected') return APPROVAL_DOCUMENT_STATES.rejected;
  return p.consultation ? APPROVAL_DOCUMENT_STATES.consulting : APPROVAL_DOCUMENT_STATES.waiting;
}

/** The approval document's data for its progress (a completed approval is read-only, seed 000 §4). */
export function approvalData(base: Record<string, unknown>, p: ApprovalProgress): Record<string, unknown> {
  return {
    ...base,
    levels: p.levels,
    current: p.current,
    consultation: p.consultation,
    opinions: p.opinions,
    outcome: p.outcome ?? null,
    assignees: assigneesOf(p),
    ...(p.outcome === 'approved' ? { completed: true } : {}),
  };
}

/** Who the parent waits for: the approvers of the current level (a consultant only gives an opinion). */
export const parentAssignees = (p: ApprovalProgress): NamedRef[] => assigneesOf({ ...p, consultation: null });

/** The parent's data as the approval leaves it. */
export const parentData = (parent: DocumentRow, approvalId: string, p: ApprovalProgress) => ({
  ...parent.data,
  assignees: parentAssignees(p),
  approval: { _id: approvalId, state: approvalStateOf(p) },
});

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

/**
 * Opens the approval document of `parent` inside the submit's transaction: numbered like every
 * document, filed in the parent's group and plant with its requester (so the people who follow
 * the parent follow its approval), never with its supplier; its first timeline entry is the submit.
 */
export async function openApproval(
  trx: Db,
  auth: AuthContext,
  parent: DocumentRow,
  progress: ApprovalProgress,
  comment: string,
): Promise<string> {
  const repo = documentRepository(trx);
  const key = internalDocumentKey(APPROVAL_MODEL, await repo.nextKeyNumber(auth.domainId, APPROVAL_MODEL));
  const state = approvalStateOf(progress);
  const title = `${parent.model.charAt(0).toUpperCase()}${parent.model.slice(1)} ${parent.key ?? ''}`.trim();
  const data = approvalData(
    {
      parent: { _id: parent.id, model: parent.model, key: parent.key },
      description: String(parent.data.description ?? title),
    },
    progress,
  );
  const id = await repo.insert(auth.domainId, APPROVAL_MODEL, auth.user._id, {
    type: APPROVAL_MODEL,
    subtype: null,
    key,
    state,
    supplier_id: null,
    requester_id: parent.requester_id,
    group_id: parent.group_id,
    plant: parent.plant,
    data,
    totals: ZERO_TOTALS,
  });
  await documentMessageRepository(trx).insert({
    domainId: auth.domainId,
    documentId: id,
    state,
    userId: auth.user._id,
    text: comment || null,
    tracking: { action: 'submit-approval', from: null, to: state },
  });
  await audit.document(trx, auth, APPROVAL_MODEL, id, 'create', {
    after: { key, state, parent: data.parent },
  });
  return id;
}

/**
 * The row of an approval document or a parent, locked for the decision: found by tenant, model and
 * id only, because the caller's right to act was decided on the document the action was taken on.
 */
export async function lockRow(trx: Db, domainId: string, model: string, id: string) {
  if (!isDocumentId(id)) return undefined;
  return documentRepository(trx).find(sql<boolean>`(d.domain_id = ${domainId} and d.model = ${model})`, id, {
    lock: true,
  });
}

/**
 * The running approval of a parent, locked: looked up by the parent's id on the approval documents
 * (whose data only the server writes), never through the parent's own `data.approval`, which an
 * editor of the parent could rewrite or drop.
 */
export async function lockOpenApproval(trx: Db, domainId: string, parentId: string) {
  return documentRepository(trx).find(
    sql<boolean>`(d.domain_id = ${domainId} and d.model = ${APPROVAL_MODEL}
      and d.data #>> '{parent,_id}' = ${parentId}
      and d.state in (${APPROVAL_DOCUMENT_STATES.waiting}, ${APPROVAL_DOCUMENT_STATES.consulting}))`,
    await latestOpenId(trx, domainId, parentId),
    { lock: true },
  );
}

async function latestOpenId(trx: Db, domainId: string, parentId: string): Promise<string> {
  const row = await trx
    .selectFrom('documents as d')
    .select(sql<string>`d.id::text`.as('id'))
    .where('d.domain_id', '=', domainId)
    .where('d.model', '=', APPROVAL_MODEL)
    .where(sql<boolean>`d.data #>> '{parent,_id}' = ${parentId}`)
    .where('d.state', 'in', [APPROVAL_DOCUMENT_STATES.waiting, APPROVAL_DOCUMENT_STATES.consulting])
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? '0';
}
