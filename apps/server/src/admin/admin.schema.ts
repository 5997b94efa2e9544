import { FIELD_TYPES } from '@p2p/domain';
import { Type } from 'typebox';

/**
 * The TypeBox schema of a model configuration (seed 000 section 3) as the admin screen saves it,
 * and the schemas of the admin routes. Objects stay open (extra keys allowed) so that new config
 * keys do not make the shipped configurations invalid; what the document engine reads is typed.
 */

/** Field types the web app renders (one list, in @p2p/domain), plus `ref_<name>`. */
export const FIELD_TYPE_PATTERN = `^(${FIELD_TYPES.join('|')}|ref_[A-Za-z0-9_-]+)$`;

const Label = Type.Union([Type.String(), Type.Record(Type.String(), Type.String())]);
const Strings = Type.Array(Type.String());
/** Role specs are strings: a comma list, a leading ! negates. */
const RoleSpec = Type.String();

export const FieldConfigSchema = Type.Object({
  src: Type.String({ minLength: 1, maxLength: 200 }),
  type: Type.String({ pattern: FIELD_TYPE_PATTERN }),
  label: Type.Optional(Label),
  format: Type.Optional(Type.String()),
  native: Type.Optional(Type.Boolean()),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  expr: Type.Optional(Type.String()),
  items: Type.Optional(Type.Array(Type.Unknown())),
  ref: Type.Optional(Type.String()),
  route: Type.Optional(Type.String()),
  group: Type.Optional(Type.String()),
  required: Type.Optional(Type.Boolean()),
  readonly: Type.Optional(Type.Boolean()),
  viewRoles: Type.Optional(RoleSpec),
  editRoles: Type.Optional(RoleSpec),
  viewStates: Type.Optional(Strings),
  editStates: Type.Optional(Strings),
  requiredStates: Type.Optional(Strings),
  viewConditions: Type.Optional(Type.String()),
  hiddenIfNull: Type.Optional(Type.Boolean()),
  conditionalValue: Type.Optional(
    Type.Union([Type.String(), Type.Object({ if: Type.String(), value: Type.Unknown() })]),
  ),
  sortable: Type.Optional(Type.Boolean()),
  filterable: Type.Optional(Type.Boolean()),
  multiple: Type.Optional(Type.Boolean()),
});

const FormGroup = Type.Object({
  key: Type.String({ minLength: 1 }),
  label: Type.Optional(Label),
  collapsed: Type.Optional(Type.Boolean()),
  fields: Strings,
});

const WorkflowState = Type.Object({
  index: Type.Number(),
  name: Type.String({ minLength: 1 }),
  label: Type.Optional(Label),
  optional: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  back: Type.Optional(Type.Boolean()),
  lock: Type.Optional(Type.Boolean()),
});

const WorkflowTransition = Type.Object({
  name: Type.String({ minLength: 1 }),
  from: Strings,
  to: Type.Optional(Type.String()),
  roles: Type.Optional(RoleSpec),
  label: Type.Optional(Label),
  permission: Type.Optional(Type.String()),
});

export const ModelConfigSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  label: Type.Optional(Label),
  subtypes: Type.Optional(Type.Array(Type.Object({ key: Type.String(), label: Label }))),
  list: Type.Object({
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    fields: Type.Array(FieldConfigSchema),
  }),
  form: Type.Object({
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    fields: Type.Array(FieldConfigSchema),
    groups: Type.Optional(Type.Array(FormGroup)),
    form_ref: Type.Optional(Type.String()),
  }),
  search: Strings,
  sort: Strings,
  actions: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1 }),
        label: Type.Optional(Label),
        permission: Type.Optional(Type.String()),
      }),
    ),
  ),
  permissions: Type.Optional(
    Type.Object({
      viewRoles: Type.Optional(RoleSpec),
      editRoles: Type.Optional(RoleSpec),
      createRoles: Type.Optional(RoleSpec),
      deleteRoles: Type.Optional(RoleSpec),
      duplicateRolesP011P013: Type.Optional(RoleSpec),
      editableStates: Type.Optional(Strings),
      supplierStates: Type.Optional(Strings),
    }),
  ),
  workflow: Type.Optional(
    Type.Object({
      states: Type.Array(WorkflowState, { minItems: 1 }),
      transitions: Type.Array(WorkflowTransition),
      repeats: Type.Optional(Type.Boolean()),
    }),
  ),
  readonly: Type.Optional(Strings),
  submodels: Type.Optional(Strings),
});

// ---- routes ----

const MODEL_PATTERN = '^[a-z][a-z-]{1,40}$';
export const AdminModelParams = Type.Object({ model: Type.String({ pattern: MODEL_PATTERN }) });
export const AdminVersionParams = Type.Object({
  model: Type.String({ pattern: MODEL_PATTERN }),
  version: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }),
});
/** The config is checked by the admin validator (400 with JSON paths), not by the route schema. */
export {
  SaveConfigRequestSchema as SaveBody,
  ValidateConfigRequestSchema as ValidateBody,
} from '@p2p/domain/api';
