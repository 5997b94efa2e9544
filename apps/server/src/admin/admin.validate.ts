import { compileExpression, FIELD_TYPES } from '@p2p/domain';
import { Compile } from 'typebox/compile';
import { ModelConfigSchema } from './admin.schema.ts';
import { NAMED_FILTER_KEYS } from '../documents/document.fields.ts';

/** One problem of a model configuration: `field` is a JSON path such as 'form.fields[3].src'. */
export interface ConfigError {
  field: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ConfigError[];
}

const checker = Compile(ModelConfigSchema);

/**
 * Document columns every model has (documents/document.fields.ts RELATIONAL): sort and search may
 * name them without a field config, e.g. 'supplier._id' as a filter.
 */
export const BUILTIN_SRCS: readonly string[] = [
  '_id',
  'key',
  '_state.current',
  '_state.created.ts',
  'updatedAt',
  'doc.type',
  'doc.subtype',
  'supplier._id',
  'supplier.name',
  'requester._id',
  'requester.name',
  'group._id',
  'group.name',
  'plant',
];

/** '/form/fields/3/src' -> 'form.fields[3].src' */
export function pointerToPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

const join = (base: string, key: string) => (base ? `${base}.${key}` : key);

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

function schemaErrors(config: unknown): ConfigError[] {
  if (checker.Check(config)) return [];
  const seen = new Set<string>();
  const out: ConfigError[] = [];
  const errors = checker.Errors(config) as unknown as SchemaError[];
  for (const e of errors) {
    let field = pointerToPath(e.instancePath);
    let message = e.message;
    if (e.keyword === 'required') {
      const missing = (e.params.requiredProperties as string[] | undefined) ?? [];
      for (const p of missing) {
        const path = join(field, p);
        if (!seen.has(path)) {
          seen.add(path);
          out.push({ field: path, message: `'${p}' is required.` });
        }
      }
      continue;
    }
    if (e.keyword === 'pattern' && /\.type$/.test(field)) {
      message = `Unknown field type; use one of ${FIELD_TYPES.join(', ')} or ref_<name>.`;
    }
    // anyOf repeats the failures of each branch: keep the first message per path.
    if (!field) field = '$';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message });
  }
  return out;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function checkExpression(errors: ConfigError[], field: string, expr: unknown) {
  if (typeof expr !== 'string') return;
  try {
    compileExpression(expr);
  } catch (err) {
    errors.push({
      field,
      message: `Invalid expression: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
}

/** Unique src, compiling expressions; recurses into the field configs of table fields (lines). */
function checkFields(errors: ConfigError[], base: string, fields: unknown[]): Set<string> {
  const srcs = new Set<string>();
  fields.forEach((f, i) => {
    if (!isObj(f)) return;
    const at = `${base}[${i}]`;
    if (typeof f.src === 'string') {
      if (srcs.has(f.src)) errors.push({ field: `${at}.src`, message: `Duplicate field src '${f.src}'.` });
      srcs.add(f.src);
    }
    checkExpression(errors, `${at}.expr`, f.expr);
    checkExpression(errors, `${at}.viewConditions`, f.viewConditions);
    const cv = f.conditionalValue;
    if (typeof cv === 'string') checkExpression(errors, `${at}.conditionalValue`, cv);
    else if (isObj(cv)) checkExpression(errors, `${at}.conditionalValue.if`, cv.if);
    const items = arr(f.items);
    if (items.length && items.every((x) => isObj(x) && typeof x.src === 'string')) {
      checkFields(errors, `${at}.items`, items);
    }
  });
  return srcs;
}

function semanticErrors(config: Obj, model: string): ConfigError[] {
  const errors: ConfigError[] = [];
  if (config.name !== model) {
    errors.push({ field: 'name', message: `The name must be '${model}'.` });
  }
  const list = isObj(config.list) ? config.list : {};
  const form = isObj(config.form) ? config.form : {};
  const listSrcs = checkFields(errors, 'list.fields', arr(list.fields));
  const formSrcs = checkFields(errors, 'form.fields', arr(form.fields));

  // Form groups: unique keys, each group names form fields, each field's group exists.
  const groupKeys = new Set<string>();
  arr(form.groups).forEach((g, i) => {
    if (!isObj(g)) return;
    if (typeof g.key === 'string') {
      if (groupKeys.has(g.key))
        errors.push({ field: `form.groups[${i}].key`, message: `Duplicate group key '${g.key}'.` });
      groupKeys.add(g.key);
    }
    arr(g.fields).forEach((src, j) => {
      if (typeof src === 'string' && !formSrcs.has(src)) {
        errors.push({
          field: `form.groups[${i}].fields[${j}]`,
          message: `Group field '${src}' is not a form field.`,
        });
      }
    });
  });
  arr(form.fields).forEach((f, i) => {
    if (isObj(f) && typeof f.group === 'string' && !groupKeys.has(f.group)) {
      errors.push({ field: `form.fields[${i}].group`, message: `Form group '${f.group}' does not exist.` });
    }
  });

  // Sort and search name declared fields (list or form) or document columns.
  const declared = new Set([...BUILTIN_SRCS, ...listSrcs, ...formSrcs]);
  for (const key of ['sort', 'search'] as const) {
    arr(config[key]).forEach((src, i) => {
      const named = key === 'search' && typeof src === 'string' && NAMED_FILTER_KEYS.includes(src);
      if (typeof src === 'string' && !declared.has(src) && !named) {
        errors.push({ field: `${key}[${i}]`, message: `'${src}' is not a declared field.` });
      }
    });
  }

  // Workflow: unique state names; transitions go from and to existing states.
  if (isObj(config.workflow)) {
    const states = new Set<string>();
    arr(config.workflow.states).forEach((s, i) => {
      if (!isObj(s) || typeof s.name !== 'string') return;
      if (states.has(s.name)) {
        errors.push({ field: `workflow.states[${i}].name`, message: `Duplicate state '${s.name}'.` });
      }
      states.add(s.name);
    });
    arr(config.workflow.transitions).forEach((t, i) => {
      if (!isObj(t)) return;
      arr(t.from).forEach((name, j) => {
        if (typeof name === 'string' && !states.has(name)) {
          errors.push({
            field: `workflow.transitions[${i}].from[${j}]`,
            message: `Unknown state '${name}'.`,
          });
        }
      });
      if (typeof t.to === 'string' && !states.has(t.to)) {
        errors.push({ field: `workflow.transitions[${i}].to`, message: `Unknown state '${t.to}'.` });
      }
    });
    const permissions = isObj(config.permissions) ? config.permissions : {};
    arr(permissions.supplierStates).forEach((name, i) => {
      if (typeof name === 'string' && !states.has(name))
        errors.push({ field: `permissions.supplierStates[${i}]`, message: `Unknown state '${name}'.` });
    });
  }
  return errors;
}

/** Schema first, then the semantic checks (only on a structurally valid object). */
export function validateModelConfig(config: unknown, model: string): ValidationResult {
  if (!isObj(config)) {
    return { valid: false, errors: [{ field: '$', message: 'The configuration must be a JSON object.' }] };
  }
  const errors = [...schemaErrors(config), ...semanticErrors(config, model)];
  return { valid: errors.length === 0, errors };
}
