import {
  canWriteDocumentKey,
  hasRole,
  VIEW_ALL_ROLES,
  internalDocumentKey,
  actsAsSupplier,
  canDuplicate,
  fieldState,
  kitValueErrors,
  labelText,
  type ApiFieldError,
  type DocumentLike,
} from '@p2p/domain';
import { audit, storedDocument, writtenDocument } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors, forbidden } from '../lib/app-error.ts';
import {
  assertVersion,
  lockInScope,
  staleVersion,
  type DocumentAccess,
  type LoadedModel,
} from './document.access.ts';
import { applyFieldRules, assertValid, docUser } from './document.field-rules.ts';
import { linesCarryUnspsc, pickedItems, withItemDefaults } from './document.item-defaults.ts';
import { protectKitValues } from './document.kit-values.ts';
import { documentEditRepository } from './document-edit.repository.ts';
import { documentMessageRepository } from './document-message.repository.ts';
import { assertCanCreate, assertCanEdit } from './document.permissions.ts';
import { lineWrites, priceLines, type PricedLines } from './document.pricing.ts';
import { documentRepository, type DocumentRepository, type DocumentRow } from './document.repository.ts';
import { rowTotals, rowWrite, toDocument, type DocumentShape } from './document.shape.ts';
import type { ModelConfig } from './model-config.ts';
import {
  applyComputedLocks,
  copyLine,
  defaultGroup,
  keyTaken,
  proposedDocument,
  refOf,
  keepServerData,
  RESERVED,
  type Header,
} from './document.proposal.ts';

/**
 * Saving documents: create, update, the list's enabled switch and duplicate. One pipeline on the
 * API shape: field rules -> header references -> pricing -> computed locks -> validation, then the
 * row written once (optimistic version, 409 when stale).
 */

export type DocumentBody = Record<string, unknown>;

/**
 * The priced lines, or null when pricing refuses them (a line twice, an unknown tax code, an amount
 * too large): the refusals are added to `errors`, so that validation still reports the other fields
 * of the save in the same answer (the save is refused either way).
 */
function priceOrCollect(
  lines: Array<Record<string, unknown>>,
  state: string,
  errors: ApiFieldError[],
): PricedLines | null {
  try {
    return priceLines(lines, state);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'validation') throw err;
    errors.push(...err.errors);
    return null;
  }
}

/** The lines as sent, with their positions, for validating a save whose pricing was refused. */
const unpriced = (lines: Array<Record<string, unknown>>) =>
  ({
    lines: lines.map((l, i) => ({
      ...l,
      pos: typeof l.pos === 'number' ? l.pos : (i + 1) * 10,
      subpos: typeof l.subpos === 'number' ? l.subpos : 0,
    })),
    totals: {},
  }) as unknown as PricedLines;

export function documentSave(db: Db, access: DocumentAccess) {
  /**
   * Validates the header references and builds the row to write. Inside a transaction pass the
   * transaction's repository: PGlite has one connection, so a query outside it would wait forever.
   */
  async function buildWrite(
    auth: AuthContext,
    model: ModelConfig,
    body: DocumentBody,
    current: DocumentRow | null,
    repo: DocumentRepository,
  ): Promise<{ header: Header; errors: ApiFieldError[] }> {
    // refusals of the header are reported with the rest of the save's errors (prepare)
    const errors: ApiFieldError[] = [];
    const doc = (body.doc ?? {}) as { subtype?: unknown };
    const subtype = typeof doc.subtype === 'string' ? doc.subtype : (current?.subtype ?? null);
    if (model.subtypes?.length) {
      if (!subtype) errors.push({ field: 'doc.subtype', message: 'Subtype is required.' });
      else if (!model.subtypes.some((s) => s.key === subtype))
        errors.push({ field: 'doc.subtype', message: `Unknown subtype '${subtype}'.` });
    }
    // supplier writes are pinned to the caller's own supplier company
    const pinned = actsAsSupplier(auth.user) ? (auth.user.supplier?._id ?? null) : null;
    const supplierId = pinned ?? ('supplier' in body ? refOf(body.supplier) : (current?.supplier_id ?? null));
    let supplierName: string | undefined;
    if (supplierId) {
      supplierName = await repo.supplierName(auth.domainId, supplierId);
      if (!supplierName) errors.push({ field: 'supplier', message: 'Unknown supplier.' });
    }
    const requesterId =
      'requester' in body
        ? refOf(body.requester)
        : (current?.requester_id ?? (current ? null : auth.user._id));
    if (requesterId && !(await repo.userExists(auth.domainId, requesterId)))
      errors.push({ field: 'requester', message: 'Unknown requester.' });
    const chosen = 'group' in body || current !== null;
    let groupId = 'group' in body ? refOf(body.group) : current ? current.group_id : defaultGroup(auth);
    if (groupId && !(await repo.groupExists(auth.domainId, groupId))) {
      // a plant of the organization tree without a group of its own: file it in the user's first group
      if (chosen) errors.push({ field: 'group', message: 'Unknown group.' });
      else groupId = auth.user.groups[0]?._id ?? null;
    }
    // The purchasing staff file documents into any group; everyone else into their own groups (a
    // new account must not drop requisitions into another department's queue).
    const own = (id: string) => auth.user.groups.some((g) => g._id === id);
    if (groupId && groupId !== current?.group_id && !hasRole(auth.user, VIEW_ALL_ROLES) && !own(groupId)) {
      if ('group' in body)
        errors.push({ field: 'group', message: 'You can only file documents into your own groups.' });
      else groupId = auth.user.groups[0]?._id ?? null;
    }
    const data = Object.fromEntries(Object.entries(body).filter(([k]) => !RESERVED.has(k)));
    keepServerData(data, current?.data ?? null);
    // rich text sanitised, passwords hashed (document.kit-values.ts)
    protectKitValues(data, model);
    // A snapshot of the supplier keeps its name searchable with the document text.
    if (supplierId) data.supplier = { _id: supplierId, name: supplierName };
    const plant =
      'plant' in body ? (typeof body.plant === 'string' ? body.plant : null) : (current?.plant ?? null);
    // Keys are the server's (assigned on create); only the integration writes the ERP's number.
    const erpKey = typeof body.key === 'string' && body.key.trim() ? body.key.trim() : null;
    if (erpKey && erpKey !== current?.key && !canWriteDocumentKey(auth.user))
      throw forbidden('Document numbers are assigned by the server.');
    const key = erpKey ?? current?.key ?? null;
    const header = {
      type: model.name,
      subtype,
      key,
      supplier_id: supplierId,
      requester_id: requesterId,
      group_id: groupId,
      plant,
      data,
    };
    return { header, errors };
  }

  /** Field rules, references, pricing, computed locks and validation of one save. */
  async function prepare(
    auth: AuthContext,
    model: ModelConfig,
    body: DocumentBody,
    stored: { row: DocumentRow; doc: DocumentLike } | null,
    state: string,
    repo: DocumentRepository,
  ) {
    const ruled = applyFieldRules({
      model,
      user: auth.user,
      stored: stored?.doc ?? null,
      proposed: body,
      state,
    });
    const { header, errors } = await buildWrite(auth, model, ruled, stored?.row ?? null, repo);
    const storedLines = (stored?.doc.lines ?? []) as Array<Record<string, unknown>>;
    let lines = Array.isArray(ruled.lines) ? (ruled.lines as Array<Record<string, unknown>>) : storedLines;
    // a line whose item was just picked takes the item's UNSPSC code and material group
    if (lines !== storedLines && linesCarryUnspsc(model)) {
      const picked = pickedItems(lines, storedLines);
      if (picked.length)
        lines = withItemDefaults(lines, storedLines, await repo.itemDefaults(auth.domainId, picked));
    }
    // Every error of the save is answered at once: the header's, the pricing's and the field rules'.
    const priced = priceOrCollect(lines, state, errors);
    const proposed = proposedDocument(header, priced ?? unpriced(lines), state, lines);
    // the locks on computed values need the prices (without them the save is refused below)
    if (priced) applyComputedLocks(header, proposed, model, stored?.row ?? null, docUser(auth.user));
    errors.push(...kitValueErrors(proposed, model, { lang: auth.user.lang }));
    assertValid(proposed, model, auth.user, state, errors);
    // assertValid has thrown when pricing was refused: its errors are among `errors`
    if (!priced) throw new Error('a refused pricing passed validation');
    return { header, priced };
  }

  /** `copyOf`: the document a duplicate copies (the audit trail records it). */
  async function create(
    auth: AuthContext,
    name: string,
    body: DocumentBody,
    copyOf?: string,
  ): Promise<string> {
    const { model } = await access.loadModel(auth, name);
    assertCanCreate(auth, model);
    const state = 'created';
    const { header, priced } = await prepare(auth, model, body, null, state, documentRepository(db));
    return db.transaction().execute(async (trx) => {
      const tx = documentRepository(trx);
      const key =
        header.key ?? internalDocumentKey(model.name, await tx.nextKeyNumber(auth.domainId, model.name));
      const id = await tx.insert(auth.domainId, model.name, auth.user._id, {
        ...header,
        key,
        state,
        totals: priced.totals,
      });
      await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
      await documentMessageRepository(trx).insert({
        domainId: auth.domainId,
        documentId: id,
        state,
        userId: auth.user._id,
      });
      await audit.document(trx, auth, model.name, id, copyOf ? 'duplicate' : 'create', {
        after: writtenDocument({ ...header, key, state, totals: priced.totals }, priced.lines),
        detail: copyOf ? { copyOf } : null,
      });
      return id;
    });
  }

  return {
    create,

    /**
     * Answers the document as saved (the row read again in the transaction, the lines as written),
     * or null when the save moved it out of the caller's scope.
     */
    async update(
      auth: AuthContext,
      name: string,
      id: string,
      body: DocumentBody,
    ): Promise<{ model: LoadedModel['model']; doc: DocumentShape } | null> {
      const { model, scope } = await access.loadModel(auth, name);
      const expected = typeof body._version === 'number' ? body._version : body.version;
      if (typeof expected !== 'number')
        throw fieldErrors('_version is required.', [{ field: '_version', message: '_version is required.' }]);
      return db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await lockInScope(tx, scope, id);
        const storedLines = await tx.storedLines(id);
        const doc = toDocument(
          row,
          model,
          storedLines.map((l) => l.data),
        );
        assertCanEdit(auth, model, doc);
        assertVersion(row, expected);
        const state = row.state === 'created' ? 'updated' : row.state;
        const { header, priced } = await prepare(auth, model, body, { row, doc }, state, tx);
        const written = await tx
          .update(id, expected, auth.user._id, { ...header, state, deleted: false, totals: priced.totals })
          .catch((err: unknown) => {
            throw keyTaken(err, header.key) ?? err;
          });
        if (!written) throw staleVersion();
        const lines = await tx.writeLines(id, auth.domainId, lineWrites(priced.lines), storedLines);
        await audit.document(trx, auth, model.name, id, 'update', {
          before: storedDocument(row, doc.lines),
          after: writtenDocument({ ...header, state, totals: priced.totals }, priced.lines),
        });
        await documentEditRepository(trx).endEdit(id, auth.user._id);
        // the answer without reading 2,000 unchanged lines again: the row with its joins, the lines
        // this save kept or wrote (as the database returned them)
        const saved = await tx.find(scope.where, id);
        return saved
          ? {
              model,
              doc: toDocument(
                saved,
                model,
                lines.map((l) => l.data),
              ),
            }
          : null;
      });
    },

    /**
     * The list's 'enabled' switch (seed 001 section 2.4): a one-field save of the header through
     * the same rules (scope, edit verdict, the field's own edit rules, version); the lines are
     * neither read nor written.
     */
    async toggleEnabled(auth: AuthContext, name: string, id: string, value: boolean): Promise<void> {
      const { model, scope } = await access.loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await lockInScope(tx, scope, id);
        const doc = toDocument(row, model);
        assertCanEdit(auth, model, doc);
        // A save would keep a field the caller may not edit as it is: say so instead of doing nothing.
        const field = model.form.fields.find((f) => f.src === 'enabled');
        if (field && !fieldState(field, { doc, user: docUser(auth.user), mode: 'edit', model }).editable)
          throw forbidden(`You are not allowed to change '${labelText(field.label, auth.user.lang)}'.`);
        const written = await tx.update(id, row.version, auth.user._id, {
          ...rowWrite(row),
          data: { ...row.data, enabled: value },
          state: row.state,
          deleted: false,
          totals: rowTotals(row),
        });
        if (!written) throw staleVersion();
        await audit.document(trx, auth, model.name, id, value ? 'enable' : 'disable', {
          before: { data: { enabled: row.data.enabled ?? null } },
          after: { data: { enabled: value } },
        });
      });
    },

    /** A copy in state created: a new number, lines copied without consumption, values computed again. */
    async duplicate(auth: AuthContext, name: string, id: string): Promise<string> {
      const { model, row, doc } = await access.load(auth, name, id);
      if (row.deleted || !canDuplicate(doc, model, docUser(auth.user)))
        throw forbidden('You are not allowed to duplicate this document.');
      const { _deletedFrom: _trash, ...data } = row.data;
      return create(
        auth,
        name,
        {
          ...data,
          doc: { subtype: row.subtype ?? undefined },
          ...(row.supplier_id ? { supplier: { _id: row.supplier_id } } : {}),
          ...(row.requester_id ? { requester: { _id: row.requester_id } } : {}),
          ...(row.group_id ? { group: { _id: row.group_id } } : {}),
          plant: row.plant,
          lines: (doc.lines ?? []).map(copyLine),
        },
        id,
      );
    },
  };
}
