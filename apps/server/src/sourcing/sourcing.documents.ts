import { internalDocumentKey, type MessageAudience } from '@p2p/domain';
import { audit, storedDocument, writtenDocument } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { documentMessageRepository } from '../documents/document-message.repository.ts';
import { lineWrites, priceLines } from '../documents/document.pricing.ts';
import { documentRepository, type DocumentRow } from '../documents/document.repository.ts';
import { rowWrite } from '../documents/document.shape.ts';

/**
 * The documents the sourcing flow makes and removes inside a workflow move: the RFx of a
 * requisition, the proposals of invited suppliers, the order or contract of an award. Each is
 * numbered like any new document, priced by the server, starts its timeline with a message that
 * says where it came from, and is recorded in the audit trail, all in the move's transaction.
 */

/** How one document names another in `reference`: what a reader recognises it by. */
export interface DocumentRef {
  _id: string;
  key: string | null;
  description?: string;
}

export const refTo = (row: Pick<DocumentRow, 'id' | 'key' | 'data'>): DocumentRef => {
  const description = row.data.description;
  return { _id: row.id, key: row.key, ...(typeof description === 'string' ? { description } : {}) };
};

/** Line fields a copy carries: what was asked for, never computed values or consumption. */
const COPIED_LINE_FIELDS = ['pos', 'subpos', 'item', 'description', 'type', 'quantity', 'unit'] as const;

/** A line of one document as a line of another; prices only when `prices` (a quote asks for none). */
export function copyLine(line: Record<string, unknown>, prices: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of COPIED_LINE_FIELDS) if (line[k] !== undefined && line[k] !== null) out[k] = line[k];
  const tax = line.tax as { key?: unknown } | null | undefined;
  if (tax && typeof tax.key === 'string') out.tax = { key: tax.key };
  if (prices) {
    if (line.price !== undefined && line.price !== null) out.price = line.price;
    if (Array.isArray(line.priceInfo)) out.priceInfo = line.priceInfo;
  }
  return out;
}

export interface NewDocument {
  model: string;
  subtype?: string | null;
  supplierId?: string | null;
  requesterId?: string | null;
  groupId?: string | null;
  plant?: string | null;
  data: Record<string, unknown>;
  lines: Array<Record<string, unknown>>;
  /** the first timeline message: where the document came from */
  message: string;
  audience?: MessageAudience;
  /** what the audit trail records as the source */
  source: Record<string, unknown>;
}

/** Creates a document in state 'created' and answers its id and number. */
export async function createDocument(trx: Db, auth: AuthContext, spec: NewDocument) {
  const repo = documentRepository(trx);
  const state = 'created';
  const priced = priceLines(spec.lines, state);
  const key = internalDocumentKey(spec.model, await repo.nextKeyNumber(auth.domainId, spec.model));
  const header = {
    type: spec.model,
    subtype: spec.subtype ?? null,
    key,
    supplier_id: spec.supplierId ?? null,
    requester_id: spec.requesterId ?? null,
    group_id: spec.groupId ?? null,
    plant: spec.plant ?? null,
    data: spec.data,
  };
  const id = await repo.insert(auth.domainId, spec.model, auth.user._id, {
    ...header,
    state,
    totals: priced.totals,
  });
  await repo.replaceLines(id, auth.domainId, lineWrites(priced.lines));
  await documentMessageRepository(trx).insert({
    domainId: auth.domainId,
    documentId: id,
    state,
    userId: auth.user._id,
    text: spec.message,
    audience: spec.audience ?? 'internal',
  });
  await audit.document(trx, auth, spec.model, id, 'create', {
    after: writtenDocument({ ...header, state, totals: priced.totals }, priced.lines),
    detail: { source: spec.source },
  });
  return { id, key };
}

/**
 * Moves a locked document to the trash as a delete does (state 'deleted', values zero, the state it
 * left remembered for restore); `detail` says which move removed it.
 */
export async function trashDocument(
  trx: Db,
  auth: AuthContext,
  row: DocumentRow,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const repo = documentRepository(trx);
  const priced = priceLines(await repo.lines(row.id), 'deleted');
  const write = {
    ...rowWrite(row),
    data: { ...row.data, _deletedFrom: row.state },
    state: 'deleted',
    deleted: true,
    totals: priced.totals,
  };
  if (!(await repo.update(row.id, row.version, auth.user._id, write))) return false;
  await repo.replaceLines(row.id, auth.domainId, lineWrites(priced.lines));
  await audit.document(trx, auth, row.model, row.id, 'delete', {
    before: storedDocument(row),
    after: writtenDocument(write),
    detail,
  });
  return true;
}
