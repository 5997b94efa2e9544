import type { Domain } from '@p2p/domain';
import type { Db } from '../db/database.ts';

/** SQL for tenants (domains). */
export function domainRepository(db: Db) {
  return {
    list: async (): Promise<Domain[]> =>
      db.selectFrom('domains').select(['id', 'name', 'theme', 'logo']).orderBy('id').execute(),

    find: (id: string) => db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The domain used when a request names none: the 'defaultDomain' setting, else the first by id. */
    async defaultId(): Promise<string | null> {
      const setting = await db
        .selectFrom('app_settings')
        .select('value')
        .where('domain_id', '=', '*')
        .where('key', '=', 'defaultDomain')
        .executeTakeFirst();
      if (typeof setting?.value === 'string') return setting.value;
      const first = await db.selectFrom('domains').select('id').orderBy('id').limit(1).executeTakeFirst();
      return first?.id ?? null;
    },
  };
}

export type DomainRepository = ReturnType<typeof domainRepository>;
