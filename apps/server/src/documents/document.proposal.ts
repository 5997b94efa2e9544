import {
  DELIVERY_LOCK_FIELD,
  GROUP_OPTION_LABELS,
  documentFieldLock,
  fieldState,
  refId,
  VALUE_FIELDS,
  type DocumentLike,
  type DocUser,
  type LineLike,
  type RecordRef,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { AppError } from '../lib/app-error.ts';
import type { PricedLines } from './document.pricing.ts';
import type { DocumentRow, DocumentWrite } from './document.repository.ts';
import type { ModelConfig } from './model-config.ts';

/**
 * The document a save proposes, before it is written: which body keys are the server's, the header
 * references, the API shape the domain rules read, the locks that depend on computed values, and
 * the answer to a number another document holds.
 */

/** Keys the server owns; everything else of a document body is the configurable `data`. */
export const RESERVED = new Set([
  '_id',
  'key',
  'model',
  'doc',
  '_state',
  'lines',
  '_version',
  'version',
  'supplier',
  'requester',
  'group',
  'plant',
  'createdBy',
  'updatedBy',
  'updatedAt',
  // the server's verdicts of an answer, sent back by a client that saves the whole draft
  '_actions',
  '_permissions',
  ...VALUE_FIELDS,
]);

/**
 * Keys of `data` only the server's workflow writes (the approval running on a document and its
 * current approvers): a save keeps their stored values whatever the body says, so an editor can
 * neither name themselves an approver nor detach the approval. The integrity of votes does not
 * rest on this (approvals read their own documents), but 'Assigned to me' and the 'assigned'
 * transitions read these keys. `_erp` is the ERP integration's record of a send (erp/erp.effect.ts):
 * attempts, the last answer and the ERP's messages per field and line.
 */
export const SERVER_KEPT_DATA = ['assignees', 'approval', '_erp'] as const;

/** Puts the stored values of SERVER_KEPT_DATA back into a save's data (none on a new document). */
export function keepServerData(data: Record<string, unknown>, stored: Record<string, unknown> | null): void {
  for (const k of SERVER_KEPT_DATA) {
    delete data[k];
    if (stored && Object.hasOwn(stored, k)) data[k] = stored[k];
  }
}

/** A line as duplicated: no consumption, no values (they are computed again). */
const COPY_DROPS = new Set<string>([...VALUE_FIELDS, '_cq']);
export const copyLine = (l: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(l).filter(([k]) => !COPY_DROPS.has(k)));

/** The id of a reference as a body sends it (an id, or an object with `_id`); null when none. */
export const refOf = (v: unknown): string | null => refId(v as RecordRef) ?? null;

export type Header = Omit<DocumentWrite, 'totals' | 'state'>;

/**
 * The group of a new document: the group the user works in when it is a group, else the first of
 * the user's groups (working in 'All' or 'Created by me' names no group to file a document in).
 */
export const defaultGroup = (auth: AuthContext): string | null => {
  const working = auth.user.group?._id;
  if (working && !Object.hasOwn(GROUP_OPTION_LABELS, working)) return working;
  return auth.user.groups[0]?._id ?? null;
};

/** The document a save would write, in the API shape the domain rules read (locks, validation). */
export function proposedDocument(
  header: Header,
  priced: PricedLines,
  state: string,
  raw: ReadonlyArray<Record<string, unknown>>,
): DocumentLike {
  return {
    ...header.data,
    key: header.key,
    doc: { type: header.type, subtype: header.subtype },
    _state: { current: state },
    supplier: header.supplier_id ? (header.data.supplier as DocumentLike['supplier']) : null,
    requester: header.requester_id ? { _id: header.requester_id } : null,
    group: header.group_id ? { _id: header.group_id } : null,
    plant: header.plant,
    // Required line amounts are checked on what was sent, not on the computed zero.
    lines: priced.lines.map(
      (l, i) => ({ ...l, quantity: raw[i]?.quantity, price: raw[i]?.price }) as LineLike,
    ),
    ...priced.totals,
  };
}

/**
 * Locks that depend on computed values (seed 000 section 5: the P009 delivery lock is editable only
 * under 500 converted list value) are decided on the priced document, on create as on update: a
 * locked field keeps its stored value, or on a new document the value its rules give (the
 * conditionalValue of other subtypes), else none.
 */
export function applyComputedLocks(
  header: Header,
  proposed: DocumentLike,
  model: ModelConfig,
  stored: DocumentRow | null,
  user: DocUser,
): void {
  if (!(DELIVERY_LOCK_FIELD in header.data)) return;
  if (documentFieldLock(DELIVERY_LOCK_FIELD, { doc: proposed, model }) === null) return;
  let kept = stored?.data[DELIVERY_LOCK_FIELD];
  if (!stored) {
    const field = model.form.fields.find((f) => f.src === DELIVERY_LOCK_FIELD);
    const ruled = field ? fieldState(field, { doc: proposed, user, mode: 'create', model }) : {};
    kept = 'value' in ruled ? ruled.value : undefined;
  }
  if (kept === undefined) delete header.data[DELIVERY_LOCK_FIELD];
  else header.data[DELIVERY_LOCK_FIELD] = kept;
  (proposed as Record<string, unknown>)[DELIVERY_LOCK_FIELD] = kept;
}

/** A number another document of the model holds (unique index documents_model_key): 409. */
export function keyTaken(err: unknown, key: string | null): AppError | null {
  const e = err as { code?: string; constraint?: string } | null;
  if (e?.code !== '23505' || !String(e.constraint ?? '').includes('documents_model_key')) return null;
  return new AppError('conflict', `The number '${key ?? ''}' is already used by another document.`, {
    key: 'document.key-taken',
  });
}
