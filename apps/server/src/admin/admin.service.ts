import { isAdminLevel } from '@p2p/domain';
import { audit } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { MODELS, isModel } from '../documents/model-config.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import {
  forgetModelConfigs,
  modelConfigRepository,
  type ConfigVersionRow,
} from '../documents/model-config.repository.ts';
import { validateModelConfig, type ValidationResult } from './admin.validate.ts';

export interface ModelSummary {
  model: string;
  version: number;
  updatedAt: string;
  /** username of the author; null for the shipped default */
  updatedBy: string | null;
}

export interface VersionEntry {
  version: number;
  createdAt: string;
  createdBy: string | null;
  /** true for a shipped default (no domain) */
  shipped: boolean;
}

export interface ModelConfigVersion {
  model: string;
  version: number;
  config: Record<string, unknown>;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const toEntry = (r: ConfigVersionRow): VersionEntry => ({
  version: r.version,
  createdAt: iso(r.created_at),
  createdBy: r.username,
  shipped: r.domain_id === null,
});

/** A unique-index violation: another save took the same version number first. */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

const stale = (latest: number) =>
  new AppError(
    'conflict',
    `The configuration changed meanwhile (now version ${latest}); reload it and try again.`,
    {
      key: 'admin.config-stale',
    },
  );

/**
 * Model configuration admin (admin-level users only): read, validate, save as a new version of the
 * caller's domain, restore. Nothing is ever overwritten; a refused config is never stored, so the
 * served configuration (GET /config/model) only ever changes to a valid one.
 */
export function adminService(db: Db) {
  const repo = modelConfigRepository(db);

  function assertAdmin(auth: AuthContext): void {
    if (!isAdminLevel(auth.user)) throw forbidden('Only administrators can manage configurations.');
  }

  function assertModel(model: string): void {
    if (!isModel(model)) throw notFound(`Unknown model '${model}'.`);
  }

  function assertValid(result: ValidationResult): void {
    if (!result.valid)
      throw fieldErrors('The configuration is not valid.', result.errors, 'admin.config-invalid');
  }

  /** Strips what the config endpoint adds (_v) so a copy of a served config can be pasted back. */
  function clean(config: unknown): unknown {
    if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
    const { _v: _ignored, ...rest } = config as Record<string, unknown>;
    return rest;
  }

  /** `restoredFrom`: the old version a restore copies (the audit trail records it). */
  async function append(
    auth: AuthContext,
    model: string,
    config: unknown,
    baseVersion?: number,
    restoredFrom?: number,
  ) {
    const latest = await repo.find(auth.domainId, model);
    const current = latest?.version ?? 0;
    if (baseVersion !== undefined && baseVersion !== current) throw stale(current);
    // Above every version the domain sees, so the served version only grows and ?_v= re-fetches.
    const version = (await repo.maxVersion(auth.domainId, model)) + 1;
    try {
      // the version and its audit event commit together
      await db.transaction().execute(async (trx) => {
        await modelConfigRepository(trx).insert(auth.domainId, model, version, config, auth.user._id);
        await audit.record(trx, {
          auth,
          entity: 'model-config',
          entityId: model,
          model,
          action: restoredFrom === undefined ? 'config' : 'restore',
          before: latest?.config ?? null,
          after: config,
          detail: { version, ...(restoredFrom === undefined ? {} : { restoredFrom }) },
        });
      });
      // the cache is kept per connection object: forget the app's, not the transaction's
      forgetModelConfigs(db);
    } catch (err) {
      if (isUniqueViolation(err)) throw stale(version);
      throw err;
    }
    return { model, version };
  }

  return {
    async list(auth: AuthContext): Promise<ModelSummary[]> {
      assertAdmin(auth);
      const out: ModelSummary[] = [];
      for (const model of MODELS) {
        const row = await repo.find(auth.domainId, model);
        if (!row) continue;
        out.push({ model, version: row.version, updatedAt: iso(row.created_at), updatedBy: row.username });
      }
      return out;
    },

    async get(auth: AuthContext, model: string, version?: number): Promise<ModelConfigVersion> {
      assertAdmin(auth);
      assertModel(model);
      const row = await repo.find(auth.domainId, model, version);
      if (!row)
        throw notFound(
          version ? `Version ${version} of '${model}' not found.` : `Model '${model}' has no configuration.`,
        );
      return { model, version: row.version, config: row.config as unknown as Record<string, unknown> };
    },

    async versions(auth: AuthContext, model: string): Promise<VersionEntry[]> {
      assertAdmin(auth);
      assertModel(model);
      const rows = await repo.versions(auth.domainId, model);
      // A domain's own row hides a shipped row of the same number (it is what that number serves).
      const seen = new Set<number>();
      return rows
        .filter((r) => (seen.has(r.version) ? false : (seen.add(r.version), true)))
        .sort((a, b) => b.version - a.version)
        .map(toEntry);
    },

    validate(auth: AuthContext, model: string, config: unknown): ValidationResult {
      assertAdmin(auth);
      assertModel(model);
      return validateModelConfig(clean(config), model);
    },

    async save(auth: AuthContext, model: string, config: unknown, baseVersion: number) {
      assertAdmin(auth);
      assertModel(model);
      const body = clean(config);
      assertValid(validateModelConfig(body, model));
      return append(auth, model, body, baseVersion);
    },

    async restore(auth: AuthContext, model: string, version: number) {
      assertAdmin(auth);
      assertModel(model);
      const row = await repo.find(auth.domainId, model, version);
      if (!row) throw notFound(`Version ${version} of '${model}' not found.`);
      // Rules may have tightened since that version was saved: a restore is validated like a save.
      assertValid(validateModelConfig(row.config, model));
      return append(auth, model, row.config, undefined, version);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
