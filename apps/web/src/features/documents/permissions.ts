import { canEditModel, evaluate, hasRole, isAdminLevel, isSupplier, type SessionUser } from '@p2p/domain';
import { getPath, resolveFieldType, type FieldDef } from '../../components/fields/index.ts';
import type { DocumentData, ModelConfig } from './api/documents.ts';

/*
 * SEAM: the document rules (fieldState, canEdit, canDelete, availableTransitions) are moving to
 * packages/domain/src/documents. Until they are exported from @p2p/domain these mirror the server
 * (apps/server/src/documents/document.scope.ts and document.rules.ts) only to decide what to OFFER;
 * the server re-checks every call and its answer wins (a 403/409 is shown as a notice).
 */

/** Models suppliers may write (complaints and their own supplier record). */
const SUPPLIER_WRITE_MODELS = ['complaint', 'supplier'];
const NON_EDITABLE_STATES = ['completed', 'closed', 'archived', 'erp-done', 'approved', 'rfq', 'deleted'];
const DELETABLE_STATES = ['created', 'updated', 'rejected', 'erp-fail'];
const isErpKey = (key: unknown) => typeof key === 'string' && /^\d{10}$/.test(key);
const VIEW_ALL = 'admin,manager,buyer,auditor,director,manager-purchasing,manager-supplier';
const actsAsSupplier = (user: SessionUser | null) => isSupplier(user) && !hasRole(user, VIEW_ALL);

const roleSpec = (roles?: string) => (roles ? { editRoles: roles } : {});

export function canCreate(user: SessionUser | null, config: ModelConfig): boolean {
  if (actsAsSupplier(user)) return SUPPLIER_WRITE_MODELS.includes(config.name) && Boolean(user?.supplier);
  const p = config.permissions ?? {};
  return canEditModel(user, roleSpec(p.createRoles ?? p.editRoles));
}

export function canEdit(user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean {
  const state = doc._state?.current ?? 'created';
  if (doc._state?.readonly || NON_EDITABLE_STATES.includes(state) || (config.readonly ?? []).includes(state)) return false;
  if (config.name === 'requisition' && isErpKey(doc.key) && !(doc.doc?.subtype === 'R002' && ['rfq-rejected', 'updated'].includes(state))) return false;
  return canEditModel(user, roleSpec(config.permissions?.editRoles));
}

export function canDelete(user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean {
  const state = doc._state?.current ?? 'created';
  if (!DELETABLE_STATES.includes(state) || isErpKey(doc.key)) return false;
  if (config.permissions?.deleteRequiresNoConsumption && (doc.lines ?? []).some((l) => l._cq !== undefined && l._cq !== null && l._cq !== 0 && l._cq !== '0' && l._cq !== ''))
    return false;
  if (actsAsSupplier(user) && !SUPPLIER_WRITE_MODELS.includes(config.name)) return false;
  const p = config.permissions ?? {};
  return canEditModel(user, roleSpec(p.deleteRoles ?? p.editRoles));
}

export const canPurge = (user: SessionUser | null) => isAdminLevel(user);

/** Duplicate is offered only for the subtypes listed; P011/P013 also need exc or cexc. */
export function canDuplicate(user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean {
  if (!(config.actions ?? []).some((a) => a.name === 'duplicate') || !canCreate(user, config)) return false;
  const list = config.permissions?.duplicateSubtypes;
  const subtype = doc.doc?.subtype ?? '';
  if (list && !list.includes(subtype)) return false;
  if (['P011', 'P013'].includes(subtype)) return hasRole(user, config.permissions?.duplicateRolesP011P013 ?? 'exc,cexc');
  return true;
}

export const hasAction = (config: ModelConfig, name: string) => (config.actions ?? []).some((a) => a.name === name);

export interface FieldState {
  visible: boolean;
  editable: boolean;
  required: boolean;
}

/** Fields that are computed or owned by the server never take input. */
const SERVER_FIELDS = new Set(['_id', 'updatedAt', '_state.current', '_state.created.ts', 'requester.name', 'group.name']);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function conditionHolds(expr: string, doc: DocumentData): boolean {
  const scope = {
    ...doc,
    hasServiceLines: (doc.lines ?? []).some((l) => l.type === 'service'),
  };
  try {
    return Boolean(evaluate(expr, scope));
  } catch {
    return true;
  }
}

/** Visibility, editability and requiredness of a field by role, state and condition (seed 000 section 5). */
export function fieldState(field: FieldDef, doc: DocumentData, user: SessionUser | null, editing: boolean, creating: boolean, value: unknown): FieldState {
  const state = doc._state?.current ?? 'created';
  const type = resolveFieldType(field.type);
  let visible = true;
  if (field.viewRoles && !hasRole(user, field.viewRoles)) visible = false;
  if (field.viewStates && !field.viewStates.includes(state)) visible = false;
  if (visible && field.viewConditions && !conditionHolds(field.viewConditions, doc)) visible = false;
  if (visible && field.hiddenIfNull && isEmpty(value) && !(editing && type === 'lines')) visible = false;
  let editable =
    editing &&
    !field.readonly &&
    !field.native &&
    !SERVER_FIELDS.has(field.src) &&
    !['state', 'datetime', 'group', 'key', 'icon_status'].includes(type) &&
    (!field.editRoles || hasRole(user, field.editRoles)) &&
    (!field.editStates || field.editStates.includes(state));
  if (field.src === 'key') editable = creating;
  if (field.src === 'doc.subtype') editable = creating;
  if (field.src === 'supplier.name' && actsAsSupplier(user)) editable = false;
  const required = Boolean(field.required || field.requiredStates?.includes(state));
  return { visible, editable, required };
}

export const valueOf = (doc: DocumentData, path: string) => getPath(doc, path);
