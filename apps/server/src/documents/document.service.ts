import {
  actsAsSupplier,
  availableTransitions,
  canDelete,
  canDuplicate,
  canEdit,
  commentRequired,
  documentActions,
  fieldState,
  labelText,
  mergeTimeline,
  PAGING,
  REOPEN_STATES,
  supplierLineView,
  timelineSteps,
  VALUE_FIELDS,
  workflowOf,
  type DocumentLike,
  type LineLike,
  type SessionUser,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth.service.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { filterExpressions, needsJoins, sortSpec, textSearch } from './document.fields.ts';
import { listDataKeys, toDocument } from './document.shape.ts';
import {
  documentRepository,
  modelConfigRepository,
  type DocumentRepository,
  type DocumentRow,
  type DocumentWrite,
} from './document.repository.ts';
import { documentMessageRepository } from './document.messages.ts';
import {
  applyFieldRules,
  assertCanCreate,
  assertCanDelete,
  assertCanEdit,
  assertDeleteRole,
  assertValid,
  docUser,
  hideFields,
  roleHiding,
  priceLines,
  type PricedLines,
} from './document.rules.ts';
import {
  assertCanPurge,
  assertModelVisible,
  documentScope,
  pinnedSupplier,
} from './document.scope.ts';
import {
  isModel,
  localize,
  MODELS,
  readModelFiles,
  type ModelConfig,
  type WorkflowConfig,
} from './model-config.ts';
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

export type DocumentBody = Record<string, unknown>;

export interface WorkflowBody {
  action: string;
  comment?: string;
  _version?: number;
}

type Header = Omit<DocumentWrite, 'totals' | 'state'>;

/** The document a save would write, in the API shape the domain rules read (validation). */
function proposedDocument(
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

/** A line as duplicated: no consumption, no values (they are computed again). */
const VALUE_KEYS = new Set<string>([...VALUE_FIELDS, '_cq']);
const copyLine = (l: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(l).filter(([k]) => !VALUE_KEYS.has(k)));

/** Fallback targets of the workflow actions when a transition has no `to`. */
const ACTION_TARGETS: Readonly<Record<string, string>> = {
  'submit-approval': 'approval',
  approve: 'approved',
  reject: 'rejected',
  close: 'closed',
  negotiate: 'negotiation',
  confirm: 'completed',
  // A reopened document is open for changes again and goes through approval anew.
  reopen: 'updated',
};

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
  ): Promise<Header> {
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
    const joins = needsJoins([sort.src, ...Object.keys(params.filters)]);
    const rows = await repo.list({
      scope: scope.where,
      deleted,
      conditions,
      joins,
      sort,
      limit: pagesize,
      offset: (page - 1) * pagesize,
    });
    const wantCount = params.c === '1' || params.c === 'true';
    const hide = roleHiding(model, auth.user);
    const keep = listDataKeys(model);
    // exact up to the cap of the repository, above it the planner's estimate flagged `estimated: true`
    const counted = wantCount ? await repo.count({ scope: scope.where, deleted, conditions, joins }) : null;
    return {
      items: rows.map((r) => hide(toDocument(r, model, undefined, keep))),
      options: {
        count: counted ? counted.count : null,
        page,
        pagesize,
        ...(counted?.estimated ? { estimated: true as const } : {}),
      },
    };
  }

  /** The stored document in the caller's scope (404 outside it), in the API shape. */
  async function load(auth: AuthContext, name: string, id: string) {
    const { model, scope } = await loadModel(auth, name);
    const row = await repo.find(scope.where, id);
    if (!row) throw notFoundDoc();
    const doc = toDocument(row, model, await repo.lines(id));
    return { model, scope, row, doc };
  }

  /** What the caller may do with a document: the buttons of the web app. */
  function offers(doc: DocumentLike, model: ModelConfig, sessionUser: SessionUser) {
    const user = docUser(sessionUser);
    const now = new Date();
    const deleted = doc._state?.current === 'deleted';
    return {
      _actions: {
        actions: documentActions(doc, model, user, now),
        transitions: deleted ? [] : availableTransitions(doc, workflowOf(model), user, now, { model }),
      },
      _permissions: {
        edit: canEdit(doc, model, user),
        delete: canDelete(doc, model, user),
        duplicate: !deleted && canDuplicate(doc, model, user),
      },
    };
  }

  async function read(auth: AuthContext, name: string, id: string) {
    const { model, doc } = await load(auth, name, id);
    let lines = doc.lines ?? [];
    // Suppliers see order prices per the tax group of each line (seed 000 sections 6 and 9).
    if (model.name === 'order' && actsAsSupplier(auth.user)) {
      lines = lines.map((l) => ({
        ...l,
        supplierView: supplierLineView(l, (l.tax as { group?: string } | undefined)?.group),
      }));
    }
    const visible = hideFields({ ...doc, lines }, model, auth.user);
    return { ...visible, ...offers(doc, model, auth.user) };
  }

  async function create(auth: AuthContext, name: string, body: DocumentBody) {
    const { model } = await loadModel(auth, name);
    assertCanCreate(auth, model);
    const state = 'created';
    const ruled = applyFieldRules({ model, user: auth.user, stored: null, proposed: body, state });
    const header = await buildWrite(auth, model, ruled, null, repo);
    const ruledLines = (ruled.lines as Array<Record<string, unknown>>) ?? [];
    const priced = priceLines(ruledLines, state);
    assertValid(proposedDocument(header, priced, state, ruledLines), model, auth.user, state);
    const id = await db.transaction().execute(async (trx) => {
      const tx = documentRepository(trx);
      const newId = await tx.insert(auth.domainId, model.name, auth.user._id, {
        ...header,
        state,
        totals: priced.totals,
      });
      await tx.replaceLines(newId, auth.domainId, lineWrites(priced.lines));
      await documentMessageRepository(trx).insert({
        domainId: auth.domainId,
        documentId: newId,
        state,
        userId: auth.user._id,
      });
      return newId;
    });
    return read(auth, name, id);
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

    /**
     * The fields of form groups (seed 000 section 7, /config/formGroupFields). A group id is
     * '{model}.{group key}'; its fields are the form field configs the group lists, in its order.
     */
    async formGroupFields(auth: AuthContext, lang: string, ids: ReadonlyArray<string>) {
      const out: Record<string, { model: string; key: string; label: unknown; fields: unknown[] }> = {};
      for (const id of ids) {
        const dot = id.indexOf('.');
        const [name, key] = dot > 0 ? [id.slice(0, dot), id.slice(dot + 1)] : [id, ''];
        const config = await modelConfig(auth, name);
        const group = config.form.groups.find((g) => g.key === key);
        if (!group) throw notFound(`Unknown form group '${id}'.`);
        const fields = group.fields
          .map((src) => config.form.fields.find((f) => f.src === src))
          .filter((f) => f !== undefined);
        out[id] = localize({ model: name, key, label: group.label ?? key, fields }, lang);
      }
      return out;
    },

    async subtypes(auth: AuthContext) {
      const out: Record<string, ReadonlyArray<{ key: string; label: unknown }>> = {};
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
    create,

    async update(auth: AuthContext, name: string, id: string, body: DocumentBody) {
      const { model, scope } = await loadModel(auth, name);
      const expected = typeof body._version === 'number' ? body._version : body.version;
      if (typeof expected !== 'number')
        throw fieldErrors('_version is required.', [{ field: '_version', message: '_version is required.' }]);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row || row.deleted) throw notFoundDoc();
        const storedLines = await tx.lines(id);
        const stored = toDocument(row, model, storedLines);
        assertCanEdit(auth, model, stored);
        if (row.version !== expected) {
          throw new AppError(
            'conflict',
            'The document was changed by someone else; reload it and try again.',
            {
              key: 'document.stale',
            },
          );
        }
        const ruled = applyFieldRules({ model, user: auth.user, stored, proposed: body, state: row.state });
        const header = await buildWrite(auth, model, ruled, row, tx);
        const state = row.state === 'created' ? 'updated' : row.state;
        const lines = Array.isArray(ruled.lines)
          ? (ruled.lines as Array<Record<string, unknown>>)
          : storedLines;
        const priced = priceLines(lines, state);
        assertValid(proposedDocument(header, priced, state, lines), model, auth.user, state);
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

    /**
     * The list's 'enabled' switch column (seed 001 section 2.4): a save of the one field, through
     * the same rules as any save (scope, edit permission, field rules, version).
     */
    async toggleEnabled(auth: AuthContext, name: string, id: string, value: boolean) {
      const { model, doc } = await load(auth, name, id);
      assertCanEdit(auth, model, doc);
      // A save would keep a field the caller may not edit as it is: say so instead of doing nothing.
      const field = model.form.fields.find((f) => f.src === 'enabled');
      if (field && !fieldState(field, { doc, user: docUser(auth.user), mode: 'edit', model }).editable)
        throw forbidden(`You are not allowed to change '${labelText(field.label, auth.user.lang)}'.`);
      const current = (await read(auth, name, id)) as unknown as DocumentBody & { _version: number };
      return this.update(auth, name, id, { ...current, enabled: value, _version: current._version });
    },

    /** Moves a document to the trash: state 'deleted', every value zero. */
    async remove(auth: AuthContext, name: string, id: string) {
      const { model, scope } = await loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row || row.deleted) throw notFoundDoc();
        const lines = await tx.lines(id);
        assertCanDelete(auth, model, toDocument(row, model, lines));
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
        const lines = await tx.lines(id);
        assertDeleteRole(auth, model, toDocument(row, model, lines));
        const { _deletedFrom, ...data } = row.data;
        const state = typeof _deletedFrom === 'string' ? _deletedFrom : 'updated';
        const priced = priceLines(lines, state);
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

    /**
     * Applies a workflow action: it must be offered to the caller and not disabled
     * (availableTransitions of the domain); a comment is required per commentRequired; the
     * document moves to the transition's `to` state, its version grows and the timeline records it.
     */
    async transition(auth: AuthContext, name: string, id: string, body: WorkflowBody) {
      const { model, scope } = await loadModel(auth, name);
      const workflow = workflowOf(model) as WorkflowConfig;
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row) throw notFoundDoc();
        if (row.deleted)
          throw new AppError('conflict', 'A deleted document does not change state.', {
            key: 'workflow.deleted',
          });
        if (typeof body._version === 'number' && body._version !== row.version)
          throw new AppError(
            'conflict',
            'The document was changed by someone else; reload it and try again.',
            { key: 'document.stale' },
          );
        const lines = await tx.lines(id);
        const doc = toDocument(row, model, lines);
        const offered = availableTransitions(doc, workflow, docUser(auth.user), new Date(), { model }).find(
          (t) => t.name === body.action,
        );
        if (!offered)
          throw new AppError(
            'conflict',
            `The action '${body.action}' is not available in state '${row.state}'.`,
            { key: 'workflow.not-available' },
          );
        if (offered.disabled)
          throw new AppError('conflict', offered.reason ?? 'The action is disabled.', {
            key: 'workflow.disabled',
          });
        const comment = body.comment?.trim() ?? '';
        if (commentRequired(body.action) && !comment)
          throw fieldErrors(
            'A comment is required.',
            [{ field: 'comment', message: 'A comment is required.' }],
            'workflow.comment-required',
          );
        const config = workflow.transitions.find((t) => t.name === body.action && t.from.includes(row.state));
        const to = config?.to ?? ACTION_TARGETS[body.action];
        if (!to)
          throw new AppError('conflict', `The action '${body.action}' has no target state.`, {
            key: 'workflow.no-target',
          });
        // Submitting checks the document as it will be in the approval state (requiredStates).
        if (body.action === 'submit-approval') assertValid(doc, model, auth.user, to);
        await moveState(trx, auth, row, to, { action: body.action, comment });
      });
      return read(auth, name, id);
    },

    /**
     * Reopens a closed or archived document (the model action 'reopen', seed 000 sections 2 and 4):
     * the domain's documentActions decides again on the server — 409 outside closed/archived or
     * past the reopen limit (REASONS.reopenLimit), 409 when the model has no reopen action, 403 when
     * the caller may not (suppliers, roles without edit rights); the document goes to
     * ACTION_TARGETS.reopen ('updated': editable, and to be approved again), its version grows and
     * the timeline records the action with the optional comment.
     */
    async reopen(auth: AuthContext, name: string, id: string, body: { comment?: string; _version?: number }) {
      const { model, scope } = await loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await tx.find(scope.where, id, { lock: true });
        if (!row) throw notFoundDoc();
        if (typeof body._version === 'number' && body._version !== row.version)
          throw new AppError(
            'conflict',
            'The document was changed by someone else; reload it and try again.',
            { key: 'document.stale' },
          );
        if (row.deleted || !(REOPEN_STATES as readonly string[]).includes(row.state))
          throw new AppError('conflict', 'Only closed or archived documents can be reopened.', {
            key: 'document.reopen-state',
          });
        if (!(model.actions ?? []).some((a) => a.name === 'reopen'))
          throw new AppError('conflict', `Documents of model '${model.name}' cannot be reopened.`, {
            key: 'document.reopen-not-available',
          });
        const doc = toDocument(row, model, await tx.lines(id));
        const offered = documentActions(doc, model, docUser(auth.user), new Date()).find(
          (a) => a.name === 'reopen',
        );
        if (!offered) throw forbidden('You are not allowed to reopen this document.');
        if (offered.disabled)
          throw new AppError('conflict', offered.reason ?? 'Reopen is disabled.', {
            key: 'document.reopen-expired',
          });
        await moveState(trx, auth, row, ACTION_TARGETS.reopen!, {
          action: 'reopen',
          comment: body.comment?.trim() ?? '',
        });
      });
      return read(auth, name, id);
    },

    /** The timeline of a document: its steps and its merged messages, scoped like the document. */
    async timeline(auth: AuthContext, name: string, id: string) {
      // the scope check and the state only: a 2,000-line order's lines are not needed here
      const { model, scope } = await loadModel(auth, name);
      const row = await repo.find(scope.where, id);
      if (!row) throw notFoundDoc();
      const workflow = workflowOf(model);
      const messages = (await documentMessageRepository(db).list(id)).map((m) => ({
        _id: m.id,
        state: m.state,
        ts: new Date(m.ts).toISOString(),
        user: m.user_id ? { _id: m.user_id, name: m.user_name ?? '' } : null,
        text: m.text,
        tracking: m.tracking,
        approval: m.approval,
      }));
      return {
        state: row.state,
        steps: timelineSteps(workflow, row.state),
        items: mergeTimeline(messages, { repeats: workflow.repeats ?? false }).map(
          ({ entries: _entries, ...entry }) => entry,
        ),
      };
    },

    /** A copy of a document in state created, without key, lines copied and values computed again. */
    async duplicate(auth: AuthContext, name: string, id: string) {
      const { model, row, doc } = await load(auth, name, id);
      if (row.deleted || !canDuplicate(doc, model, docUser(auth.user)))
        throw forbidden(`You are not allowed to duplicate this document.`);
      const { _deletedFrom: _trash, ...data } = row.data;
      return create(auth, name, {
        ...data,
        doc: { subtype: row.subtype ?? undefined },
        ...(row.supplier_id ? { supplier: { _id: row.supplier_id } } : {}),
        ...(row.requester_id ? { requester: { _id: row.requester_id } } : {}),
        ...(row.group_id ? { group: { _id: row.group_id } } : {}),
        plant: row.plant,
        lines: (doc.lines ?? []).map(copyLine),
      });
    },

    /** The document in the caller's scope (404 outside it), for other features such as favorites. */
    async find(auth: AuthContext, name: string, id: string) {
      const { scope } = await loadModel(auth, name);
      const row = await repo.find(scope.where, id);
      if (!row) throw notFoundDoc();
      return row;
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

/**
 * Moves a locked document to state `to` (a workflow action or reopen): its version grows (409 when
 * someone wrote in between) and the timeline records the action, the states and the comment.
 */
async function moveState(
  trx: Db,
  auth: AuthContext,
  row: DocumentRow,
  to: string,
  step: { action: string; comment: string },
): Promise<void> {
  const written = await documentRepository(trx).update(row.id, row.version, auth.user._id, {
    ...rowWrite(row),
    data: row.data,
    state: to,
    deleted: false,
    totals: rowTotals(row),
  });
  if (!written)
    throw new AppError('conflict', 'The document was changed by someone else.', { key: 'document.stale' });
  await documentMessageRepository(trx).insert({
    domainId: auth.domainId,
    documentId: row.id,
    state: to,
    userId: auth.user._id,
    text: step.comment || null,
    tracking: { action: step.action, from: row.state, to },
  });
}

const rowTotals = (row: DocumentRow): DocumentWrite['totals'] => ({
  grossValue: row.gross_value,
  discountValue: row.discount_value,
  costValue: row.cost_value,
  netValue: row.net_value,
  taxValue: row.tax_value,
  value: row.value,
  listValue: row.list_value,
});

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
