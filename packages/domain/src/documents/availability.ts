/**
 * What a user may do with a document (seed 000 section 4 "Availability of transitions", the Edit
 * and Delete bullets, and section 6): workflow transitions, read-only, edit, delete, create,
 * duplicate and the model actions.
 */
import { actsAsSupplier, canEditModel, hasRole, isAdminLevel } from '../roles/roles.ts';
import { REOPEN_LIMIT_DAYS } from '../shell/constants.ts';
import {
  CHAT_MODEL,
  COMPLAINT_TYPES,
  DELETABLE_STATES,
  EDIT_HIDDEN_STATES,
  KEYED_EDITABLE_STATES,
  KEYED_EDITABLE_SUBTYPE,
  REOPEN_STATES,
  SOURCING_TYPES,
  SUPPLIER_MODEL,
  commentRequired,
  currentState,
  documentSubtype,
  documentType,
  hasConsumedLines,
  isApprovalState,
  isAssignee,
  isKeyed,
  isOwnSupplierDocument,
  refId,
  refIds,
  workflowOf,
} from './states.ts';
import type { DocumentLike, DocUser, Label, ModelRules, Workflow, WorkflowTransition } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const includes = (list: ReadonlyArray<string> | null | undefined, v: string): boolean =>
  (list ?? []).includes(v);

/** Permission letters that stay available on a read-only document. */
export const READ_LIKE_PERMISSIONS = ['A', 'R'] as const;
/** Workflow transitions without a permission letter count as 'A' (action). */
export const DEFAULT_TRANSITION_PERMISSION = 'A';
/** Roles that edit orders without the requester rule. */
export const ORDER_FULL_EDIT_ROLES = 'admin,manager,buyer';
/** Subtypes whose duplication needs DUPLICATE_RESTRICTED_ROLES and an item filter covering the lines. */
export const DUPLICATE_RESTRICTED_SUBTYPES = ['P011', 'P013'] as const;
export const DUPLICATE_RESTRICTED_ROLES = 'exc,cexc';

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
function isSourcing(doc: DocumentLike, model?: ModelRules): boolean {
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

// ---------------------------------------------------------------- transitions

export interface OfferedTransition {
  name: string;
  label: Label;
  disabled: boolean;
  /** why the transition is disabled */
  reason?: string;
  /** the state-change dialog needs a comment */
  commentRequired: boolean;
  permission: string;
}

export const REASONS = {
  reopenLimit: `The document was created more than ${REOPEN_LIMIT_DAYS} days ago.`,
  confirmNegotiation: 'Only a buyer can confirm a document in negotiation.',
  keyedRequisition: 'The requisition is already in the ERP.',
  returnBuyer: 'Only sourcing documents can be returned to the buyer.',
} as const;

/**
 * The user matches a transition's roles: admin or manager always; a role of the spec (comma list,
 * leading ! refuses); 'assigned' when the user is one of the document's assignees; rfx-manager on
 * sourcing documents. A refused (!role) role blocks every path except admin level.
 */
export function transitionRoleMatch(
  transition: Pick<WorkflowTransition, 'roles'>,
  doc: DocumentLike,
  user: DocUser | null | undefined,
  sourcing = false,
): boolean {
  if (!user) return false;
  if (isAdminLevel(user)) return true;
  const spec = transition.roles ?? '';
  const entries = (typeof spec === 'string' ? spec.split(',') : [...spec])
    .map((s) => s.trim())
    .filter(Boolean);
  const refused = entries.filter((e) => e.startsWith('!')).map((e) => e.slice(1));
  if (refused.length > 0 && hasRole(user, refused)) return false;
  const wanted = entries.filter((e) => !e.startsWith('!'));
  if (sourcing && hasRole(user, 'rfx-manager')) return true;
  if (wanted.includes('assigned') && isAssignee(doc, user)) return true;
  const roles = wanted.filter((e) => e !== 'assigned');
  if (roles.length > 0) return hasRole(user, roles);
  return wanted.length === 0 && entries.length > 0;
}

const toMs = (t: Date | number | string | null | undefined): number =>
  t instanceof Date
    ? t.getTime()
    : typeof t === 'number'
      ? t
      : typeof t === 'string'
        ? Date.parse(t)
        : Number.NaN;

/** A closed or archived document created more than REOPEN_LIMIT_DAYS days before `now`. */
export function reopenExpired(doc: DocumentLike, now: Date | number | string): boolean {
  if (!includes(REOPEN_STATES, currentState(doc))) return false;
  const created = toMs(doc._state?.created?.ts);
  const at = toMs(now);
  if (Number.isNaN(created) || Number.isNaN(at)) return false;
  return at - created > REOPEN_LIMIT_DAYS * DAY_MS;
}

export interface TransitionOptions {
  /** the document's model: its read-only states, sourcing flag and name as type fallback */
  model?: ModelRules;
}

/**
 * The transitions offered to `user` in the document's current state, each possibly disabled:
 * - offered when `from` holds the state and the roles match (transitionRoleMatch);
 * - suppliers get transitions only on their own supplier's documents;
 * - on a read-only document only permission letters A and R remain (transitions default to A);
 * - reopen is disabled for a closed/archived document created more than 365 days ago;
 * - confirm in negotiation: enabled for buyers, disabled for everyone else (suppliers included);
 * - submit-approval is disabled for keyed requisitions of a subtype other than R002;
 * - return-buyer is disabled except on sourcing documents.
 */
export function availableTransitions(
  doc: DocumentLike,
  workflow: Workflow,
  user: DocUser | null | undefined,
  now: Date | number | string,
  options: TransitionOptions = {},
): OfferedTransition[] {
  const state = currentState(doc);
  const model = options.model;
  const readonly = isReadOnly(doc, workflow, user, { ...(model ? { model } : {}) });
  const sourcing = isSourcing(doc, model);
  const supplier = actsAsSupplier(user);
  const out: OfferedTransition[] = [];
  for (const t of workflow.transitions) {
    if (!t.from.includes(state)) continue;
    if (!transitionRoleMatch(t, doc, user, sourcing)) continue;
    if (supplier && !isOwnSupplierDocument(doc, user)) continue;
    const permission = t.permission ?? DEFAULT_TRANSITION_PERMISSION;
    if (!actionAllowed(permission, readonly)) continue;
    let reason: string | undefined;
    if (t.name === 'reopen' && reopenExpired(doc, now)) reason = REASONS.reopenLimit;
    else if (t.name === 'confirm' && state === 'negotiation' && (supplier || !hasRole(user, 'buyer')))
      reason = REASONS.confirmNegotiation;
    else if (
      t.name === 'submit-approval' &&
      documentType(doc, model) === 'requisition' &&
      isKeyed(doc.key) &&
      documentSubtype(doc) !== KEYED_EDITABLE_SUBTYPE
    )
      reason = REASONS.keyedRequisition;
    else if (t.name === 'return-buyer' && !sourcing) reason = REASONS.returnBuyer;
    out.push({
      name: t.name,
      label: t.label ?? t.name,
      disabled: reason !== undefined,
      ...(reason !== undefined ? { reason } : {}),
      commentRequired: commentRequired(t.name),
      permission,
    });
  }
  return out;
}

// ---------------------------------------------------------------- edit, delete, create, duplicate

/** Keyed requisitions are not editable, except R002 in rfq-rejected or updated. */
function keyedRequisitionLocked(doc: DocumentLike, model: ModelRules): boolean {
  if (documentType(doc, model) !== 'requisition' || !isKeyed(doc.key)) return false;
  return !(
    documentSubtype(doc) === KEYED_EDITABLE_SUBTYPE && includes(KEYED_EDITABLE_STATES, currentState(doc))
  );
}

/**
 * Edit: never on the chat model; hidden in completed, closed, archived, erp-done, approved, rfq
 * (and deleted) unless the model lists the state in permissions.editableStates (master data such
 * as approved supplier records), and for keyed requisitions (except R002 in rfq-rejected or
 * updated); refused on a read-only document (isReadOnly, which carries the order requester rule);
 * otherwise admin and manager, or the model's editRoles. Suppliers only on their own documents.
 */
export function canEdit(doc: DocumentLike, model: ModelRules, user: DocUser | null | undefined): boolean {
  if (!user || isChatModel(model)) return false;
  const state = currentState(doc);
  if (state === 'deleted') return false;
  if (includes(EDIT_HIDDEN_STATES, state) && !includes(model.permissions?.editableStates, state))
    return false;
  if (keyedRequisitionLocked(doc, model)) return false;
  if (isReadOnly(doc, workflowOf(model), user, { model })) return false;
  if (actsAsSupplier(user) && !ownsDocument(doc, model, user)) return false;
  return canEditModel(user, model.permissions?.editRoles ? { editRoles: model.permissions.editRoles } : {});
}

/** Admin level, or the model's `key` roles (falling back to editRoles). */
function hasModelRole(user: DocUser, model: ModelRules, key: 'createRoles' | 'deleteRoles'): boolean {
  if (isAdminLevel(user)) return true;
  const spec = model.permissions?.[key] ?? model.permissions?.editRoles;
  return spec ? hasRole(user, spec) : false;
}

/**
 * Delete: never on the chat model; only in created, updated, rejected or erp-fail with a key that
 * is not 10 digits; with `deleteRequiresNoConsumption` only when no line has a consumed quantity;
 * never on a read-only document; admin level or the model's deleteRoles (default editRoles).
 * Suppliers delete only in complaint-type models and their own supplier record, own documents only.
 */
export function canDelete(doc: DocumentLike, model: ModelRules, user: DocUser | null | undefined): boolean {
  if (!user || isChatModel(model)) return false;
  if (!includes(DELETABLE_STATES, currentState(doc)) || isKeyed(doc.key)) return false;
  if (model.permissions?.deleteRequiresNoConsumption && hasConsumedLines(doc)) return false;
  if (isReadOnly(doc, workflowOf(model), user, { model })) return false;
  if (actsAsSupplier(user)) {
    if (!isComplaintModel(model) && !isSupplierModel(model)) return false;
    if (!ownsDocument(doc, model, user)) return false;
  }
  return hasModelRole(user, model, 'deleteRoles');
}

/**
 * Create: admin level or the model's createRoles (default editRoles). Suppliers only in
 * complaint-type models, and in the supplier model only while they have no supplier record yet.
 */
export function canCreate(model: ModelRules, user: DocUser | null | undefined): boolean {
  if (!user) return false;
  if (actsAsSupplier(user)) {
    if (isSupplierModel(model)) {
      if (refId(user.supplier) !== undefined) return false;
    } else if (!isComplaintModel(model)) return false;
  }
  return hasModelRole(user, model, 'createRoles');
}

/** Creating several documents at once: as canCreate, never on the chat model. */
export const canCreateMultiple = (model: ModelRules, user: DocUser | null | undefined): boolean =>
  !isChatModel(model) && canCreate(model, user);

/**
 * The user's item filter covers every line with an item: an entry matches an item exactly, or as a
 * prefix when it ends with '*'. Lines without an item need no cover.
 */
export function itemFilterCovers(
  filter: ReadonlyArray<string> | null | undefined,
  lines: DocumentLike['lines'],
): boolean {
  const entries = (filter ?? []).filter((f) => f !== '');
  return (lines ?? []).every((l) => {
    const item = l.item;
    if (item === null || item === undefined || item === '') return true;
    return entries.some((f) => (f.endsWith('*') ? item.startsWith(f.slice(0, -1)) : f === item));
  });
}

/**
 * Duplicate: never on the chat model; needs canCreate; when the model lists duplicateSubtypes the
 * document's subtype must be one of them; P011/P013 also need exc or cexc (duplicateRolesP011P013)
 * and an item filter covering every line.
 */
export function canDuplicate(
  doc: DocumentLike,
  model: ModelRules,
  user: DocUser | null | undefined,
): boolean {
  if (!user || isChatModel(model) || !canCreate(model, user)) return false;
  const subtype = documentSubtype(doc);
  const allowed = model.permissions?.duplicateSubtypes;
  if (allowed && !allowed.includes(subtype)) return false;
  if ((DUPLICATE_RESTRICTED_SUBTYPES as readonly string[]).includes(subtype)) {
    const roles = model.permissions?.duplicateRolesP011P013 ?? DUPLICATE_RESTRICTED_ROLES;
    return hasRole(user, roles) && itemFilterCovers(user.filter?.item, doc.lines);
  }
  return true;
}

// ---------------------------------------------------------------- model actions

export interface OfferedAction {
  name: string;
  label: Label;
  permission: string;
  disabled: boolean;
  reason?: string;
}

/**
 * The model's actions (edit, delete, duplicate, favorite, order-pdf, reopen ...) the user gets on a
 * document: edit, delete and duplicate follow canEdit, canDelete and canDuplicate; reopen is shown
 * in closed/archived to users who may edit the model (not suppliers) and disabled past the reopen
 * limit; any other action follows its permission letter (A and R only on a read-only document).
 */
export function documentActions(
  doc: DocumentLike,
  model: ModelRules,
  user: DocUser | null | undefined,
  now: Date | number | string,
): OfferedAction[] {
  const readonly = isReadOnly(doc, workflowOf(model), user, { model });
  const out: OfferedAction[] = [];
  for (const a of model.actions ?? []) {
    const permission = (a.permission ?? 'R').toUpperCase();
    let shown: boolean;
    let reason: string | undefined;
    switch (a.name) {
      case 'edit':
        shown = canEdit(doc, model, user);
        break;
      case 'delete':
        shown = canDelete(doc, model, user);
        break;
      case 'duplicate':
        shown = canDuplicate(doc, model, user);
        break;
      case 'reopen':
        shown =
          !!user &&
          !actsAsSupplier(user) &&
          includes(REOPEN_STATES, currentState(doc)) &&
          canEditModel(user, model.permissions?.editRoles ? { editRoles: model.permissions.editRoles } : {});
        if (shown && reopenExpired(doc, now)) reason = REASONS.reopenLimit;
        break;
      default:
        shown = !!user && actionAllowed(permission, readonly);
    }
    if (!shown) continue;
    out.push({
      name: a.name,
      label: a.label ?? a.name,
      permission,
      disabled: reason !== undefined,
      ...(reason !== undefined ? { reason } : {}),
    });
  }
  return out;
}
