import { PAGING, supplierLineView } from '@p2p/domain';
import type { AuthContext } from '../auth/auth.service.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors, notFound } from '../lib/app-error.ts';
import { filterExpressions, sortSpec, textSearch } from './document.fields.ts';
import {
  documentRepository,
  modelConfigRepository,
  type DocumentRepository,
  type DocumentRow,
  type DocumentWrite,
} from './document.repository.ts';
import { assertDeletable, assertEditable, priceLines } from './document.rules.ts';
import {
  actsAsSupplier,
  assertCanCreate,
  assertCanDelete,
  assertCanEdit,
  assertCanPurge,
  assertModelVisible,
  documentScope,
  pinnedSupplier,
} from './document.scope.ts';
import { isModel, localize, MODELS, readModelFiles, type ModelConfig } from './model-config.ts';
import { CURRENCIES, PRICE_CONDITION_LABELS, TAX_CODES } from './purchasing-config.ts';

export const MAX_PAGE_SIZE = 200;
/** An edit in progress is shown to others for this long (seed 000 section 7). */
export const EDIT_LOCK_MS = 15 * 60 * 1000;

export interface ListParams {
  q?: string;
  p?: number;
  l?: number;
  s?: string;
  c?: string;
  filters: Record<string, string>;
}

/** Keys the server owns; everything else of a document body is the configurable `data`. */
const RESERVED = new Set([
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
  'grossValue',
  'discountValue',
  'costValue',
  'netValue',
  'taxValue',
  'value',
  'listValue',
]);

const refId = (v: unknown): string | null => {
  if (typeof v === 'string' && v) return v;
  if (typeof v === 'object' && v !== null && typeof (v as { _id?: unknown })._id === 'string')
    return (v as { _id: string })._id;
  return null;
};

/** The API shape of a document: the configurable data plus the relational facts, which win. */
function toDocument(row: DocumentRow, model: ModelConfig, lines?: Array<Record<string, unknown>>) {
  return {
    ...row.data,
    _id: row.id,
    key: row.key,
    model: row.model,
    doc: { type: row.type, subtype: row.subtype },
    _state: {
      current: row.state,
      readonly: model.readonly.includes(row.state) || row.state === 'deleted',
      created: {
        ts: new Date(row.created_at).toISOString(),
        user: { _id: row.created_by, name: row.created_by_name },
      },
    },
    supplier: row.supplier_id ? { _id: row.supplier_id, name: row.supplier_name } : null,
    requester: row.requester_id ? { _id: row.requester_id, name: row.requester_name } : null,
    group: row.group_id ? { _id: row.group_id, key: row.group_key, name: row.group_name } : null,
    plant: row.plant,
    grossValue: row.gross_value,
    discountValue: row.discount_value,
    costValue: row.cost_value,
    netValue: row.net_value,
    taxValue: row.tax_value,
    value: row.value,
    listValue: row.list_value,
    updatedAt: new Date(row.updated_at).toISOString(),
    _version: row.version,
    ...(lines ? { lines } : {}),
  };
}

export type DocumentBody = Record<string, unknown>;

/** The document engine: model configs, lists, CRUD, trash and edit locks, all through documentScope. */
export function documentService(db: Db) {
  const configs = modelConfigRepository(db);
  const repo = documentRepository(db);

  async function modelConfig(
    auth: AuthContext,
    name: string,
    version?: number,
  ): Promise<ModelConfig & { _v: number }> {
    if (!isModel(name)) throw notFound(`Unknown model '${name}'.`);
    const found =
      (version !== undefined ? await configs.latest(auth.domainId, name, version) : undefined) ??
      (await configs.latest(auth.domainId, name));
    if (!found) throw notFound(`Model '${name}' has no configuration.`);
    return { ...found.config, _v: found.version };
  }

  const notFoundDoc = () => notFound('Document not found.');

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
  ): Promise<Omit<DocumentWrite, 'totals' | 'state'>> {
    const errors: Array<{ field: string; message: string }> = [];
    const doc = (body.doc ?? {}) as { subtype?: unknown };
    const subtype = typeof doc.subtype === 'string' ? doc.subtype : (current?.subtype ?? null);
    if (model.subtypes?.length) {
      if (!subtype) errors.push({ field: 'doc.subtype', message: 'Subtype is required.' });
      else if (!model.subtypes.some((s) => s.key === subtype))
        errors.push({ field: 'doc.subtype', message: `Unknown subtype '${subtype}'.` });
    }
    const pinned = pinnedSupplier(auth);
    const supplierId = pinned ?? ('supplier' in body ? refId(body.supplier) : (current?.supplier_id ?? null));
    let supplierName: string | undefined;
    if (supplierId) {
      supplierName = await repo.supplierName(auth.domainId, supplierId);
      if (!supplierName) errors.push({ field: 'supplier', message: 'Unknown supplier.' });
    }
    const requesterId =
      'requester' in body
        ? refId(body.requester)
        : (current?.requester_id ?? (current ? null : auth.user._id));
    if (requesterId && !(await repo.userExists(auth.domainId, requesterId)))
      errors.push({ field: 'requester', message: 'Unknown requester.' });
    const groupId =
      'group' in body
        ? refId(body.group)
        : (current?.group_id ?? (current ? null : (auth.user.group?._id ?? null)));
    if (groupId && !(await repo.groupExists(auth.domainId, groupId)))
      errors.push({ field: 'group', message: 'Unknown group.' });
    if (errors.length) throw fieldErrors(errors.map((e) => e.message).join(', '), errors);

    const data = Object.fromEntries(Object.entries(body).filter(([k]) => !RESERVED.has(k)));
    // A snapshot of the supplier keeps its name searchable with the document text.
    if (supplierId) data.supplier = { _id: supplierId, name: supplierName };
    const plant =
      'plant' in body ? (typeof body.plant === 'string' ? body.plant : null) : (current?.plant ?? null);
    const key = current ? current.key : typeof body.key === 'string' && body.key ? body.key : null;
    return {
      type: model.name,
      subtype,
      key,
      supplier_id: supplierId,
      requester_id: requesterId,
      group_id: groupId,
      plant,
      data,
    };
  }

  const lineWrites = (lines: ReturnType<typeof priceLines>['lines']) =>
    lines.map((l) => ({
      pos: l.pos,
      subpos: l.subpos,
      data: l,
      quantity: String(l.quantity),
      price: String(l.price),
      value: String(l.value),
    }));

  async function loadModel(auth: AuthContext, name: string) {
    const model = await modelConfig(auth, name);
    return { model, scope: documentScope(auth, model) };
  }

  async function list(auth: AuthContext, name: string, params: ListParams, deleted: boolean) {
    const { model, scope } = await loadModel(auth, name);
    assertModelVisible(scope, model);
    const page = Math.max(1, params.p ?? PAGING.page);
    const pagesize = Math.min(MAX_PAGE_SIZE, Math.max(1, params.l ?? PAGING.pageSize));
    const sort = sortSpec(model, params.s || PAGING.sort);
    const conditions = filterExpressions(model, params.filters);
    const search = params.q ? textSearch(params.q) : null;
    if (search) conditions.push(search);
    const rows = await repo.list({
      scope: scope.where,
      deleted,
      conditions,
      sort,
      limit: pagesize,
      offset: (page - 1) * pagesize,
    });
    const wantCount = params.c === '1' || params.c === 'true';
    const count = wantCount ? await repo.count({ scope: scope.where, deleted, conditions }) : null;
    return { items: rows.map((r) => toDocument(r, model)), options: { count, page, pagesize } };
  }

  async function read(auth: AuthContext, name: string, id: string) {
    const { model, scope } = await loadModel(auth, name);
    const row = await repo.find(scope.where, id);
    if (!row) throw notFoundDoc();
    let lines = await repo.lines(id);
    // Suppliers see order prices per the tax group of each line (seed 000 sections 6 and 9).
    if (model.name === 'order' && actsAsSupplier(auth.user)) {
      lines = lines.map((l) => ({
        ...l,
        supplierView: supplierLineView(l, (l.tax as { group?: string } | undefined)?.group),
      }));
    }
    return toDocument(row, model, lines);
  }

  return {
    MODELS,

    /** Seeds the shipped configurations that are absent; safe on every start. */
    async ensureModels(): Promise<void> {
      for (const config of readModelFiles()) await configs.ensureDefault(config);
    },

    async config(auth: AuthContext, lang: string, name: string, version?: number) {
      const config = await modelConfig(auth, name, version);
      return localize(config, lang);
    },

    async subtypes(auth: AuthContext) {
      const out: Record<string, Array<{ key: string; label: unknown }>> = {};
      for (const name of MODELS) {
        const config = await configs.latest(auth.domainId, name);
        if (config?.config.subtypes) out[name] = localize(config.config.subtypes, auth.user.lang);
      }
      return out;
    },

    async purchasing(auth: AuthContext) {
      const models = [];
      for (const name of MODELS) {
        const config = await configs.latest(auth.domainId, name);
        if (config)
          models.push({ key: name, label: localize(config.config.label, auth.user.lang), route: `/${name}` });
      }
      return {
        models,
        currencies: CURRENCIES,
        defaultCurrency: 'EUR',
        taxCodes: TAX_CODES,
        priceConditions: PRICE_CONDITION_LABELS,
      };
    },

    list: (auth: AuthContext, name: string, params: ListParams) => list(auth, name, params, false),
    trash: (auth: AuthContext, name: string, params: ListParams) => list(auth, name, params, true),
    read,

    async create(auth: AuthContext, name: string, body: DocumentBody) {
      const { model } = await loadModel(auth, name);
      assertCanCreate(auth, model);
      const header = await buildWrite(auth, model, body, null, repo);
      const priced = priceLines((body.lines as Array<Record<string, unknown>>) ?? [], 'created');
      const id = await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const newId = await tx.insert(auth.domainId, model.name, auth.user._id, {
          ...header,
          state: 'created',
          totals: priced.totals,
        });
        await tx.replaceLines(newId, auth.domainId, lineWrites(priced.lines));
        return newId;
      });
      return read(auth, name, id);
    },

    async update(auth: AuthContext, name: string, id: string, body: DocumentBody) {
      const { model, scope } = await loadModel(auth, name);
      const expected = typeof body._version === 'number' ? body._version : body.version;
      if (typeof expected !== 'number')
        throw fieldErrors('_version is required.', [{ field: '_version', message: '_version is required.' }]);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row || row.deleted) throw notFoundDoc();
        assertCanEdit(auth, model, row);
        if (row.version !== expected) {
          throw new AppError(
            'conflict',
            'The document was changed by someone else; reload it and try again.',
            {
              key: 'document.stale',
            },
          );
        }
        assertEditable(model, row);
        const header = await buildWrite(auth, model, body, row, tx);
        const state = row.state === 'created' ? 'updated' : row.state;
        const lines = Array.isArray(body.lines)
          ? (body.lines as Array<Record<string, unknown>>)
          : await tx.lines(id);
        const priced = priceLines(lines, state);
        const written = await tx.update(id, expected, auth.user._id, {
          ...header,
          state,
          deleted: false,
          totals: priced.totals,
        });
        if (!written)
          throw new AppError('conflict', 'The document was changed by someone else.', {
            key: 'document.stale',
          });
        await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
        await tx.endEdit(id, auth.user._id);
      });
      return read(auth, name, id);
    },

    /** Moves a document to the trash: state 'deleted', every value zero. */
    async remove(auth: AuthContext, name: string, id: string) {
      const { model, scope } = await loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row || row.deleted) throw notFoundDoc();
        assertCanDelete(auth, model);
        const lines = await tx.lines(id);
        assertDeletable(model, row, lines);
        const priced = priceLines(lines, 'deleted');
        await tx.update(id, row.version, auth.user._id, {
          ...rowWrite(row),
          data: { ...row.data, _deletedFrom: row.state },
          state: 'deleted',
          deleted: true,
          totals: priced.totals,
        });
        await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
      });
      return { ok: true as const };
    },

    async restore(auth: AuthContext, name: string, id: string) {
      const { model, scope } = await loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row) throw notFoundDoc();
        if (!row.deleted)
          throw new AppError('conflict', 'The document is not in the trash.', {
            key: 'document.not-deleted',
          });
        assertCanDelete(auth, model);
        const { _deletedFrom, ...data } = row.data;
        const state = typeof _deletedFrom === 'string' ? _deletedFrom : 'updated';
        const priced = priceLines(await tx.lines(id), state);
        await tx.update(id, row.version, auth.user._id, {
          ...rowWrite(row),
          data,
          state,
          deleted: false,
          totals: priced.totals,
        });
        await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
      });
      return read(auth, name, id);
    },

    async purge(auth: AuthContext, name: string, id: string) {
      const { scope } = await loadModel(auth, name);
      const row = await repo.find(scope.where, id);
      if (!row) throw notFoundDoc();
      assertCanPurge(auth);
      if (!row.deleted)
        throw new AppError('conflict', 'Only documents in the trash can be purged.', {
          key: 'document.not-deleted',
        });
      await repo.purge(id);
      return { ok: true as const };
    },

    /** Records that the caller starts editing and tells who else is editing (edit-start / edit-check). */
    async edit(auth: AuthContext, name: string, id: string, start: boolean) {
      const { scope } = await loadModel(auth, name);
      const row = await repo.find(scope.where, id);
      if (!row) throw notFoundDoc();
      if (start) await repo.startEdit(auth.domainId, id, auth.user._id);
      const other = await repo.otherEdit(id, auth.user._id, new Date(Date.now() - EDIT_LOCK_MS));
      return {
        editing: other
          ? {
              user: { _id: other.id, name: other.name, username: other.username },
              ts: new Date(other.ts).toISOString(),
            }
          : null,
      };
    },
  };
}

const rowWrite = (row: DocumentRow) => ({
  type: row.type,
  subtype: row.subtype,
  key: row.key,
  supplier_id: row.supplier_id,
  requester_id: row.requester_id,
  group_id: row.group_id,
  plant: row.plant,
});

export type DocumentService = ReturnType<typeof documentService>;
