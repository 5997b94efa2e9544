import type { LayoutItem } from '@p2p/domain';
import type { Db, Json, Timestamp } from '../db/database.ts';
import { json } from '../db/database.ts';

/** SQL of the users' dashboards (migration 0021). Every query names the tenant and the user. */

export interface DashboardsTable {
  domain_id: string;
  user_id: string;
  layout: Json<LayoutItem[]>;
  updated_at: Timestamp;
}

export function dashboardRepository(base: Db) {
  const db = base.withTables<{ dashboards: DashboardsTable }>();
  return {
    async find(domainId: string, userId: string): Promise<LayoutItem[] | undefined> {
      const row = await db
        .selectFrom('dashboards')
        .select('layout')
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.layout;
    },

    async save(domainId: string, userId: string, layout: readonly LayoutItem[]): Promise<void> {
      const now = new Date();
      await db
        .insertInto('dashboards')
        .values({ domain_id: domainId, user_id: userId, layout: json(layout), updated_at: now })
        .onConflict((oc) =>
          oc.columns(['domain_id', 'user_id']).doUpdateSet({ layout: json(layout), updated_at: now }),
        )
        .execute();
    },

    async remove(domainId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('dashboards')
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
