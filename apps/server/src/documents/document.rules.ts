import {
  applyDefaults,
  canCreate,
  canDelete,
  canEdit,
  canEditModel,
  computeDocument,
  currentState,
  DELETABLE_STATES,
  documentFieldLock,
  documentType,
  fieldState,
  fieldsHiddenByRole,
  lineFieldStates,
  getPath,
  hasConsumedLines,
  hasRole,
  isAdminLevel,
  isComplaintModel,
  isKeyed,
  isSupplierModel,
  MoneyError,
  ownsDocument,
  refId,
  requesterMayEditOrder,
  setPath,
  subFields,
  validateDocument,
  VALUE_FIELDS,
  type ApiFieldError,
  type DocUser,
  type DocumentLike,
  type DocumentTotals,
  type FieldConfig,
  type FieldContext,
  type LineLike,
  type SessionUser,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth.service.ts';
import { AppError, fieldErrors, forbidden } from '../lib/app-error.ts';
import { actsAsSupplier } from '@p2p/domain';
import type { ModelConfig } from './model-config.ts';
import { TAX_CODES } from './purchasing-config.ts';

/**
 * The write rules the server enforces. Every decision is taken by the shared pure rules of
 * @p2p/domain (canCreate, canEdit, canDelete, fieldState, documentFieldLock, applyDefaults,
 * validateDocument); this module only turns their answers into HTTP errors and applies them to a
 * save. Visibility stays with documentScope (document.scope.ts).
 */

type Auth = Pick<AuthContext, 'user'>;

/**
 * The session user as the domain's document rules read it. SessionUser holds every field DocUser
 * reads, but its GroupEntry lacks RecordRef's index signature, so the types need this one bridge.
 */
export const docUser = (user: SessionUser): DocUser => user;

/** Suppliers without a supplier company cannot file documents of their company. */
export function assertCanCreate(auth: Auth, model: ModelConfig): void {
  const user = docUser(auth.user);
  if (!canCreate(model, user))
    throw forbidden(`You are not allowed to create documents of model '${model.name}'.`);
  if (actsAsSupplier(user) && !isSupplierModel(model) && !refId(user.supplier))
    throw forbidden(`Suppliers cannot create documents of model '${model.name}'.`);
}

/** The caller's roles allow editing the model (and suppliers their own document only). */
function editRoleAllows(user: DocUser, model: ModelConfig, doc: DocumentLike): boolean {
  if (actsAsSupplier(user) && !ownsDocument(doc, model, user)) return false;
  const editRoles = model.permissions.editRoles;
  return canEditModel(user, editRoles ? { editRoles } : {});
}

/**
 * canEdit of the domain; when it refuses: 403 for a role (or the order requester rule), 409
 * 'document.read-only' for the document's state (read-only, locked, keyed requisition).
 */
export function assertCanEdit(auth: Auth, model: ModelConfig, doc: DocumentLike): void {
  const user = docUser(auth.user);
  if (canEdit(doc, model, user)) return;
  if (!editRoleAllows(user, model, doc))
    throw forbidden(`You are not allowed to edit documents of model '${model.name}'.`);
  if (documentType(doc, model) === 'order' && !requesterMayEditOrder(doc, user))
    throw forbidden(
      'Requesters edit only orders of their groups or where they are requester, recipient or manager.',
    );
  throw new AppError('conflict', `The document cannot be edited in state '${currentState(doc)}'.`, {
    key: 'document.read-only',
  });
}

/** The role part of delete (also used by restore): admin level or the model's deleteRoles. */
export function assertDeleteRole(auth: Auth, model: ModelConfig, doc: DocumentLike): void {
  const user = docUser(auth.user);
  if (actsAsSupplier(user)) {
    if (!isComplaintModel(model) && !isSupplierModel(model))
      throw forbidden(`Suppliers cannot delete documents of model '${model.name}'.`);
    if (!ownsDocument(doc, model, user)) throw forbidden('Suppliers delete only their own documents.');
  }
  const spec = model.permissions.deleteRoles ?? model.permissions.editRoles;
  if (!isAdminLevel(user) && !(spec && hasRole(user, spec)))
    throw forbidden(`You are not allowed to delete documents of model '${model.name}'.`);
}

/** canDelete of the domain; when it refuses: 403 for a role, 409 with the state or consumption reason. */
export function assertCanDelete(auth: Auth, model: ModelConfig, doc: DocumentLike): void {
  if (canDelete(doc, model, docUser(auth.user))) return;
  assertDeleteRole(auth, model, doc);
  if (!(DELETABLE_STATES as readonly string[]).includes(currentState(doc)) || isKeyed(doc.key)) {
    throw new AppError(
      'conflict',
      'Only documents in state created, updated, rejected or erp-fail that are not in the ERP (no 10-digit key) can be deleted.',
      { key: 'document.not-deletable' },
    );
  }
  if (model.permissions.deleteRequiresNoConsumption && hasConsumedLines(doc)) {
    throw new AppError('conflict', 'A document with consumed lines cannot be deleted.', {
      key: 'document.consumed',
    });
  }
  throw new AppError('conflict', 'The document is read-only.', { key: 'document.read-only' });
}

// ---------------------------------------------------------------- field rules on save

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
    if (stored) out = setPath(out, path, getPath(stored, path));
    else if (REFERENCES.has(top)) delete out[top];
    else out = setPath(out, path, undefined);
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

/** validateDocument of the domain; a failure is a 400 'document.invalid' listing every field. */
export function assertValid(doc: DocumentLike, model: ModelConfig, user: SessionUser, state: string): void {
  const errors = validateDocument(doc, model, { user: docUser(user), state, lang: user.lang });
  if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors, 'document.invalid');
}

/**
 * Removes the fields the user may not view because of their viewRoles (reads and lists). The
 * returned function is meant to be built once per request and applied to every row.
 */
export function roleHiding(model: ModelConfig, user: SessionUser): <T extends DocumentLike>(doc: T) => T {
  const hidden = fieldsHiddenByRole([...model.form.fields, ...model.list.fields], docUser(user));
  return (doc) => {
    let out = doc;
    for (const src of hidden) if (getPath(out, src) !== undefined) out = setPath(out, src, undefined);
    return out;
  };
}

export const hideFields = <T extends DocumentLike>(doc: T, model: ModelConfig, user: SessionUser): T =>
  roleHiding(model, user)(doc);

export interface PricedLines {
  lines: Array<Record<string, unknown> & { pos: number; subpos: number }>;
  totals: DocumentTotals;
}

const VALUE_KEYS = new Set<string>(VALUE_FIELDS);

/**
 * Prices the lines with computeDocument: value fields sent by the client are dropped, a known tax
 * key takes the configured rate, positions default to 10, 20, ...; duplicates and bad amounts are
 * field errors carrying the line.
 */
export function priceLines(input: Array<Record<string, unknown>>, state: string): PricedLines {
  const errors: ApiFieldError[] = [];
  const seen = new Set<string>();
  const cleaned = input.map((raw, i) => {
    const line = Object.fromEntries(Object.entries(raw).filter(([k]) => !VALUE_KEYS.has(k)));
    const pos = typeof raw.pos === 'number' ? raw.pos : (i + 1) * 10;
    const subpos = typeof raw.subpos === 'number' ? raw.subpos : 0;
    const at = { pos, subpos, key: typeof raw.item === 'string' ? raw.item : '' };
    if (seen.has(`${pos}/${subpos}`))
      errors.push({ field: 'pos', line: at, message: `Line ${pos}/${subpos} appears twice.` });
    seen.add(`${pos}/${subpos}`);
    const tax = raw.tax as { key?: string; value?: unknown } | null | undefined;
    if (tax && tax.key) {
      const code = TAX_CODES.find((t) => t.key === tax.key);
      if (!code) errors.push({ field: 'tax', line: at, message: `Unknown tax code '${tax.key}'.` });
      else line.tax = { key: code.key, value: code.value, group: code.group };
    }
    return Object.assign(line, { pos, subpos });
  });
  if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors);
  try {
    const { lines, totals } = computeDocument({
      _state: { current: state },
      lines: cleaned as Parameters<typeof computeDocument>[0]['lines'],
    });
    return { lines: cleaned.map((l, i) => Object.assign(l, lines[i])), totals };
  } catch (err) {
    if (err instanceof MoneyError) throw fieldErrors(err.message, [{ field: 'lines', message: err.message }]);
    throw err;
  }
}
