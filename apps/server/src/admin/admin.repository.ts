import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import { forgetModelConfigs } from '../documents/document.repository.ts';

export interface ConfigVersionRow {
  version: number;
  domain_id: string | null;
  created_at: Date | string;
  created_by: string | null;
  username: string | null;
}

/**
 * The versions of model_configs a domain sees: its own and the shipped defaults (domain_id null).
 * Rows are never updated: every change is an insert of the next version number.
 */
export function adminConfigRepository(db: Db) {
  const visible = (domainId: string, model: string) =>
    db
      .selectFrom('model_configs as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .where('m.model', '=', model)
      .where((eb) => eb.or([eb('m.domain_id', '=', domainId), eb('m.domain_id', 'is', null)]));

  return {
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
    },
  };
}
