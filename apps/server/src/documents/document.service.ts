import {
  actsAsSupplier,
  availableTransitions,
  canDuplicate,
  documentActions,
  editVerdict,
  deleteVerdict,
  PAGING,
  supplierLineView,
  workflowOf,
  type DocumentLike,
  type SessionUser,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/app-error.ts';
import { documentAccess, type LoadedModel } from './document.access.ts';
import { filterExpressions, needsJoins, sortSpec, textSearch } from './document.fields.ts';
import { docUser, hideFields, roleHiding } from './document.field-rules.ts';
import { documentEditRepository } from './document-edit.repository.ts';
import { documentRepository } from './document.repository.ts';
import { assertModelVisible, monitorOnly } from './document.scope.ts';
import { documentSave, type DocumentBody } from './document.save.ts';
import { listDataKeys, toDocument, type DocumentShape } from './document.shape.ts';
import { documentTrash } from './document.trash.ts';
import { documentTimeline } from './document.timeline.ts';
import { documentWorkflow, type WorkflowBody } from './document.workflow.ts';
import type { WorkflowEffect } from './document.workflow-effects.ts';
import type { ModelConfig } from './model-config.ts';
import { modelConfigService } from './model-config.service.ts';

export type { DocumentBody } from './document.save.ts';
export type { WorkflowBody } from './document.workflow.ts';

export const MAX_PAGE_SIZE = 200;
/** An edit in progress is shown to others for this long (seed 000 section 7). */
export const EDIT_LOCK_MS = 15 * 60 * 1000;

export interface ListParams {
  q?: string;
  p?: number;
  l?: number;
  s?: string;
  c?: string;
  /**
   * the choices of a reference field (context=none): the caller's whole scope, not narrowed by the
   * working context, which narrows lists, not what a form may point to
   */
  ignoreContext?: boolean;
  filters: Record<string, string>;
}

/** What the caller may do with a document: the buttons of the web app, with the domain's reasons. */
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
      edit: editVerdict(doc, model, user).allowed,
      delete: deleteVerdict(doc, model, user).allowed,
      duplicate: !deleted && canDuplicate(doc, model, user),
    },
  };
}

/**
 * The document engine, composed of its use cases: the access door (document.access.ts), model
 * configurations, lists and reads (here), saves, workflow and trash; each write answers the
 * document as the caller now reads it.
 */
export function documentService(db: Db, options: { effects?: ReadonlyArray<WorkflowEffect> } = {}) {
  const access = documentAccess(db);
  const repo = documentRepository(db);
  const edits = documentEditRepository(db);
  const configs = modelConfigService(db, access);
  const save = documentSave(db, access);
  const workflow = documentWorkflow(db, access, options.effects ?? []);
  const timeline = documentTimeline(db, access);
  const trash = documentTrash(db, access);

  async function list(auth: AuthContext, name: string, params: ListParams, deleted: boolean) {
    const { model, scope } = await access.loadModel(auth, name);
    // a supplier (and an ihub role, which sees only its monitor) is not told that an internal list
    // exists: not found, as for a document outside its scope
    if (!scope.canView && (actsAsSupplier(auth.user) || monitorOnly(auth.user))) throw notFound();
    assertModelVisible(scope, model);
    const page = Math.max(1, params.p ?? PAGING.page);
    const pagesize = Math.min(MAX_PAGE_SIZE, Math.max(1, params.l ?? PAGING.pageSize));
    const sort = sortSpec(model, params.s || PAGING.sort);
    const conditions = filterExpressions(model, params.filters);
    const search = params.q ? textSearch(params.q) : null;
    if (search) conditions.push(search);
    const joins = needsJoins([sort.src, ...Object.keys(params.filters)]);
    // the working context narrows lists and counts (never reads or writes)
    const where = params.ignoreContext ? scope.where : scope.listWhere;
    const wantCount = params.c === '1' || params.c === 'true';
    // the page and its count side by side (two connections of the pool), not one after the other;
    // the count is exact up to the cap of the repository, above it the planner's estimate flagged
    // `estimated: true`
    const [rows, counted] = await Promise.all([
      repo.list({
        scope: where,
        deleted,
        conditions,
        joins,
        sort,
        limit: pagesize,
        offset: (page - 1) * pagesize,
        // a plan that no bound value can change: the tenant's whole model, in an index's order
        planOnce:
          scope.wholeModel &&
          (params.ignoreContext || !scope.listNarrowed) &&
          !conditions.length &&
          !joins &&
          sort.indexed,
      }),
      wantCount ? repo.count({ scope: where, deleted, conditions, joins }) : null,
    ]);
    const hide = roleHiding(model, auth.user);
    const keep = listDataKeys(model);
    const now = new Date();
    return {
      items: rows.map((r) => hide(toDocument(r, model, undefined, keep, now))),
      options: {
        count: counted ? counted.count : null,
        page,
        pagesize,
        ...(counted?.estimated ? { estimated: true as const } : {}),
      },
    };
  }

  async function read(auth: AuthContext, name: string, id: string) {
    const { model, doc } = await access.load(auth, name, id);
    return answer(auth, model, doc);
  }

  /** A document as the caller reads it: its hidden fields left out, its actions and permissions. */
  function answer(auth: AuthContext, model: LoadedModel['model'], doc: DocumentShape) {
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

  return {
    ensureModels: configs.ensureModels,
    config: configs.config,
    formGroupFields: configs.formGroupFields,
    subtypes: configs.subtypes,
    purchasing: configs.purchasing,

    list: (auth: AuthContext, name: string, params: ListParams) => list(auth, name, params, false),
    trash: (auth: AuthContext, name: string, params: ListParams) => list(auth, name, params, true),
    read,

    create: async (auth: AuthContext, name: string, body: DocumentBody) =>
      read(auth, name, await save.create(auth, name, body)),
    update: async (auth: AuthContext, name: string, id: string, body: DocumentBody) => {
      const saved = await save.update(auth, name, id, body);
      return saved ? answer(auth, saved.model, saved.doc) : read(auth, name, id);
    },
    toggleEnabled: async (auth: AuthContext, name: string, id: string, value: boolean) => {
      await save.toggleEnabled(auth, name, id, value);
      return read(auth, name, id);
    },
    duplicate: async (auth: AuthContext, name: string, id: string) =>
      read(auth, name, await save.duplicate(auth, name, id)),

    remove: trash.remove,
    restore: async (auth: AuthContext, name: string, id: string) => {
      await trash.restore(auth, name, id);
      return read(auth, name, id);
    },
    purge: trash.purge,

    transition: async (auth: AuthContext, name: string, id: string, body: WorkflowBody) => {
      await workflow.transition(auth, name, id, body);
      return read(auth, name, id);
    },
    reopen: async (
      auth: AuthContext,
      name: string,
      id: string,
      body: { comment?: string; _version?: number },
    ) => {
      await workflow.reopen(auth, name, id, body);
      return read(auth, name, id);
    },
    timeline: timeline.timeline,

    /** Records that the caller starts editing and tells who else is editing (edit-start / edit-check). */
    async edit(auth: AuthContext, name: string, id: string, start: boolean) {
      await access.find(auth, name, id);
      if (start) await edits.startEdit(auth.domainId, id, auth.user._id);
      const other = await edits.otherEdit(id, auth.user._id, new Date(Date.now() - EDIT_LOCK_MS));
      if (!other) return { editing: null };
      // A supplier learns that someone edits, never which member of the buyer's staff.
      const named = !actsAsSupplier(auth.user) || other.supplier_id === auth.user.supplier?._id;
      return {
        editing: {
          user: named ? { _id: other.id, name: other.name, username: other.username } : null,
          ts: new Date(other.ts).toISOString(),
        },
      };
    },

    /** The access door, for the features that read documents (pdf, files, search, favorites). */
    access,
  };
}

export type DocumentService = ReturnType<typeof documentService>;
