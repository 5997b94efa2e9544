import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import {
  documentRepository,
  isDocumentId,
  type DocumentRepository,
  type DocumentRow,
} from './document.repository.ts';
import { assertModelVisible, documentScope, type DocumentScope } from './document.scope.ts';
import { toDocument } from './document.shape.ts';
import { isModel, MODELS, type ModelConfig } from './model-config.ts';
import { modelConfigRepository } from './model-config.repository.ts';

/**
 * THE door to documents for every feature (documents, pdf, files, search, favorites, and what
 * comes: notes, approvals, reports). Loading a document always goes config -> scope -> row here,
 * so no feature assembles the model configuration, the permission scope and the repository
 * itself. Outside the caller's scope a document does not exist (404).
 */

export const notFoundDoc = (): AppError => notFound('Document not found.');

/** Someone saved the document since the caller read it (409 'document.stale'). */
export const staleVersion = (): AppError =>
  new AppError('conflict', 'The document was changed by someone else; reload it and try again.', {
    key: 'document.stale',
  });

/** The version the caller read must still be the stored one. */
export function assertVersion(row: Pick<DocumentRow, 'version'>, expected: number | undefined): void {
  if (expected !== undefined && row.version !== expected) throw staleVersion();
}

/** The configuration with its version (`_v`), made once per cached configuration row, not per request. */
const withVersion = new WeakMap<object, ModelConfig & { _v: number }>();
function versioned(found: { config: ModelConfig; version: number }): ModelConfig & { _v: number } {
  let out = withVersion.get(found);
  if (!out) withVersion.set(found, (out = Object.freeze({ ...found.config, _v: found.version })));
  return out;
}

export type LoadedModel = { model: ModelConfig & { _v: number }; scope: DocumentScope };

export function documentAccess(db: Db) {
  const configs = modelConfigRepository(db);
  const repo = documentRepository(db);

  /** The effective configuration of a model (or its version `version`); 404 for an unknown model. */
  async function modelConfig(auth: AuthContext, name: string, version?: number) {
    if (!isModel(name)) throw notFound(`Unknown model '${name}'.`);
    const found =
      (version !== undefined ? await configs.latest(auth.domainId, name, version) : undefined) ??
      (await configs.latest(auth.domainId, name));
    if (!found) throw notFound(`Model '${name}' has no configuration.`);
    return versioned(found);
  }

  async function loadModel(auth: AuthContext, name: string): Promise<LoadedModel> {
    const model = await modelConfig(auth, name);
    return { model, scope: documentScope(auth, model) };
  }

  /** The stored row in the caller's scope (404 outside it), without its lines. */
  async function find(auth: AuthContext, name: string, id: string) {
    const loaded = await loadModel(auth, name);
    const row = await repo.find(loaded.scope.where, id);
    if (!row) throw notFoundDoc();
    return { ...loaded, row };
  }

  return {
    modelConfig,
    loadModel,
    find,

    /** The document in the caller's scope with its lines, in the API shape. */
    async load(auth: AuthContext, name: string, id: string) {
      const found = await find(auth, name, id);
      const doc = toDocument(found.row, found.model, await repo.lines(id));
      return { ...found, doc };
    },

    /** Whether a document exists in the caller's scope (never throws for a bad model or id). */
    async visible(auth: AuthContext, name: string, id: string): Promise<boolean> {
      if (!isModel(name) || !isDocumentId(id)) return false;
      const found = await configs.latest(auth.domainId, name);
      if (!found) return false;
      const scope = documentScope(auth, found.config);
      return scope.canView && Boolean(await repo.find(scope.where, id));
    },

    /**
     * The models the caller can view (all of them, or the one named: 404 unknown, 403 not viewable),
     * each with its scope; lists use `scope.listWhere` so they follow the working context.
     */
    async viewableModels(auth: AuthContext, name?: string): Promise<LoadedModel[]> {
      if (name !== undefined) {
        const loaded = await loadModel(auth, name);
        assertModelVisible(loaded.scope, loaded.model);
        return [loaded];
      }
      const out: LoadedModel[] = [];
      for (const model of MODELS) {
        const found = await configs.latest(auth.domainId, model);
        if (!found) continue;
        const scope = documentScope(auth, found.config);
        if (scope.canView) out.push({ model: versioned(found), scope });
      }
      return out;
    },

    /** The lines of a document already found in scope. */
    lines: (id: string) => repo.lines(id),
  };
}

export type DocumentAccess = ReturnType<typeof documentAccess>;

/**
 * The row of a write, locked inside the transaction `tx` (404 outside the scope or, unless
 * `deleted` is allowed, in the trash).
 */
export async function lockInScope(
  tx: DocumentRepository,
  scope: DocumentScope,
  id: string,
  opts: { deleted?: 'allow' | 'refuse' } = {},
): Promise<DocumentRow> {
  const row = await tx.find(scope.where, id, { lock: true });
  if (!row || (row.deleted && opts.deleted !== 'allow')) throw notFoundDoc();
  return row;
}
