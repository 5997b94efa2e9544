import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ModelConfig as DomainModelConfig, Label, Workflow, WorkflowTransition } from '@p2p/domain';
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
  // a supplier's proposal to an RFx, made when the RFx opens (apps/server/src/sourcing)
  'rfx-proposal',
  'supplier',
  // an approval of a requisition, order or contract (apps/server/src/approvals): never a supplier's
  'approval',
] as const;
export type ModelName = (typeof MODELS)[number];

export const isModel = (name: string): name is ModelName => (MODELS as readonly string[]).includes(name);

/**
 * The configuration types are the domain's (seed 000 section 3): the server reads the same
 * ModelConfig, FieldConfig and Workflow the pure document rules take. The server adds the target
 * state of a workflow transition (`to`), which only the server applies.
 */
export type { FieldConfig, Label } from '@p2p/domain';

/** A workflow transition with the state it leads to. */
export interface TransitionConfig extends WorkflowTransition {
  to?: string;
}

export interface WorkflowConfig extends Workflow {
  transitions: ReadonlyArray<TransitionConfig>;
}

/** Model config of seed 000 section 3. `search` lists the filterable srcs, `sort` the sortable ones. */
export interface ModelConfig extends Omit<DomainModelConfig, 'name' | 'label' | 'workflow'> {
  name: ModelName;
  label: Label;
  /** absent: DEFAULT_WORKFLOW */
  workflow?: WorkflowConfig;
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
