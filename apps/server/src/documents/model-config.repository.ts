import { searchHiddenPaths } from '@p2p/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import { deepFreeze } from '../lib/deep-freeze.ts';
import type { ModelConfig } from './model-config.ts';

/** JSON with sorted keys: a stored (jsonb) configuration compared with a shipped file. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * Keeps the paths the full-text index leaves out (migration 0014) equal to the configuration's
 * role-restricted fields; when they change, the model's documents are indexed again (the trigger
 * writes `search` on every update of key or data).
 */
async function syncSearchHidden(db: Db, domainKey: string, model: string, config: ModelConfig) {
  const paths = searchHiddenPaths(config.form?.fields ?? []);
  const stored = await db
    .selectFrom('document_search_hidden')
    .select('paths')
    .where('domain_key', '=', domainKey)
    .where('model', '=', model)
    .executeTakeFirst();
  if (stored && stored.paths.join('\n') === paths.join('\n')) return;
  await db
    .insertInto('document_search_hidden')
    .values({ domain_key: domainKey, model, paths })
    .onConflict((oc) => oc.columns(['domain_key', 'model']).doUpdateSet({ paths }))
    .execute();
  let reindex = db
    .updateTable('documents')
    .set({ key: sql`key` })
    .where('model', '=', model);
  if (domainKey !== '*') reindex = reindex.where('domain_id', '=', domainKey);
  await reindex.execute();
}

/** SQL of model_configs: the versioned model configurations, read through a short process cache. */

/**
 * How long a process keeps a model configuration before reading it again. Saves through /admin
 * in this process take effect at once (forgetModelConfigs); another server process sees them
 * within this time.
 */
export const MODEL_CONFIG_TTL_MS = 5_000;

type ConfigRow = { config: ModelConfig; version: number };
/** Per database (tests run several side by side): key `domain|model|version?` to the read. */
const configCaches = new WeakMap<
  object,
  Map<string, { row: Promise<ConfigRow | undefined>; until: number }>
>();

/** Drops the cached configurations of a database; call after writing model_configs. */
export function forgetModelConfigs(db: Db): void {
  configCaches.delete(db);
}

export interface ConfigVersionRow {
  version: number;
  domain_id: string | null;
  created_at: Date | string;
  created_by: string | null;
  username: string | null;
}

/**
 * Versioned model configurations; a domain's own configuration wins over the shipped default. Rows
 * are never updated: every change (through /admin) is an insert of the next version number.
 */
export function modelConfigRepository(db: Db) {
  const visible = (domainId: string, model: string) =>
    db
      .selectFrom('model_configs as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .where('m.model', '=', model)
      .where((eb) => eb.or([eb('m.domain_id', '=', domainId), eb('m.domain_id', 'is', null)]));

  function read(domainId: string, model: string, version?: number) {
    let query = db
      .selectFrom('model_configs')
      .select(['config', 'version', 'domain_id'])
      .where('model', '=', model)
      .where((eb) => eb.or([eb('domain_id', '=', domainId), eb('domain_id', 'is', null)]));
    if (version !== undefined) query = query.where('version', '=', version);
    return query
      .orderBy(sql`domain_id is null`)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((row) =>
        row ? deepFreeze({ config: row.config as unknown as ModelConfig, version: row.version }) : undefined,
      );
  }

  return {
    /**
     * The effective configuration (or version `version`), frozen: it is shared by every request
     * of the process, so a caller that needs to change it must copy it.
     */
    latest(domainId: string, model: string, version?: number): Promise<ConfigRow | undefined> {
      let cache = configCaches.get(db);
      if (!cache) configCaches.set(db, (cache = new Map()));
      const key = `${domainId}|${model}|${version ?? ''}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.row;
      const row = read(domainId, model, version);
      cache.set(key, { row, until: now + MODEL_CONFIG_TTL_MS });
      // A failed read is not kept.
      row.catch(() => cache.delete(key));
      return row;
    },

    /**
     * Seeds a shipped configuration: version 1 when the model has none yet, the next default
     * version when the shipped file changed since (an upgrade; a domain's own versions still win).
     * Idempotent; the search index follows the configuration (syncSearchHidden).
     */
    async ensureDefault(config: ModelConfig): Promise<void> {
      const latest = await db
        .selectFrom('model_configs')
        .select(['version', 'config'])
        .where('model', '=', config.name)
        .where('domain_id', 'is', null)
        .orderBy('version', 'desc')
        .executeTakeFirst();
      if (!latest || canonical(latest.config) !== canonical(config)) {
        const max = await db
          .selectFrom('model_configs')
          .select((eb) => eb.fn.max('version').as('max'))
          .where('model', '=', config.name)
          .executeTakeFirst();
        await db
          .insertInto('model_configs')
          .values({
            domain_id: null,
            model: config.name,
            version: Number(max?.max ?? 0) + 1,
            config: json(config),
            created_by: null,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
        forgetModelConfigs(db);
      }
      await syncSearchHidden(db, '*', config.name, config);
    },

    /** Version rows, newest first; the effective one (a domain's own wins) comes first. */
    async versions(domainId: string, model: string): Promise<ConfigVersionRow[]> {
      return visible(domainId, model)
        .select(['m.version', 'm.domain_id', 'm.created_at', 'm.created_by', 'u.username'])
        .orderBy(sql`m.domain_id is null`)
        .orderBy('m.version', 'desc')
        .execute();
    },

    /** The effective config, or the given version (the domain's own row wins). */
    async find(domainId: string, model: string, version?: number) {
      let query = visible(domainId, model).select([
        'm.config',
        'm.version',
        'm.domain_id',
        'm.created_at',
        'm.created_by',
        'u.username',
      ]);
      if (version !== undefined) query = query.where('m.version', '=', version);
      return query
        .orderBy(sql`m.domain_id is null`)
        .orderBy('m.version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The highest version number of the model in the domain or the defaults. */
    async maxVersion(domainId: string, model: string): Promise<number> {
      const row = await visible(domainId, model)
        .select((eb) => eb.fn.max('m.version').as('max'))
        .executeTakeFirst();
      return Number(row?.max ?? 0);
    },

    /** Writes the next version; the process cache forgets the model configurations at once. */
    async insert(domainId: string, model: string, version: number, config: unknown, userId: string) {
      await db
        .insertInto('model_configs')
        .values({
          domain_id: domainId,
          model,
          version,
          config: json(config as Record<string, unknown>),
          created_by: userId,
        })
        .execute();
      forgetModelConfigs(db);
      await syncSearchHidden(db, domainId, model, config as ModelConfig);
    },
  };
}

export type ModelConfigRepository = ReturnType<typeof modelConfigRepository>;
