import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';

/** Application settings stored as data; a domain's own value wins over the '*' default. */
export function settingsRepository(db: Db) {
  return {
    async get<T>(key: string, domainId?: string): Promise<T | undefined> {
      const rows = await db
        .selectFrom('app_settings')
        .select(['domain_id', 'value'])
        .where('key', '=', key)
        .where('domain_id', 'in', domainId ? [domainId, '*'] : ['*'])
        .execute();
      const own = rows.find((r) => r.domain_id === domainId) ?? rows.find((r) => r.domain_id === '*');
      return own?.value as T | undefined;
    },

    /** Inserts only when absent, so re-running the defaults never overwrites an edited value. */
    setDefault: (key: string, value: unknown, domainId = '*') =>
      db
        .insertInto('app_settings')
        .values({ domain_id: domainId, key, value: json(value) })
        .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
        .execute(),

    set: (key: string, value: unknown, domainId = '*') =>
      db
        .insertInto('app_settings')
        .values({ domain_id: domainId, key, value: json(value) })
        .onConflict((oc) => oc.columns(['domain_id', 'key']).doUpdateSet({ value: json(value) }))
        .execute(),
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
