/** Document states, workflow actions and the small readers shared by the document rules (seed 000 section 4). */
import type { DocumentLike, DocUser, ModelRules, RecordRef, Workflow } from './types.ts';

/** The 16 document states of seed 000 section 4. */
export const DOCUMENT_STATES = [
  'created',
  'updated',
  'deleted',
  'rejected',
  'erp-fail',
  'erp-done',
  'erp',
  'approval',
  'approved',
  'completed',
  'closed',
  'archived',
  'rfq',
  'rfq-rejected',
  'negotiation',
  'expired',
] as const;
export type DocumentStateName = (typeof DOCUMENT_STATES)[number];

/** States of sourcing (RFx) documents. */
export const RFX_STATES = [
  'created',
  'proposal',
  'first-inspection',
  'proposed',
  'first-approval',
  'regularization',
  'execution',
  'final-inspection',
  'suspended-pep',
  'suspended-contract',
  'suspended-other',
] as const;
export type RfxStateName = (typeof RFX_STATES)[number];

export const APPROVAL_STATES = ['consulting-approval', 'manager-approval', 'approval'] as const;
export const isApprovalState = (state: string | null | undefined): boolean =>
  (APPROVAL_STATES as readonly string[]).includes(state ?? '');

/** The workflow of a model that defines none: created, updated (optional), deleted (optional). */
export const DEFAULT_WORKFLOW: Workflow = {
  states: [
    { index: 0, label: 'Created', name: 'created' },
    { index: 1, label: 'Updated', name: 'updated', optional: true },
    { index: 2, label: 'Deleted', name: 'deleted', optional: true },
  ],
  transitions: [],
};

export const INITIAL_STATE = 'created';
/** The complaint workflow starts at created. */
export const COMPLAINT_INITIAL_STATE = 'created';

/** The 21 workflow actions; each opens a state-change dialog. */
export const WORKFLOW_ACTIONS = [
  'workflow',
  'submit-approval',
  'return-buyer',
  'confirm',
  'negotiate',
  'accept-return',
  'approve',
  'reject',
  'close',
  'reject-plan',
  'reject-close-complaint',
  'reject-return',
  'submit-info',
  'return-to-inspection',
  'suspend-contract',
  'suspend-pep',
  'suspend-other',
  'reject-request',
  'approval-approve',
  'approval-reject',
  'approval-request',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** Actions whose dialog requires a comment. */
export const COMMENT_REQUIRED_ACTIONS = [
  'reject-plan',
  'reject-close-complaint',
  'reject-return',
  'submit-info',
  'negotiate',
  'reject',
  'return-to-inspection',
  'suspend-contract',
  'suspend-pep',
  'suspend-other',
  'approval-reject',
  'reject-request',
] as const;

/** True for the actions of COMMENT_REQUIRED_ACTIONS (any suspend-* action included). */
export function commentRequired(action: string | null | undefined): boolean {
  if (!action) return false;
  return (COMMENT_REQUIRED_ACTIONS as readonly string[]).includes(action) || action.startsWith('suspend-');
}

/** A key of exactly 10 digits: the document has been synced to the ERP. */
export function isKeyed(key: unknown): boolean {
  if (typeof key === 'number') return Number.isSafeInteger(key) && /^\d{10}$/.test(String(key));
  return typeof key === 'string' && /^\d{10}$/.test(key);
}

/** Edit is hidden in these states (and in 'deleted'). */
export const EDIT_HIDDEN_STATES = ['completed', 'closed', 'archived', 'erp-done', 'approved', 'rfq'] as const;
/** Delete is allowed only in these states (and only without a 10-digit key). */
export const DELETABLE_STATES = ['created', 'updated', 'rejected', 'erp-fail'] as const;
/** Keyed requisitions of this subtype stay editable in the states below. */
export const KEYED_EDITABLE_SUBTYPE = 'R002';
export const KEYED_EDITABLE_STATES = ['rfq-rejected', 'updated'] as const;
/** Reopen applies to documents in these states. */
export const REOPEN_STATES = ['closed', 'archived'] as const;

/** Document types whose models are sourcing (RFx): return-buyer is only offered there. */
export const SOURCING_TYPES = ['purchase-rfx'] as const;
/** Purchasing documents: the service-line risk rules apply to them. */
export const PURCHASING_TYPES = ['requisition', 'contract', 'order'] as const;
export const COMPLAINT_TYPES = ['complaint'] as const;
export const SUPPLIER_MODEL = 'supplier';
export const CHAT_MODEL = 'chat';

// ---------------------------------------------------------------- readers

/** The id of a reference: the string itself, a number as text, or the `_id` of an object. */
export function refId(ref: RecordRef | null | undefined): string | undefined {
  if (ref === null || ref === undefined) return undefined;
  if (typeof ref === 'string') return ref === '' ? undefined : ref;
  if (typeof ref === 'number') return String(ref);
  const id = ref._id;
  return id === null || id === undefined || id === '' ? undefined : String(id);
}

/** The ids of a list of references (empty entries dropped). */
export const refIds = (refs: ReadonlyArray<RecordRef> | null | undefined): string[] =>
  (refs ?? []).map(refId).filter((id): id is string => id !== undefined);

/** Null, undefined, a blank string, an empty array or an object without own keys. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && !(v instanceof Date)) return Object.keys(v).length === 0;
  return false;
}

/** The workflow of a model, DEFAULT_WORKFLOW when it defines none. */
export const workflowOf = (model: Pick<ModelRules, 'workflow'> | null | undefined): Workflow =>
  model?.workflow ?? DEFAULT_WORKFLOW;

/** The first state of a workflow by index ('created' when empty). */
export function initialState(workflow: Workflow = DEFAULT_WORKFLOW): string {
  const first = [...workflow.states].sort((a, b) => a.index - b.index)[0];
  return first?.name ?? INITIAL_STATE;
}

/** The document's current state; a new document is in 'created'. */
export const currentState = (doc: DocumentLike | null | undefined): string =>
  doc?._state?.current || INITIAL_STATE;

/** The document type (doc.type), falling back to the model name. */
export const documentType = (
  doc: DocumentLike | null | undefined,
  model?: Pick<ModelRules, 'name'>,
): string => doc?.doc?.type || model?.name || '';

export const documentSubtype = (doc: DocumentLike | null | undefined): string => doc?.doc?.subtype ?? '';

/** The line has something consumed: anything but null, undefined, false, '' or a zero amount. */
export function isLineConsumed(cq: unknown): boolean {
  if (cq === null || cq === undefined || cq === false || cq === '') return false;
  if (cq === true) return true;
  if (typeof cq === 'number') return cq !== 0 && !Number.isNaN(cq);
  if (typeof cq === 'string') {
    const n = Number(cq);
    return Number.isNaN(n) ? true : n !== 0;
  }
  return true;
}

export const hasConsumedLines = (doc: DocumentLike | null | undefined): boolean =>
  (doc?.lines ?? []).some((l) => isLineConsumed(l._cq));

/** The document has at least one line of type 'service'. */
export const hasServiceLines = (doc: DocumentLike | null | undefined): boolean =>
  (doc?.lines ?? []).some((l) => l.type === 'service');

/** The document belongs to the user's supplier. */
export function isOwnSupplierDocument(
  doc: DocumentLike | null | undefined,
  user: DocUser | null | undefined,
): boolean {
  const mine = refId(user?.supplier);
  return mine !== undefined && refId(doc?.supplier) === mine;
}

/** The user is one of the document's assignees. */
export function isAssignee(doc: DocumentLike | null | undefined, user: DocUser | null | undefined): boolean {
  const id = user?._id;
  return !!id && refIds(doc?.assignees).includes(id);
}
