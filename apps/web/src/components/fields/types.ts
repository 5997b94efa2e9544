import type { SessionUser } from '@p2p/domain';

/** The field type union and list live in @p2p/domain (shared with the server). */
export { FIELD_TYPES, resolveFieldType, type FieldType } from '@p2p/domain';

export interface FieldItem {
  key: string | number;
  label?: string;
  value?: number;
  group?: string;
  icon?: string;
  color?: string;
}

/** Field config of seed 000 section 3 (as served by GET /config/model/{lang}/{model}). */
export interface FieldDef {
  src: string;
  label?: string;
  type?: string;
  format?: string;
  native?: boolean;
  expr?: string;
  items?: Array<FieldItem | string | number | FieldDef>;
  ref?: string;
  route?: string;
  required?: boolean;
  readonly?: boolean;
  default?: unknown;
  viewRoles?: string;
  editRoles?: string;
  viewStates?: string[];
  editStates?: string[];
  requiredStates?: string[];
  viewConditions?: string;
  hiddenIfNull?: boolean;
  conditionalValue?: unknown;
  sortable?: boolean;
  filterable?: boolean;
  /** table column: right aligned */
  right?: boolean;
  min?: number | string;
  max?: number | string;
  /** file size limit in bytes */
  size?: number;
}

/** What an input may need besides its own value: the document, the user and option sources. */
export interface FieldContext {
  doc?: Record<string, unknown>;
  user?: SessionUser | null;
  /** option lists by ref name ('subtype', 'purchasing.currencies', 'purchasing.taxCodes', ...) */
  options?: Record<string, FieldItem[]>;
  /** state labels of the model workflow */
  states?: Record<string, string>;
}

export interface DisplayProps {
  field: FieldDef;
  value: unknown;
  ctx?: FieldContext;
}

export interface InputProps extends DisplayProps {
  id: string;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  invalid?: boolean;
}
