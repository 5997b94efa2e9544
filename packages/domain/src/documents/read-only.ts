/**
 * When a document is read-only and whose it is (seed 000 section 4 "A locked or readonly state...",
 * "Order documents can be read-only by requester/group rules", section 6): the facts every
 * permission and transition rule starts from.
 */
import { hasRole } from '../roles/roles.ts';
import {
  CHAT_MODEL,
  COMPLAINT_TYPES,
  SOURCING_TYPES,
  SUPPLIER_MODEL,
  currentState,
  documentType,
  isApprovalState,
  isOwnSupplierDocument,
  refId,
  refIds,
} from './states.ts';
import type { DocumentLike, DocUser, ModelRules, Workflow } from './types.ts';

export const includes = (list: ReadonlyArray<string> | null | undefined, v: string): boolean =>
  (list ?? []).includes(v);

/** Permission letters that stay available on a read-only document. */
export const READ_LIKE_PERMISSIONS = ['A', 'R'] as const;
/** Workflow transitions without a permission letter count as 'A' (action). */
export const DEFAULT_TRANSITION_PERMISSION = 'A';
/** Roles that edit orders without the requester rule. */
export const ORDER_FULL_EDIT_ROLES = 'admin,manager,buyer';

/** On a read-only document only actions with permission letter A or R remain. */
export function actionAllowed(letter: string | null | undefined, readonly: boolean): boolean {
  if (!readonly) return true;
  return (READ_LIKE_PERMISSIONS as readonly string[]).includes((letter ?? '').trim().toUpperCase());
}

// ---------------------------------------------------------------- model kinds

export const isChatModel = (model: Pick<ModelRules, 'name'>): boolean => model.name === CHAT_MODEL;
export const isComplaintModel = (model: ModelRules): boolean =>
  model.permissions?.complaintType ?? (COMPLAINT_TYPES as readonly string[]).includes(model.name);
export const isSupplierModel = (model: Pick<ModelRules, 'name'>): boolean => model.name === SUPPLIER_MODEL;
export function isSourcing(doc: DocumentLike, model?: ModelRules): boolean {
  if (model?.permissions?.sourcing !== undefined) return model.permissions.sourcing;
  const sourcing = SOURCING_TYPES as readonly string[];
  return sourcing.includes(documentType(doc, model)) || (!!model && sourcing.includes(model.name));
}

/**
 * The user's own document: their supplier record in the supplier model (the record whose id is
 * their supplier company, or which describes it through its supplier reference, as the server
 * stores it), else a document of their supplier.
 */
export function ownsDocument(
  doc: DocumentLike,
  model: Pick<ModelRules, 'name'>,
  user: DocUser | null | undefined,
): boolean {
  if (isSupplierModel(model)) {
    const mine = refId(user?.supplier);
    return mine !== undefined && (refId(doc._id ?? undefined) === mine || refId(doc.supplier) === mine);
  }
  return isOwnSupplierDocument(doc, user);
}

// ---------------------------------------------------------------- read-only

/**
 * Requesters on orders may edit only when they share a group with the order or are its requester,
 * recipient or manager. Users holding admin, manager or buyer are not bound by this rule.
 */
export function requesterMayEditOrder(doc: DocumentLike, user: DocUser | null | undefined): boolean {
  if (!user) return false;
  if (hasRole(user, ORDER_FULL_EDIT_ROLES)) return true;
  if (!hasRole(user, 'requester')) return true;
  const me = user._id ?? undefined;
  if (me && [doc.requester, doc.recipient, doc.manager].some((r) => refId(r) === me)) return true;
  const mine = new Set([...refIds(user.groups), ...(refId(user.group) ? [refId(user.group)!] : [])]);
  const theirs = [...refIds(doc.groups), ...(refId(doc.group) ? [refId(doc.group)!] : [])];
  return theirs.some((g) => mine.has(g));
}

export interface ReadOnlyOptions {
  /** adds the model's `readonly` state list and its name as the document type fallback */
  model?: ModelRules;
}

/**
 * The document is read-only when its state is locked in the workflow, the model lists the state as
 * read-only, `_state.readonly` or `_state.lock` is set, it is a completed approval document (in an
 * approval state with `completed` set), or it is an order the requester rule keeps from the user.
 */
export function isReadOnly(
  doc: DocumentLike,
  workflow: Workflow,
  user?: DocUser | null,
  options: ReadOnlyOptions = {},
): boolean {
  const state = currentState(doc);
  if (doc._state?.readonly || doc._state?.lock) return true;
  if (workflow.states.some((s) => s.name === state && s.lock)) return true;
  if (includes(options.model?.readonly, state)) return true;
  if (isApprovalState(state) && doc.completed) return true;
  if (user && documentType(doc, options.model) === 'order' && !requesterMayEditOrder(doc, user)) return true;
  return false;
}
