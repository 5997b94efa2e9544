import {
  availableTransitions,
  canCreate as domainCanCreate,
  canDelete as domainCanDelete,
  canDuplicate as domainCanDuplicate,
  canEdit as domainCanEdit,
  documentActions,
  documentFieldLock,
  fieldState as domainFieldState,
  isAdminLevel,
  isReadOnly,
  isSupplier,
  hasRole,
  labelText,
  workflowOf,
  type DocumentLike,
  type DocUser,
  type FieldConfig,
  type ModelRules,
  type SessionUser,
} from '@p2p/domain';
import { getPath, resolveFieldType, type FieldDef } from '../../components/fields/index.ts';
import type { DocumentData, ModelConfig } from './api/documents.ts';

/*
 * What to OFFER comes from the shared rules of @p2p/domain (the server runs the same rules and
 * re-checks every call: a 403/409 is shown as a notice). When the server's document answer carries
 * `_permissions` {edit, delete, duplicate} or `_actions` (the offered transitions), those win.
 */

/** The model config as the shared rules read it (labels already in the asked language). */
export const rulesOf = (config: ModelConfig): ModelRules => config as unknown as ModelRules;
const asDoc = (doc: DocumentData): DocumentLike => doc as DocumentLike;
const asUser = (user: SessionUser | null): DocUser | null => user as DocUser | null;

/** The server's verdicts on a loaded document (GET /purchasing/{model}/{id}). */
export interface ServerPermissions {
  edit?: boolean;
  delete?: boolean;
  duplicate?: boolean;
}
const serverPermission = (doc: DocumentData | undefined, key: keyof ServerPermissions): boolean | undefined => {
  const p = (doc as { _permissions?: ServerPermissions } | undefined)?._permissions;
  return p && typeof p[key] === 'boolean' ? p[key] : undefined;
};

export const canCreate = (user: SessionUser | null, config: ModelConfig): boolean => domainCanCreate(rulesOf(config), asUser(user));

export const canEdit = (user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean =>
  serverPermission(doc, 'edit') ?? domainCanEdit(asDoc(doc), rulesOf(config), asUser(user));

export const canDelete = (user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean =>
  serverPermission(doc, 'delete') ?? domainCanDelete(asDoc(doc), rulesOf(config), asUser(user));

/** The model's duplicate action, then the server's verdict or the shared rule. */
export const canDuplicate = (user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean =>
  hasAction(config, 'duplicate') && (serverPermission(doc, 'duplicate') ?? domainCanDuplicate(asDoc(doc), rulesOf(config), asUser(user)));

export const canPurge = (user: SessionUser | null) => isAdminLevel(user);

/**
 * The list's 'enabled' switch of a row: the user may edit the document and the form field of the
 * same src (the server refuses the toggle otherwise, so the switch is not offered).
 */
export function canToggle(user: SessionUser | null, config: ModelConfig, row: DocumentData, src: string): boolean {
  if (!canEdit(user, config, row)) return false;
  const field = config.form.fields.find((f) => f.src === src);
  return field ? fieldState(field, row, user, true, false, undefined, config).editable : true;
}

export const hasAction = (config: ModelConfig, name: string) => (config.actions ?? []).some((a) => a.name === name);

export const documentReadOnly = (user: SessionUser | null, config: ModelConfig, doc: DocumentData): boolean =>
  isReadOnly(asDoc(doc), workflowOf(rulesOf(config)), asUser(user), { model: rulesOf(config) });

/** A workflow transition offered on the form (server `_actions`, else availableTransitions). */
export interface WorkflowOffer {
  name: string;
  label: string;
  disabled: boolean;
  reason?: string;
  commentRequired: boolean;
  /** PrimeIcons class of the button (default pi-send) */
  icon?: string;
}

interface ServerAction {
  name?: string;
  action?: string;
  label?: unknown;
  disabled?: boolean;
  reason?: string;
  commentRequired?: boolean;
}

const NON_WORKFLOW_ACTIONS = new Set(['edit', 'delete', 'duplicate', 'favorite', 'order-pdf']);

/**
 * The server's `_actions` on a loaded document: {actions, transitions} (a plain list counts as the
 * transitions). Null when the answer has none (then the shared rules decide).
 */
export function serverActions(doc: DocumentData | undefined): { actions: ServerAction[] | null; transitions: ServerAction[] } | null {
  const raw = (doc as { _actions?: unknown } | undefined)?._actions;
  if (Array.isArray(raw)) return { actions: null, transitions: raw as ServerAction[] };
  if (raw && typeof raw === 'object') {
    const o = raw as { actions?: unknown; transitions?: unknown };
    return {
      actions: Array.isArray(o.actions) ? (o.actions as ServerAction[]) : null,
      transitions: Array.isArray(o.transitions) ? (o.transitions as ServerAction[]) : [],
    };
  }
  return null;
}

/** A model action (favorite, order-pdf ...) is offered: the server's list when sent, else the model config. */
export function offersAction(config: ModelConfig, doc: DocumentData | undefined, name: string, fallback = hasAction(config, name)): boolean {
  const list = serverActions(doc)?.actions;
  if (list) return list.some((a) => (a.name ?? a.action) === name && !a.disabled);
  return fallback;
}

export function workflowOffers(user: SessionUser | null, config: ModelConfig, doc: DocumentData, lang: string, now: Date = new Date()): WorkflowOffer[] {
  const server = serverActions(doc);
  if (server) {
    return server.transitions
      .map((a) => ({ ...a, name: a.name ?? a.action ?? '' }))
      .filter((a) => a.name && !NON_WORKFLOW_ACTIONS.has(a.name))
      .map((a) => ({
        name: a.name,
        label: labelText(a.label as Parameters<typeof labelText>[0], lang) || a.name,
        disabled: Boolean(a.disabled),
        ...(a.reason ? { reason: a.reason } : {}),
        commentRequired: Boolean(a.commentRequired),
      }));
  }
  if (!config.workflow) return [];
  const model = rulesOf(config);
  return availableTransitions(asDoc(doc), workflowOf(model), asUser(user), now, { model }).map((t) => ({
    name: t.name,
    label: labelText(t.label, lang) || t.name,
    disabled: t.disabled,
    ...(t.reason ? { reason: t.reason } : {}),
    commentRequired: t.commentRequired,
  }));
}

/**
 * The model action 'reopen' on a closed or archived document, as a state-change offer (its own
 * call, POST /purchasing/{model}/{id}/reopen): the server's `_actions.actions` entry when sent
 * (disabled past the reopen limit, with the reason), else the shared documentActions. Null when
 * the user is not offered it.
 */
export function reopenOffer(user: SessionUser | null, config: ModelConfig, doc: DocumentData, lang: string, fallbackLabel = 'Reopen', now: Date = new Date()): WorkflowOffer | null {
  const list = serverActions(doc)?.actions;
  const found: ServerAction | undefined = list
    ? list.find((a) => (a.name ?? a.action) === 'reopen')
    : documentActions(asDoc(doc), rulesOf(config), asUser(user), now).find((a) => a.name === 'reopen');
  if (!found) return null;
  return {
    name: 'reopen',
    label: labelText(found.label as Parameters<typeof labelText>[0], lang) || fallbackLabel,
    disabled: Boolean(found.disabled),
    ...(found.reason ? { reason: found.reason } : {}),
    commentRequired: false,
    icon: 'pi pi-lock-open',
  };
}

export interface FieldState {
  visible: boolean;
  editable: boolean;
  required: boolean;
  /** why a section 5 document rule keeps the field read-only */
  lock?: string;
}

/** Fields that are computed or owned by the server never take input. */
const SERVER_FIELDS = new Set(['_id', 'updatedAt', '_state.current', '_state.created.ts', 'requester.name', 'group.name']);
const DISPLAY_ONLY_TYPES = ['state', 'datetime', 'group', 'key', 'icon_status'];
const actsAsSupplier = (user: SessionUser | null) => isSupplier(user) && !hasRole(user, 'admin,manager,buyer,auditor,director,manager-purchasing,manager-supplier');

/**
 * Visibility, editability and requiredness of a field (seed 000 section 5) from the shared
 * fieldState (roles, states, conditions, read-only document, section 5 locks), plus what only the
 * form knows: server-owned fields and display-only types never take input, key and subtype only on
 * create, a supplier never changes the supplier, and the lines table stays while editing.
 */
export function fieldState(
  field: FieldDef,
  doc: DocumentData,
  user: SessionUser | null,
  editing: boolean,
  creating: boolean,
  _value: unknown,
  config?: ModelConfig,
): FieldState {
  const type = resolveFieldType(field.type);
  const model = config ? rulesOf(config) : undefined;
  const cfg = (type === 'lines' && editing ? { ...field, hiddenIfNull: false } : field) as unknown as FieldConfig;
  const readonly = !creating && Boolean(config) && documentReadOnly(user, config!, doc);
  const shared = domainFieldState(cfg, {
    doc: asDoc(doc),
    user: asUser(user),
    mode: editing ? (creating ? 'create' : 'edit') : 'view',
    readonly,
    ...(model ? { model } : {}),
  });
  let editable = shared.editable && !field.native && !SERVER_FIELDS.has(field.src) && !DISPLAY_ONLY_TYPES.includes(type);
  if (field.src === 'key' || field.src === 'doc.subtype') editable = editing && creating && shared.visible && !field.readonly;
  if (field.src === 'supplier.name' && actsAsSupplier(user)) editable = false;
  const lock = documentFieldLock(field.src, { doc: asDoc(doc), ...(model ? { model } : {}) }) ?? undefined;
  const required = Boolean(shared.visible && (field.required || field.requiredStates?.includes(doc._state?.current ?? 'created')));
  return { visible: shared.visible, editable, required, ...(lock ? { lock } : {}) };
}

export const valueOf = (doc: DocumentData, path: string) => getPath(doc, path);
