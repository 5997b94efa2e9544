import {
  actsAsSupplier,
  canCreate as domainCanCreate,
  canDelete as domainCanDelete,
  canEdit as domainCanEdit,
  documentFieldLock,
  fieldState as domainFieldState,
  isAdminLevel,
  isReadOnly,
  labelText,
  resolveFieldType,
  workflowOf,
  type FieldConfig,
  type OfferedAction,
  type SessionUser,
} from '@p2p/domain';
import type { DocumentData, DocumentResponse, ModelConfig } from './api/types.ts';

/*
 * A loaded document comes with the server's verdicts: `_permissions` {edit, delete, duplicate} and
 * `_actions` {actions, transitions}, from the same domain rules it enforces on every call (a refusal
 * still shows as a notice). The web decides with the domain rules only what the server does not
 * answer per document: creating, list rows (the 'enabled' switch, the trash) and field states.
 */

export const canCreate = (user: SessionUser | null, config: ModelConfig): boolean =>
  domainCanCreate(config, user);

/** The model offers its trash to users who may delete its documents. */
export const canUseTrash = (user: SessionUser | null, config: ModelConfig): boolean =>
  domainCanDelete({}, config, user);

export const canPurge = (user: SessionUser | null) => isAdminLevel(user);

export const hasAction = (config: ModelConfig, name: string) => config.actions.some((a) => a.name === name);

/** Edit, delete and duplicate: the model has the action and the server's verdict allows it. */
export const allows = (config: ModelConfig, doc: DocumentResponse, action: 'edit' | 'delete' | 'duplicate') =>
  hasAction(config, action) && doc._permissions[action];

/** A model action (favorite, order-pdf, reopen ...) the server offers on the document, if any. */
export const offeredAction = (doc: DocumentResponse, name: string): OfferedAction | undefined =>
  doc._actions.actions.find((a) => a.name === name);

/** An enabled model action of the server's list. */
export const offersAction = (doc: DocumentResponse, name: string): boolean => {
  const action = offeredAction(doc, name);
  return Boolean(action && !action.disabled);
};

/**
 * The list's 'enabled' switch of a row: the user may edit the document and the form field of the
 * same src (the server refuses the toggle otherwise, so the switch is not offered). List rows carry
 * no verdicts: the shared rules decide.
 */
export function canToggle(
  user: SessionUser | null,
  config: ModelConfig,
  row: DocumentData,
  src: string,
): boolean {
  if (!domainCanEdit(row, config, user)) return false;
  const field = config.form.fields.find((f) => f.src === src);
  return field ? fieldState(field, row, user, true, false, config).editable : true;
}

/** A state change offered on the form: a workflow transition, or the model action reopen. */
export interface WorkflowOffer {
  name: string;
  /** the target state (sent back: two transitions of one name may leave a state) */
  to?: string;
  label: string;
  disabled: boolean;
  reason?: string;
  commentRequired: boolean;
  /** PrimeIcons class of the button (default pi-send) */
  icon?: string;
  /** the model action 'reopen' (POST .../reopen), not a workflow transition */
  reopen?: boolean;
}

/**
 * The state changes the server offers: its workflow transitions, and the model action 'reopen'
 * (disabled past the reopen limit, with the reason) unless a transition has that name.
 */
export function stateChanges(doc: DocumentResponse, lang: string, reopenLabel: string): WorkflowOffer[] {
  const offers: WorkflowOffer[] = doc._actions.transitions.map((t) => ({
    name: t.name,
    ...(t.to ? { to: t.to } : {}),
    label: labelText(t.label, lang) || t.name,
    disabled: t.disabled,
    ...(t.reason ? { reason: t.reason } : {}),
    commentRequired: t.commentRequired,
  }));
  const reopen = offeredAction(doc, 'reopen');
  if (reopen && !offers.some((o) => o.name === 'reopen')) {
    offers.push({
      name: 'reopen',
      label: labelText(reopen.label, lang) || reopenLabel,
      disabled: reopen.disabled,
      ...(reopen.reason ? { reason: reopen.reason } : {}),
      commentRequired: false,
      icon: 'pi pi-lock-open',
      reopen: true,
    });
  }
  return offers;
}

export interface FieldState {
  visible: boolean;
  editable: boolean;
  required: boolean;
  /** why a section 5 document rule keeps the field read-only */
  lock?: string;
}

/** Fields that are computed or owned by the server never take input. */
const SERVER_FIELDS = new Set([
  '_id',
  'updatedAt',
  '_state.current',
  '_state.created.ts',
  'requester.name',
  'group.name',
]);
const DISPLAY_ONLY_TYPES = ['state', 'datetime', 'group', 'key', 'icon_status'];

/**
 * Visibility, editability and requiredness of a field (seed 000 section 5) from the shared
 * fieldState (roles, states, conditions, read-only document, section 5 locks), plus what only the
 * form knows: server-owned fields and display-only types never take input, key and subtype only on
 * create, a user acting as a supplier never changes the supplier, and the lines table stays while
 * editing.
 */
export function fieldState(
  field: FieldConfig,
  doc: DocumentData,
  user: SessionUser | null,
  editing: boolean,
  creating: boolean,
  config: ModelConfig,
): FieldState {
  const type = resolveFieldType(field.type);
  const shown = type === 'lines' && editing ? { ...field, hiddenIfNull: false } : field;
  const readonly = !creating && isReadOnly(doc, workflowOf(config), user, { model: config });
  const shared = domainFieldState(shown, {
    doc,
    user,
    mode: editing ? (creating ? 'create' : 'edit') : 'view',
    readonly,
    model: config,
  });
  let editable =
    shared.editable && !field.native && !SERVER_FIELDS.has(field.src) && !DISPLAY_ONLY_TYPES.includes(type);
  if (field.src === 'key' || field.src === 'doc.subtype')
    editable = editing && creating && shared.visible && !field.readonly;
  if (field.src === 'supplier.name' && actsAsSupplier(user)) editable = false;
  const lock = documentFieldLock(field.src, { doc, model: config }) ?? undefined;
  const state = doc._state?.current ?? 'created';
  const required = Boolean(shared.visible && (field.required || field.requiredStates?.includes(state)));
  return { visible: shared.visible, editable, required, ...(lock ? { lock } : {}) };
}
