import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVER_ROOT } from '../config/env.ts';

/** The models of the document engine; each has a configuration file models/<model>.json. */
export const MODELS = [
  'requisition',
  'contract',
  'order',
  'reception',
  'contract-evaluation',
  'order-evaluation',
  'complaint',
  'purchase-rfx',
  'supplier',
] as const;
export type ModelName = (typeof MODELS)[number];

export const isModel = (name: string): name is ModelName => (MODELS as readonly string[]).includes(name);

/** A label is a plain string or one text per language ({en, pt}). */
export type Label = string | Record<string, string>;

/** Field config of seed 000 section 3, plus the server's sortable/filterable flags. */
export interface FieldConfig {
  src: string;
  label: Label;
  type: string;
  format?: string;
  native?: boolean;
  expr?: string;
  items?: unknown[];
  ref?: string;
  route?: string;
  required?: boolean;
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
}

export interface ModelPermissions {
  /** suppliers may see their own documents of this model */
  supplierModel?: boolean;
  viewRoles?: string;
  editRoles?: string;
  /** defaults to editRoles */
  createRoles?: string;
  /** defaults to editRoles */
  deleteRoles?: string;
  /** delete refused when a line has a consumed quantity (_cq) */
  deleteRequiresNoConsumption?: boolean;
}

/** Model config of seed 000 section 3. `search` lists the filterable srcs, `sort` the sortable ones. */
export interface ModelConfig {
  name: ModelName;
  label: Label;
  subtypes?: Array<{ key: string; label: Label }>;
  list: { options: Record<string, unknown>; fields: FieldConfig[] };
  form: { options: Record<string, unknown>; fields: FieldConfig[]; groups: unknown[]; form_ref: string };
  search: string[];
  sort: string[];
  actions: Array<{ name: string; label: Label; permission: string }>;
  permissions: ModelPermissions;
  workflow: { states: Array<Record<string, unknown>>; transitions: Array<Record<string, unknown>> };
  /** states in which the document is read-only */
  readonly: string[];
  submodels: string[];
}

export const MODELS_DIR = resolve(SERVER_ROOT, 'models');

/** The shipped configurations, read from apps/server/models/*.json. */
export function readModelFiles(dir = MODELS_DIR): ModelConfig[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(resolve(dir, f), 'utf8')) as ModelConfig)
    .filter((c) => isModel(c.name));
}

const isLabelMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as Record<string, unknown>).en === 'string' &&
  Object.values(v).every((x) => typeof x === 'string');

/** Replaces every {en, pt} label map by the text of `lang` (English when missing). */
export function localize<T>(value: T, lang: string): T {
  if (Array.isArray(value)) return value.map((v: unknown) => localize(v, lang)) as T;
  if (isLabelMap(value)) return (value[lang] ?? value.en) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, lang)])) as T;
  }
  return value;
}
