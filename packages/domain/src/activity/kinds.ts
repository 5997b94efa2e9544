/**
 * Recent activity of the profile (seed 001 sections 2.2 and 9): the 12 kinds of the card's dropdown,
 * ids 0 to 11, each a scoped list of documents. What each kind selects is data here (the model, the
 * states, who the caller must be); the server turns it into SQL inside the caller's document scope.
 */

export type Localized = { readonly en: string; readonly pt: string };

/** Who the caller must be on the document, beyond being allowed to read it. */
export type ActivityMine =
  /** nobody in particular: everything the caller's scope holds */
  | 'any'
  /** the caller created it, last changed it or is its requester */
  | 'working'
  /** the caller is one of its current approvers (data.assignees) */
  | 'approver';

export interface ActivityKind {
  readonly id: number;
  readonly key: string;
  readonly label: Localized;
  readonly model: string;
  /** the states it lists; null: every state but deleted */
  readonly states: ReadonlyArray<string> | null;
  readonly mine: ActivityMine;
  /** the approval step the document waits in (data.approval.state) */
  readonly approvalStep?: 'manager-approval';
  /** only orders with a line not yet fully received (its consumed quantity _cq below its quantity) */
  readonly notFullyReceived?: true;
}

/** Requisitions still on their way to an order: drafts, approvals, sourcing, an ERP failure. */
const PENDING_REQUISITION = [
  'created',
  'updated',
  'approval',
  'approved',
  'rejected',
  'rfq',
  'rfq-rejected',
  'erp-fail',
];
/** The states in which a document is still in its author's hands. */
const REQUISITION_WORK = ['created', 'updated', 'rejected', 'rfq-rejected'];
const ORDER_WORK = ['created', 'updated', 'rejected', 'negotiation'];
const OPEN_EVALUATION = ['created', 'updated'];

export const ACTIVITY_KINDS: ReadonlyArray<ActivityKind> = [
  {
    id: 0,
    key: 'pending-requisitions',
    label: { en: 'Pending requisitions', pt: 'Requisições pendentes' },
    model: 'requisition',
    states: PENDING_REQUISITION,
    mine: 'any',
  },
  {
    id: 1,
    key: 'draft-orders',
    label: { en: 'Draft orders', pt: 'Encomendas em rascunho' },
    model: 'order',
    states: ['created', 'updated'],
    mine: 'any',
  },
  {
    id: 2,
    key: 'receiving-orders',
    label: { en: 'Receiving orders', pt: 'Encomendas em receção' },
    model: 'order',
    // confirmed by the supplier (confirm moves an order to completed) and not yet fully received
    states: ['completed'],
    mine: 'any',
    notFullyReceived: true,
  },
  {
    id: 3,
    key: 'orders-manager-approval',
    label: { en: 'Orders waiting for manager approval', pt: 'Encomendas a aguardar aprovação do gestor' },
    model: 'order',
    states: ['approval'],
    mine: 'any',
    approvalStep: 'manager-approval',
  },
  {
    id: 4,
    key: 'orders-approval',
    label: { en: 'Orders waiting for approval', pt: 'Encomendas a aguardar aprovação' },
    model: 'order',
    states: ['approval'],
    mine: 'any',
  },
  {
    id: 5,
    key: 'orders-my-approval',
    label: { en: 'Orders waiting for my approval', pt: 'Encomendas a aguardar a minha aprovação' },
    model: 'order',
    states: ['approval'],
    mine: 'approver',
  },
  {
    id: 6,
    key: 'complaints',
    label: { en: 'Complaints', pt: 'Reclamações' },
    model: 'complaint',
    // open complaints: closing one ends it
    states: ['created', 'updated', 'approval', 'completed'],
    mine: 'any',
  },
  {
    id: 7,
    key: 'pending-contract-evaluations',
    label: { en: 'Pending contract evaluations', pt: 'Avaliações de contratos pendentes' },
    model: 'contract-evaluation',
    states: OPEN_EVALUATION,
    mine: 'any',
  },
  {
    id: 8,
    key: 'pending-order-evaluations',
    label: { en: 'Pending order evaluations', pt: 'Avaliações de encomendas pendentes' },
    model: 'order-evaluation',
    states: OPEN_EVALUATION,
    mine: 'any',
  },
  {
    id: 9,
    key: 'my-requisitions',
    label: { en: "Requisitions I'm working on", pt: 'Requisições em que estou a trabalhar' },
    model: 'requisition',
    states: REQUISITION_WORK,
    mine: 'working',
  },
  {
    id: 10,
    key: 'my-orders',
    label: { en: "Orders I'm working on", pt: 'Encomendas em que estou a trabalhar' },
    model: 'order',
    states: ORDER_WORK,
    mine: 'working',
  },
  {
    id: 11,
    key: 'recent-orders',
    label: { en: 'Recent orders', pt: 'Encomendas recentes' },
    model: 'order',
    states: null,
    mine: 'any',
  },
];

/** Seed 001 section 9: the card shows 5 items unless told otherwise. */
export const ACTIVITY_DEFAULT_COUNT = 5;
/** The most items one call answers (the card's Show count is clamped to it). */
export const ACTIVITY_MAX_COUNT = 50;
export const ACTIVITY_DEFAULT_KIND = 0;

/** The kind of an id, or undefined for an id outside 0 to 11. */
export const activityKind = (id: number): ActivityKind | undefined =>
  Number.isInteger(id) ? ACTIVITY_KINDS[id] : undefined;

/** The card's Show count as the server takes it: a whole number from 1 to ACTIVITY_MAX_COUNT. */
export function clampActivityCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return ACTIVITY_DEFAULT_COUNT;
  return Math.min(ACTIVITY_MAX_COUNT, Math.max(1, Math.trunc(n)));
}
