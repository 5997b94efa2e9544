/**
 * What a user may do with a document (seed 000 section 4, the Edit and Delete bullets, and
 * section 6): edit, delete, create and duplicate as verdicts with their reasons, and the model
 * actions. The server turns a refused verdict into its answer (403 or 409 with the reason); the
 * web app shows the same reason, so neither side re-derives why.
 */
import { actsAsSupplier, canEditModel, hasRole, isAdminLevel } from '../roles/roles.ts';
import {
  actionAllowed,
  includes,
  isChatModel,
  isComplaintModel,
  isReadOnly,
  isSupplierModel,
  ownsDocument,
  requesterMayEditOrder,
} from './read-only.ts';
import { REASONS, reopenExpired } from './transitions.ts';
import {
  DELETABLE_STATES,
  EDIT_HIDDEN_STATES,
  KEYED_EDITABLE_STATES,
  KEYED_EDITABLE_SUBTYPE,
  REOPEN_STATES,
  currentState,
  documentSubtype,
  documentType,
  hasConsumedLines,
  isKeyed,
  refId,
  workflowOf,
} from './states.ts';
import type { DocumentLike, DocUser, Label, ModelRules } from './types.ts';

// ---------------------------------------------------------------- edit, delete, create, duplicate

/** Subtypes whose duplication needs DUPLICATE_RESTRICTED_ROLES and an item filter covering the lines. */
export const DUPLICATE_RESTRICTED_SUBTYPES = ['P011', 'P013'] as const;
export const DUPLICATE_RESTRICTED_ROLES = 'exc,cexc';

/** Keyed requisitions are not editable, except R002 in rfq-rejected or updated. */
function keyedRequisitionLocked(doc: DocumentLike, model: ModelRules): boolean {
  if (documentType(doc, model) !== 'requisition' || !isKeyed(doc.key)) return false;
  return !(
    documentSubtype(doc) === KEYED_EDITABLE_SUBTYPE && includes(KEYED_EDITABLE_STATES, currentState(doc))
  );
}

/**
 * A decision with its reason: refused for the caller's roles (status 403) or for the document's
 * state (409). `key` is the stable error key the server answers and the web app translates.
 */
export type Verdict = { allowed: true } | { allowed: false; status: 403 | 409; key: string; reason: string };

const ALLOWED: Verdict = Object.freeze({ allowed: true });
const refuse = (status: 403 | 409, key: string, reason: string): Verdict => ({
  allowed: false,
  status,
  key,
  reason,
});

/** Texts of the refusals of edit and delete (the server's answers, shown by the web app). */
export const VERDICT_REASONS = {
  editRole: (model: string) => `You are not allowed to edit documents of model '${model}'.`,
  requesterOrder:
    'Requesters edit only orders of their groups or where they are requester, recipient or manager.',
  editState: (state: string) => `The document cannot be edited in state '${state}'.`,
  readOnly: 'The document is read-only.',
  deleteRole: (model: string) => `You are not allowed to delete documents of model '${model}'.`,
  supplierDeleteModel: (model: string) => `Suppliers cannot delete documents of model '${model}'.`,
  supplierDeleteOwn: 'Suppliers delete only their own documents.',
  notDeletable:
    'Only documents in state created, updated, rejected or erp-fail that are not in the ERP (no 10-digit key) can be deleted.',
  consumed: 'A document with consumed lines cannot be deleted.',
} as const;

/**
 * Edit: the caller's roles first (403): never on the chat model; admin and manager, or the model's
 * editRoles; suppliers only on their own documents; requesters on orders by the group rule. Then
 * the document (409): not in completed, closed, archived, erp-done, approved, rfq (and deleted)
 * unless the model lists the state in permissions.editableStates (master data such as approved
 * supplier records); not a keyed requisition (except R002 in rfq-rejected or updated); not
 * read-only (a locked or read-only state, a completed approval).
 */
export function editVerdict(doc: DocumentLike, model: ModelRules, user: DocUser | null | undefined): Verdict {
  const name = model.name ?? '';
  if (!user || isChatModel(model))
    return refuse(403, 'document.edit-forbidden', VERDICT_REASONS.editRole(name));
  if (actsAsSupplier(user) && !ownsDocument(doc, model, user))
    return refuse(403, 'document.edit-forbidden', VERDICT_REASONS.editRole(name));
  if (!canEditModel(user, model.permissions?.editRoles ? { editRoles: model.permissions.editRoles } : {}))
    return refuse(403, 'document.edit-forbidden', VERDICT_REASONS.editRole(name));
  if (documentType(doc, model) === 'order' && !requesterMayEditOrder(doc, user))
    return refuse(403, 'document.edit-forbidden', VERDICT_REASONS.requesterOrder);
  const state = currentState(doc);
  const hidden =
    state === 'deleted' ||
    (includes(EDIT_HIDDEN_STATES, state) && !includes(model.permissions?.editableStates, state));
  if (hidden || keyedRequisitionLocked(doc, model) || isReadOnly(doc, workflowOf(model), user, { model }))
    return refuse(409, 'document.read-only', VERDICT_REASONS.editState(state));
  return ALLOWED;
}

export const canEdit = (doc: DocumentLike, model: ModelRules, user: DocUser | null | undefined): boolean =>
  editVerdict(doc, model, user).allowed;

/** Admin level, or the model's `key` roles (falling back to editRoles). */
function hasModelRole(user: DocUser, model: ModelRules, key: 'createRoles' | 'deleteRoles'): boolean {
  if (isAdminLevel(user)) return true;
  const spec = model.permissions?.[key] ?? model.permissions?.editRoles;
  return spec ? hasRole(user, spec) : false;
}

/**
 * The roles part of delete, also the rule of restoring from the trash (403): admin level or the
 * model's deleteRoles (default editRoles); suppliers only in complaint-type models and their own
 * supplier record, their own documents only.
 */
export function deleteRoleVerdict(
  doc: DocumentLike,
  model: ModelRules,
  user: DocUser | null | undefined,
): Verdict {
  const name = model.name ?? '';
  if (!user || isChatModel(model))
    return refuse(403, 'document.delete-forbidden', VERDICT_REASONS.deleteRole(name));
  if (actsAsSupplier(user)) {
    if (!isComplaintModel(model) && !isSupplierModel(model))
      return refuse(403, 'document.delete-forbidden', VERDICT_REASONS.supplierDeleteModel(name));
    if (!ownsDocument(doc, model, user))
      return refuse(403, 'document.delete-forbidden', VERDICT_REASONS.supplierDeleteOwn);
  }
  if (!hasModelRole(user, model, 'deleteRoles'))
    return refuse(403, 'document.delete-forbidden', VERDICT_REASONS.deleteRole(name));
  return ALLOWED;
}

/**
 * Delete: the roles (deleteRoleVerdict, 403), then the document (409): only in created, updated,
 * rejected or erp-fail with a key that is not 10 digits; with `deleteRequiresNoConsumption` only
 * when no line has a consumed quantity; never on a read-only document.
 */
export function deleteVerdict(
  doc: DocumentLike,
  model: ModelRules,
  user: DocUser | null | undefined,
): Verdict {
  const roles = deleteRoleVerdict(doc, model, user);
  if (!roles.allowed) return roles;
  if (!includes(DELETABLE_STATES, currentState(doc)) || isKeyed(doc.key))
    return refuse(409, 'document.not-deletable', VERDICT_REASONS.notDeletable);
  if (model.permissions?.deleteRequiresNoConsumption && hasConsumedLines(doc))
    return refuse(409, 'document.consumed', VERDICT_REASONS.consumed);
  if (isReadOnly(doc, workflowOf(model), user, { model }))
    return refuse(409, 'document.read-only', VERDICT_REASONS.readOnly);
  return ALLOWED;
}

export const canDelete = (doc: DocumentLike, model: ModelRules, user: DocUser | null | undefined): boolean =>
  deleteVerdict(doc, model, user).allowed;

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
 * document: on a read-only document only those whose permission letter is A or R (seed 000 section
 * 4); edit, delete and duplicate follow their verdicts; reopen is shown in closed/archived to users
 * who may edit the model (not suppliers) and disabled past the reopen limit.
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
    // a read-only document keeps only the read-like actions (letters A and R), whatever they are
    if (!actionAllowed(permission, readonly)) continue;
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
        shown = !!user;
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
