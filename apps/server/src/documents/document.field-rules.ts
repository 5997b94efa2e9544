import {
  applyDefaults,
  documentFieldLock,
  fieldState,
  fieldsHiddenByRole,
  getPath,
  lineFieldStates,
  setPath,
  subFields,
  textLengthErrors,
  validateDocument,
  VALUE_FIELDS,
  type ApiFieldError,
  type DocumentLike,
  type DocUser,
  type FieldConfig,
  type FieldContext,
  type LineLike,
  type SessionUser,
} from '@p2p/domain';
import { fieldErrors } from '../lib/app-error.ts';
import type { ModelConfig } from './model-config.ts';

/**
 * The field rules of a save and of every read, taken by the shared pure rules of @p2p/domain
 * (fieldState, documentFieldLock, lineFieldStates, applyDefaults, validateDocument,
 * fieldsHiddenByRole): this module applies their answers to a body and turns failures into errors.
 */

/**
 * The session user as the domain's document rules read it. SessionUser holds every field DocUser
 * reads, but its GroupEntry lacks RecordRef's index signature, so the types need this one bridge.
 */
export const docUser = (user: SessionUser): DocUser => user;

/** Keys the engine owns: never written through a form field. */
const SERVER_OWNED = new Set([
  '_id',
  'key',
  'model',
  'doc',
  '_state',
  '_version',
  'version',
  'createdBy',
  'updatedBy',
  'updatedAt',
  ...VALUE_FIELDS,
]);
/**
 * Identity and state of a document: every answer carries them (the API contract requires them; the
 * serialiser refuses an answer without them), whatever a field's viewRoles say.
 */
const ALWAYS_SHOWN = new Set(['_id', 'key', 'model', 'doc', '_state', '_version', 'updatedAt']);
/** Relational header references: a locked field such as 'supplier.name' locks the whole reference. */
const REFERENCES = new Set(['supplier', 'requester', 'group', 'plant']);
/** Facts of the stored document that decide the section 5 locks; a save cannot change them to unlock. */
const LOCK_FACTS = ['key', 'doc', '_state', 'reference', 'partners', 'listValue'] as const;

const withoutHiddenIfNull = (field: FieldConfig): FieldConfig => {
  const { hiddenIfNull: _display, ...rest } = field;
  return rest;
};

const lineId = (line: Record<string, unknown>, i: number): string =>
  `${typeof line.pos === 'number' ? line.pos : (i + 1) * 10}/${typeof line.subpos === 'number' ? line.subpos : 0}`;

export interface FieldRulesInput {
  model: ModelConfig;
  user: SessionUser;
  /** the stored document (API shape), null on create */
  stored: DocumentLike | null;
  /** what the client sent */
  proposed: Record<string, unknown>;
  /** the document's state during the save */
  state: string;
}

/**
 * Applies the field rules of the model to a save: for every form field (and every line field of a
 * table field) the user may not edit (fieldState of the domain on the proposed document, whose lock
 * facts come from the stored one, and documentFieldLock of the stored document), the stored value
 * is kept silently (a new document: the field is dropped); a conditionalValue in effect is written.
 * On create the defaults are filled (applyDefaults). Returns the body to write.
 */
/**
 * setPath, except that clearing a path whose parent object is absent changes nothing: saving a
 * document without service lines must not grow an empty `risk: {}` for its hidden risk fields.
 */
function putPath(out: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : null;
  if (value === undefined && parent !== null && getPath(out, parent) === undefined) return out;
  return setPath(out, path, value);
}

export function applyFieldRules(input: FieldRulesInput): Record<string, unknown> {
  const { model, stored, state } = input;
  const user = docUser(input.user);
  const mode = stored ? ('edit' as const) : ('create' as const);
  const proposedDoc = input.proposed.doc as { subtype?: unknown } | undefined;
  const base: DocumentLike = stored ?? {
    doc: { type: model.name, subtype: typeof proposedDoc?.subtype === 'string' ? proposedDoc.subtype : null },
    _state: { current: state },
  };
  const ruleDoc: DocumentLike = { ...(input.proposed as DocumentLike) };
  for (const k of LOCK_FACTS) (ruleDoc as Record<string, unknown>)[k] = base[k];
  if (!Array.isArray(input.proposed.lines)) ruleDoc.lines = base.lines ?? [];
  const ctx = { doc: ruleDoc, user, state, mode, model };
  let out: Record<string, unknown> = { ...input.proposed };

  for (const field of model.form.fields) {
    const items = subFields(field);
    if (items) {
      out = applyLineRules(out, field.src, items, input, ctx);
      continue;
    }
    const top = field.src.split('.')[0]!;
    if (SERVER_OWNED.has(top)) continue;
    const st = fieldState(withoutHiddenIfNull(field), ctx);
    const locked = stored ? documentFieldLock(field.src, { doc: stored, model }) : null;
    if (st.editable && locked === null) continue;
    if ('value' in st && !field.expr) {
      out = setPath(out, field.src, st.value);
      continue;
    }
    const path = REFERENCES.has(top) ? top : field.src;
    if (stored) out = putPath(out, path, getPath(stored, path));
    else if (REFERENCES.has(top)) delete out[top];
    else out = putPath(out, path, undefined);
  }
  if (!stored) out = applyDefaults(model.form.fields, out as DocumentLike, { user, state, model });
  return out;
}

function applyLineRules(
  body: Record<string, unknown>,
  src: string,
  items: FieldConfig[],
  input: FieldRulesInput,
  ctx: Omit<FieldContext, 'line'>,
): Record<string, unknown> {
  const rows = getPath(body, src);
  if (!Array.isArray(rows)) return body;
  const storedRows = (input.stored ? getPath(input.stored, src) : undefined) as
    Array<Record<string, unknown>> | undefined;
  const byId = new Map((storedRows ?? []).map((l, i) => [lineId(l, i), l]));
  // the rule items once (hiddenIfNull is display only), their states shared across lines where they can be
  const ruled = items
    .filter((item) => {
      const top = item.src.split('.')[0]!;
      return !(top === 'pos' || top === 'subpos' || SERVER_OWNED.has(top));
    })
    .map(withoutHiddenIfNull);
  const stateOf = lineFieldStates(ctx);
  const next = rows.map((row: unknown, i) => {
    if (row === null || typeof row !== 'object') return row;
    let line = row as Record<string, unknown>;
    const before = byId.get(lineId(line, i));
    for (const item of ruled) {
      if (stateOf(item, line as LineLike).editable) continue;
      const kept = before ? getPath(before, item.src) : undefined;
      if (getPath(line, item.src) !== kept) line = setPath(line, item.src, kept);
    }
    return line;
  });
  return setPath(body, src, next);
}

/**
 * validateDocument of the domain; a failure is a 400 'document.invalid' listing every field, after
 * the `earlier` errors of the same save (its header, its pricing): one answer with every error, a
 * field named once (the earlier error wins).
 */
export function assertValid(
  doc: DocumentLike,
  model: ModelConfig,
  user: SessionUser,
  state: string,
  earlier: ReadonlyArray<ApiFieldError> = [],
): void {
  const at = (e: ApiFieldError) => (e.line ? `${e.field}@${e.line.pos}/${e.line.subpos}` : (e.field ?? ''));
  const named = new Set(earlier.map(at));
  const errors = [
    ...earlier,
    ...[
      ...validateDocument(doc, model, { user: docUser(user), state, lang: user.lang }),
      ...textLengthErrors(doc, model, { lang: user.lang }),
    ].filter((e) => !named.has(at(e))),
  ];
  if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors, 'document.invalid');
}

/** Hidden srcs per model configuration (the cached, frozen config object) and per set of roles. */
const hiddenByConfig = new WeakMap<object, Map<string, readonly string[]>>();

function hiddenSrcs(model: ModelConfig, user: SessionUser): readonly string[] {
  let byRoles = hiddenByConfig.get(model.form);
  if (!byRoles) hiddenByConfig.set(model.form, (byRoles = new Map()));
  const roles = [user.role?.key ?? '', ...user.roles.map((r) => r.key), ...(user._profile ?? [])]
    .sort()
    .join(',');
  let hidden = byRoles.get(roles);
  if (!hidden) {
    hidden = fieldsHiddenByRole([...model.form.fields, ...model.list.fields], docUser(user)).filter(
      (src) => !ALWAYS_SHOWN.has(src.split('.')[0]!),
    );
    byRoles.set(roles, hidden);
  }
  return hidden;
}

/**
 * Removes the fields the user may not view because of their viewRoles (reads and lists). Which
 * fields those are depends only on the configuration and the roles, so it is computed once per
 * configuration version and role set, not per request.
 */
export function roleHiding(model: ModelConfig, user: SessionUser): <T extends DocumentLike>(doc: T) => T {
  const hidden = hiddenSrcs(model, user);
  if (!hidden.length) return (doc) => doc;
  return (doc) => {
    let out = doc;
    for (const src of hidden) if (getPath(out, src) !== undefined) out = setPath(out, src, undefined);
    return out;
  };
}

export const hideFields = <T extends DocumentLike>(doc: T, model: ModelConfig, user: SessionUser): T =>
  roleHiding(model, user)(doc);
