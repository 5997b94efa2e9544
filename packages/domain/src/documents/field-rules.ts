/**
 * Field visibility, editability, required marks, computed values and defaults (seed 000 sections 3
 * and 5), plus the document-specific field locks of section 5.
 *
 * Expressions (viewConditions, expr, conditionalValue) run in the safe evaluator with the scope of
 * fieldScope: the document's own fields at top level — so `doc.subtype`, `risk.gdpr`, `value` and
 * `lines` read exactly like a field `src` — plus `document` (the whole document), `user`, `state`,
 * `mode`, `line` (line fields) and `hasServiceLines`. An expression that fails (bad syntax, forbidden
 * member) counts as false / no value: a broken viewCondition hides its field.
 */
import { isDeliveryLockEditable } from '../money/lines.ts';
import { ExpressionError, evaluate, type ExpressionScope } from '../fields/expression.ts';
import { hasRole } from '../roles/roles.ts';
import {
  currentState,
  documentSubtype,
  documentType,
  hasConsumedLines,
  hasServiceLines,
  isEmptyValue,
  isKeyed,
  refId,
} from './states.ts';
import type { DocumentLike, DocUser, FieldConfig, Label, LineLike, ModelRules } from './types.ts';
import { getPath, setPath } from './paths.ts';

/** The text of a label in `lang` (English, then the first text, when missing). */
export function labelText(label: Label | null | undefined, lang = 'en'): string {
  if (label === null || label === undefined) return '';
  if (typeof label === 'string') return label;
  return label[lang] ?? label.en ?? Object.values(label)[0] ?? '';
}

export type FieldMode = 'view' | 'edit' | 'create';

export interface FieldContext {
  doc: DocumentLike;
  user?: DocUser | null;
  /** defaults to the document's current state */
  state?: string;
  /** 'view' makes every field read-only; default 'edit' */
  mode?: FieldMode;
  /** for a field of a line: the field's src is read from the line */
  line?: LineLike;
  /** the document is read-only (see isReadOnly) */
  readonly?: boolean;
  /** the document's model: importedLock override and the document type fallback */
  model?: ModelRules;
}

export interface FieldState {
  visible: boolean;
  editable: boolean;
  /** shown as required: required or in requiredStates, and visible and editable */
  required: boolean;
  /** the value set by expr or conditionalValue (absent when the field has neither in effect) */
  value?: unknown;
}

/** The expression scope of a field (see the module comment). */
const serviceLinesByList = new WeakMap<object, boolean>();

/**
 * hasServiceLines, remembered per lines array: rules run for every field of every line, and
 * scanning all lines each time is quadratic on large orders. Saves replace the array, never a
 * line's type in place.
 */
function serviceLinesOf(doc: DocumentLike): boolean {
  const lines = doc.lines;
  if (!lines || typeof lines !== 'object') return hasServiceLines(doc);
  let known = serviceLinesByList.get(lines);
  if (known === undefined) {
    known = hasServiceLines(doc);
    serviceLinesByList.set(lines, known);
  }
  return known;
}

/** The scope of a field's expressions: the document's fields at the top level, plus context. */
export function fieldScope(ctx: FieldContext): ExpressionScope {
  // Object.assign rather than a spread followed by more keys: V8 is ~10x slower on the latter.
  return Object.assign({}, ctx.doc, {
    document: ctx.doc,
    user: ctx.user ?? null,
    state: ctx.state ?? currentState(ctx.doc),
    mode: ctx.mode ?? 'edit',
    line: ctx.line ?? null,
    hasServiceLines: serviceLinesOf(ctx.doc),
  }) as ExpressionScope;
}

/** Evaluates an expression; undefined (and `ok: false`) when it fails. */
export function safeEvaluate(expr: string, scope: ExpressionScope): { ok: boolean; value: unknown } {
  try {
    return { ok: true, value: evaluate(expr, scope) };
  } catch (e) {
    if (e instanceof ExpressionError) return { ok: false, value: undefined };
    throw e;
  }
}

/** conditionalValue in effect: {if, value} when `if` holds, or the result of an expression. */
function conditional(field: FieldConfig, scope: ExpressionScope): { applies: boolean; value?: unknown } {
  const cv = field.conditionalValue;
  if (cv === undefined || cv === null) return { applies: false };
  if (typeof cv === 'string') {
    const r = safeEvaluate(cv, scope);
    return r.ok && r.value !== undefined ? { applies: true, value: r.value } : { applies: false };
  }
  if (typeof cv.if !== 'string' || !safeEvaluate(cv.if, scope).value) return { applies: false };
  return { applies: true, value: cv.value };
}

// ---------------------------------------------------------------- section 5 document locks

/**
 * Order header fields that are read-only when the order has a reference contract: they come from
 * the contract. `supplier` stays editable when the order has partners (the buyer picks one of the
 * contract's partners). A field matches when its src is the name or starts with the name and a dot
 * ('supplier.name', 'reference.contract').
 */
export const REFERENCE_CONTRACT_READONLY_FIELDS = [
  'supplier',
  'currency',
  'exchangeRate',
  'paymentTerms',
  'incoterms',
  'purchasingGroup',
  'purchasingOrg',
  'company',
  'validity',
  'validFrom',
  'validTo',
  'reference',
] as const;

/** Keyed (ERP) contracts of this subtype lock these fields (model permissions.importedLock overrides). */
export const IMPORTED_LOCK = { subtype: 'C004', fields: ['supplier', 'currency', 'project'] } as const;
/** Documents of this subtype cannot change the address country. */
export const COUNTRY_LOCKED_SUBTYPE = 'P999';
export const DELIVERY_LOCK_FIELD = 'deliveryLock';

export const matchesField = (src: string, names: ReadonlyArray<string>): boolean =>
  names.some((n) => src === n || src.startsWith(`${n}.`));

export const FIELD_LOCK_REASONS = {
  deliveryLock: 'The delivery lock can be changed only on P009 orders under 500 with nothing consumed.',
  referenceContract: 'The value comes from the reference contract.',
  imported: 'The contract is already in the ERP.',
  country: 'The address country cannot be changed on P999 documents.',
} as const;

/**
 * Why a header field is read-only under the section 5 document rules, or null:
 * - orders: deliveryLock is editable only per isDeliveryLockEditable (P009, converted list value
 *   under 500, no line consumed);
 * - orders with a reference contract: REFERENCE_CONTRACT_READONLY_FIELDS (supplier editable when
 *   the order has partners);
 * - keyed contracts of subtype C004 (imported, in the ERP): supplier, currency, project;
 * - subtype P999: the address country.
 */
export function documentFieldLock(
  src: string,
  ctx: Pick<FieldContext, 'doc' | 'model' | 'line'>,
): string | null {
  if (ctx.line) return null;
  const doc = ctx.doc;
  const type = documentType(doc, ctx.model);
  const subtype = documentSubtype(doc);
  if (type === 'order' && src === DELIVERY_LOCK_FIELD) {
    const editable = isDeliveryLockEditable({
      subtype,
      listValue: doc.listValue ?? null,
      exchangeRate: doc.exchangeRate ?? null,
      consumed: hasConsumedLines(doc),
    });
    if (!editable) return FIELD_LOCK_REASONS.deliveryLock;
  }
  if (type === 'order' && refId(doc.reference?.contract) !== undefined) {
    if (matchesField(src, REFERENCE_CONTRACT_READONLY_FIELDS)) {
      const partners = (doc.partners ?? []).length > 0;
      if (!(partners && matchesField(src, ['supplier']))) return FIELD_LOCK_REASONS.referenceContract;
    }
  }
  const lock = ctx.model?.permissions?.importedLock ?? IMPORTED_LOCK;
  if (type === 'contract' && subtype === lock.subtype && isKeyed(doc.key) && matchesField(src, lock.fields))
    return FIELD_LOCK_REASONS.imported;
  if (subtype === COUNTRY_LOCKED_SUBTYPE && (src === 'address.country' || src.endsWith('.address.country')))
    return FIELD_LOCK_REASONS.country;
  return null;
}

// ---------------------------------------------------------------- field state

const rolesPass = (user: DocUser | null | undefined, spec: FieldConfig['viewRoles']): boolean =>
  spec === undefined ||
  (typeof spec === 'string' ? spec.trim() === '' : spec.length === 0) ||
  hasRole(user, spec);

/**
 * The srcs of the fields the user may not see because of their viewRoles alone: the same on every
 * document, so a list computes them once rather than per row.
 */
export function fieldsHiddenByRole(
  fields: ReadonlyArray<FieldConfig>,
  user: DocUser | null | undefined,
): string[] {
  return [...new Set(fields.filter((f) => !rolesPass(user, f.viewRoles)).map((f) => f.src))];
}

/**
 * The srcs the full-text index of a model leaves out: every field whose viewRoles restrict who
 * reads it (the supplier IBAN, notes for the supplier ...). One index serves every role, so a
 * field some role may not read is neither matched, nor a prefix oracle in list searches, nor shown
 * in a snippet, for anyone.
 */
export function searchHiddenPaths(fields: ReadonlyArray<FieldConfig>): string[] {
  const restricted = (spec: FieldConfig['viewRoles']) =>
    typeof spec === 'string' ? spec.trim() !== '' : Array.isArray(spec) && spec.length > 0;
  return [...new Set(fields.filter((f) => restricted(f.viewRoles)).map((f) => f.src))].sort();
}

const statePasses = (states: ReadonlyArray<string> | undefined, state: string): boolean =>
  states === undefined || states.includes(state);

/**
 * The state of a field for a user and document:
 * - visible: viewRoles (hasRole), viewStates, viewConditions (truthy) pass, and with hiddenIfNull
 *   the value (after expr / conditionalValue) is not empty;
 * - editable: visible, not mode 'view', not a read-only document, not `readonly`, no `expr`, no
 *   conditionalValue in effect, editRoles and editStates pass, and no section 5 lock
 *   (documentFieldLock);
 * - required: `required` or the state in requiredStates, shown only when visible and editable;
 * - value: the computed expr value or the conditionalValue in effect.
 */
export function fieldState(field: FieldConfig, ctx: FieldContext): FieldState {
  const state = ctx.state ?? currentState(ctx.doc);
  const mode = ctx.mode ?? 'edit';
  // Most fields have no expression: the scope (a copy of the document) is built only when needed.
  let scope: ExpressionScope | undefined;
  const scoped = (): ExpressionScope =>
    (scope ??= fieldScope({
      doc: ctx.doc,
      user: ctx.user ?? null,
      state,
      mode,
      ...(ctx.line ? { line: ctx.line } : {}),
    }));
  let value = getPath(ctx.line ?? ctx.doc, field.src);
  let set = false;
  if (field.expr) {
    value = safeEvaluate(field.expr, scoped()).value;
    set = true;
  }
  const cv =
    field.conditionalValue === undefined || field.conditionalValue === null
      ? { applies: false as const }
      : conditional(field, scoped());
  if (cv.applies) {
    value = cv.value;
    set = true;
  }
  const visible =
    rolesPass(ctx.user, field.viewRoles) &&
    statePasses(field.viewStates, state) &&
    (!field.viewConditions || !!safeEvaluate(field.viewConditions, scoped()).value) &&
    !(field.hiddenIfNull && isEmptyValue(value));
  const editable =
    visible &&
    mode !== 'view' &&
    !ctx.readonly &&
    !field.readonly &&
    !field.expr &&
    !cv.applies &&
    rolesPass(ctx.user, field.editRoles) &&
    statePasses(field.editStates, state) &&
    documentFieldLock(field.src, ctx) === null;
  const required = visible && editable && (!!field.required || (field.requiredStates ?? []).includes(state));
  return set ? { visible, editable, required, value } : { visible, editable, required };
}

/**
 * fieldState of line fields for every line of a document, in linear time on large documents: a line
 * field whose state cannot depend on the line (no expr, conditionalValue or viewConditions; section
 * 5 locks are header-only) is decided once for all lines; hiddenIfNull then only hides it on the
 * lines where its value is empty, as fieldState would.
 */
export function lineFieldStates(
  ctx: Omit<FieldContext, 'line'>,
): (item: FieldConfig, line: LineLike) => FieldState {
  const shared = new Map<FieldConfig, FieldState>();
  const hidden: FieldState = { visible: false, editable: false, required: false };
  return (item, line) => {
    const perLine =
      !!item.expr ||
      (item.conditionalValue !== undefined && item.conditionalValue !== null) ||
      !!item.viewConditions;
    if (perLine) return fieldState(item, { ...ctx, line });
    let known = shared.get(item);
    if (!known) {
      const { hiddenIfNull: _perLine, ...rest } = item;
      shared.set(item, (known = fieldState(rest, { ...ctx, line })));
    }
    return item.hiddenIfNull && isEmptyValue(getPath(line, item.src)) ? hidden : known;
  };
}

/** The field's items are field configs (a table field such as `lines`). */
export function subFields(field: FieldConfig): FieldConfig[] | null {
  const items = field.items;
  if (!items || items.length === 0) return null;
  const ok = items.every(
    (i) => i !== null && typeof i === 'object' && typeof (i as { src?: unknown }).src === 'string',
  );
  return ok ? (items as FieldConfig[]) : null;
}

function cloneValue<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneValue) as T;
  if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneValue(x)])) as T;
  }
  return v;
}

export interface DefaultsContext {
  user?: DocUser | null;
  state?: string;
  model?: ModelRules;
}

/**
 * Returns a copy of `doc` with each field's `default` filled where the value is empty (null,
 * undefined, blank, empty list); computed (expr) fields are skipped. Table fields (items are field
 * configs, e.g. `lines`) fill their items' defaults in every row. With a context, only fields
 * visible to it (roles, states, conditions; hiddenIfNull ignored) are filled.
 */
export function applyDefaults<T extends DocumentLike>(
  fields: ReadonlyArray<FieldConfig>,
  doc: T,
  ctx?: DefaultsContext,
): T {
  const visible = (field: FieldConfig, current: DocumentLike, line?: LineLike): boolean => {
    if (!ctx) return true;
    const { hiddenIfNull: _ignored, ...rest } = field;
    return fieldState(rest, {
      doc: current,
      ...(ctx.user !== undefined ? { user: ctx.user } : {}),
      ...(ctx.state !== undefined ? { state: ctx.state } : {}),
      ...(ctx.model !== undefined ? { model: ctx.model } : {}),
      ...(line ? { line } : {}),
    }).visible;
  };
  const fillLine = (items: FieldConfig[], line: LineLike, current: DocumentLike): LineLike => {
    let out = line;
    for (const f of items) {
      if (f.expr || f.default === undefined) continue;
      if (!isEmptyValue(getPath(out, f.src)) || !visible(f, current, out)) continue;
      out = setPath(out, f.src, cloneValue(f.default));
    }
    return out;
  };
  let out: T = doc;
  for (const field of fields) {
    if (field.expr) continue;
    const items = subFields(field);
    const current = getPath(out, field.src);
    if (items && Array.isArray(current)) {
      const rows = (current as unknown[]).map((row) =>
        row !== null && typeof row === 'object' ? fillLine(items, row as LineLike, out) : row,
      );
      out = setPath(out, field.src, rows);
      continue;
    }
    if (field.default === undefined || !isEmptyValue(current) || !visible(field, out)) continue;
    out = setPath(out, field.src, cloneValue(field.default));
  }
  return out;
}
