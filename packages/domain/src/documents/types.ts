/**
 * Types of the generic document engine (seed 000 section 3): model configs, field configs,
 * workflows, and the structural shape of a document, a line and a user as the document rules read
 * them. Every document shape is structural and lenient (extra fields allowed) so that server rows,
 * web state and seed fixtures all fit.
 */
import type { Amount } from '../money/decimal.ts';
import type { RoleHolder } from '../roles/roles.ts';

/** A plain text or one text per language ({en, pt}). */
export type Label = string | Readonly<Record<string, string>>;

/** A reference to another record: its id, or an object carrying `_id` (and usually a name). */
/** A reference to a record: its id, or an object carrying `_id` (a GroupEntry, a user, a supplier...). */
export type RecordRef = string | number | { _id?: string | number | null; name?: string };

/** conditionalValue: when the expression `if` holds, the field takes `value` (and is not editable). */
export interface ConditionalValue {
  if: string;
  value: unknown;
}

/** Field config of seed 000 section 3 plus the field definition extras of seed 001 section 3. */
export interface FieldConfig {
  /** dotted path into the document (or the line for line fields): 'risk.gdpr', 'doc.subtype' */
  src: string;
  label: Label;
  type: string;
  format?: string;
  native?: boolean;
  /** the most characters a text value may have (default per type: fields/text-limits.ts) */
  maxLength?: number;
  /** computed value: an expression of the document (see fieldScope); the field is read-only */
  expr?: string;
  /** options of a select, or the FieldConfigs of a table field such as `lines` */
  items?: ReadonlyArray<unknown>;
  ref?: string;
  route?: string;
  required?: boolean;
  readonly?: boolean;
  default?: unknown;
  /** role specs (comma list, leading ! negates), checked with hasRole */
  viewRoles?: string | ReadonlyArray<string>;
  editRoles?: string | ReadonlyArray<string>;
  viewStates?: ReadonlyArray<string>;
  editStates?: ReadonlyArray<string>;
  requiredStates?: ReadonlyArray<string>;
  /** expression; the field is visible only when it is truthy */
  viewConditions?: string;
  hiddenIfNull?: boolean;
  /** an object {if, value}, or an expression whose result is the value */
  conditionalValue?: ConditionalValue | string;
  sortable?: boolean;
  filterable?: boolean;
  min?: number | string;
  max?: number | string;
  multiple?: boolean;
}

export interface WorkflowState {
  index: number;
  label: Label;
  name: string;
  /** not a timeline step (reached only on some paths) */
  optional?: boolean;
  hidden?: boolean;
  /** a step back (rejected, erp-fail): not a timeline step */
  back?: boolean;
  /** the document is read-only in this state */
  lock?: boolean;
}

export interface WorkflowTransition {
  /** the workflow action (see WORKFLOW_ACTIONS) */
  name: string;
  from: ReadonlyArray<string>;
  /** the state the document moves to */
  to?: string;
  /** role spec; may contain 'assigned' (the user is one of the document's assignees) */
  roles?: string | ReadonlyArray<string>;
  label?: Label;
  /** permission letter; workflow actions default to 'A' */
  permission?: string;
}

export interface Workflow {
  states: ReadonlyArray<WorkflowState>;
  transitions: ReadonlyArray<WorkflowTransition>;
  /** the workflow revisits states: the timeline does not merge consecutive entries */
  repeats?: boolean;
}

export interface ModelAction {
  name: string;
  label?: Label;
  /** permission letter: C create/duplicate, E edit, D delete, A action, R read */
  permission?: string;
}

export interface ModelPermissions {
  /** suppliers may see their own documents of this model */
  supplierModel?: boolean;
  /**
   * The states in which a supplier sees its own documents of the model: from the state in which
   * the document is sent to it on (an order once the ERP has released it). Drafts, approvals and
   * rejections are internal. Absent: every state (the supplier's own record, complaints, which the
   * supplier answers from the start).
   */
  supplierStates?: ReadonlyArray<string>;
  viewRoles?: string;
  editRoles?: string;
  /** defaults to editRoles */
  createRoles?: string;
  /** defaults to editRoles */
  deleteRoles?: string;
  /** delete refused when a line has a consumed quantity (_cq): orders, contracts */
  deleteRequiresNoConsumption?: boolean;
  /** duplicate is offered only for these subtypes (absent: no subtype restriction) */
  duplicateSubtypes?: ReadonlyArray<string>;
  /** roles needed to duplicate P011/P013 (default 'exc,cexc') */
  duplicateRolesP011P013?: string;
  /** keyed (ERP) documents of `subtype` lock `fields` (default C004: supplier, currency, project) */
  importedLock?: { subtype: string; fields: ReadonlyArray<string> };
  /** a complaint-type model (suppliers may create and delete); default: model name 'complaint' */
  complaintType?: boolean;
  /** a sourcing model (return-buyer allowed); default: model name in SOURCING_TYPES */
  sourcing?: boolean;
  /**
   * States of EDIT_HIDDEN_STATES in which documents of this model stay editable (edit roles and
   * the supplier's own-record rule still apply). Such a state must be neither in `readonly` nor
   * locked. Used for master data: an approved supplier record (models/supplier.json) is not a
   * finished transaction but the live profile of the company, so — as in supplier portals — the
   * supplier keeps its own contacts, address and certifications up to date and the supplier
   * manager corrects any record, without a new approval round. What approval vouched for (legal
   * name, VAT number, bank account) stays with the supplier manager through those fields'
   * editRoles: a self-service change of bank details is the classic invoice-fraud path.
   */
  editableStates?: ReadonlyArray<string>;
}

export interface FormGroup {
  key: string;
  label?: Label;
  collapsed?: boolean;
  fields: ReadonlyArray<string>;
}

/** Model config of seed 000 section 3. */
export interface ModelConfig {
  name: string;
  label?: Label;
  subtypes?: ReadonlyArray<{ key: string; label: Label }>;
  list: { options: Readonly<Record<string, unknown>>; fields: ReadonlyArray<FieldConfig> };
  form: {
    options: Readonly<Record<string, unknown>>;
    fields: ReadonlyArray<FieldConfig>;
    groups: ReadonlyArray<FormGroup>;
    form_ref?: string;
  };
  search: ReadonlyArray<string>;
  sort: ReadonlyArray<string>;
  actions: ReadonlyArray<ModelAction>;
  permissions: ModelPermissions;
  /** absent: DEFAULT_WORKFLOW */
  workflow?: Workflow;
  /** states in which the document is read-only */
  readonly: ReadonlyArray<string>;
  submodels: ReadonlyArray<string>;
}

/** The part of a model config the permission rules read. */
export type ModelRules = Pick<ModelConfig, 'name'> &
  Partial<Pick<ModelConfig, 'permissions' | 'workflow' | 'readonly' | 'actions'>>;

export interface LineLike {
  pos?: number;
  subpos?: number;
  /** line key shown in error notices (defaults to the item) */
  key?: string | null;
  item?: string | null;
  /** service, material, tax ... */
  type?: string | null;
  /** consumed quantity */
  _cq?: Amount | boolean | null;
  lineQuantity?: Amount | null;
  quantity?: Amount | null;
  price?: Amount | null;
  [field: string]: unknown;
}

export interface DocumentState {
  current?: string | null;
  readonly?: boolean | null;
  lock?: boolean | null;
  created?: { ts?: string | number | Date | null; user?: RecordRef | null } | null;
  erp?: unknown;
  alertCancel?: { ts?: string | number | Date | null; user?: RecordRef | null } | null;
}

/** The generic document of seed 000 section 3. */
export interface DocumentLike {
  _id?: string | number | null;
  /** a 10-digit key means the document is in the ERP */
  key?: string | number | null;
  doc?: { type?: string | null; subtype?: string | null } | null;
  _state?: DocumentState | null;
  lines?: ReadonlyArray<LineLike> | null;
  supplier?: RecordRef | null;
  partners?: ReadonlyArray<RecordRef> | null;
  requester?: RecordRef | null;
  recipient?: RecordRef | null;
  manager?: RecordRef | null;
  group?: RecordRef | null;
  groups?: ReadonlyArray<RecordRef> | null;
  assignees?: ReadonlyArray<RecordRef> | null;
  reference?: { contract?: RecordRef | null; rfx?: RecordRef | null; proposal?: RecordRef | null } | null;
  risk?: {
    contract?: unknown;
    E?: unknown;
    HS?: unknown;
    gdpr?: unknown;
    cyber?: unknown;
  } | null;
  businessPlan?: unknown;
  evaluationId?: unknown;
  cyberFile?: unknown;
  listValue?: Amount | null;
  exchangeRate?: Amount | null;
  completed?: boolean | null;
  _imported?: boolean | null;
  inspectionSuppliers?: ReadonlyArray<RecordRef> | null;
  [field: string]: unknown;
}

/** The user as the document rules read it (SessionUser fits). */
export interface DocUser extends RoleHolder {
  _id?: string | null;
  group?: RecordRef | null;
  groups?: ReadonlyArray<RecordRef> | null;
  supplier?: RecordRef | null;
  filter?: { item?: ReadonlyArray<string> | null; plant?: ReadonlyArray<string> | null } | null;
}
