import type { Db } from '../db/database.ts';

/** SQL for the organization of a domain: tree nodes, groups, locations, workgroups. */
export function organizationRepository(db: Db) {
  return {
    nodes: (domainId: string) =>
      db
        .selectFrom('org_nodes')
        .select(['id', 'parent_id', 'type', 'key', 'label', 'group_id'])
        .where('domain_id', '=', domainId)
        .orderBy('position')
        .orderBy('label')
        .execute(),

    /** One level of the tree: the nodes under `parentId` (null: the top level), in their order. */
    children: (domainId: string, parentId: string | null) =>
      db
        .selectFrom('org_nodes')
        .select(['id', 'parent_id', 'type', 'key', 'label', 'group_id'])
        .where('domain_id', '=', domainId)
        .where('parent_id', parentId === null ? 'is' : '=', parentId)
        .orderBy('position')
        .orderBy('label')
        .execute(),

    nodeByKey: (domainId: string, key: string) =>
      db
        .selectFrom('org_nodes')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('key', '=', key)
        .executeTakeFirst(),

    group: (domainId: string, groupId: string) =>
      db
        .selectFrom('groups')
        .select(['id', 'key', 'name', 'filter'])
        .where('domain_id', '=', domainId)
        .where('id', '=', groupId)
        .executeTakeFirst(),

    /** Whether a location or workgroup id exists in the domain. */
    async exists(table: 'locations' | 'workgroups', domainId: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Boolean(row);
    },

    domainSettings: async (domainId: string) =>
      (await db.selectFrom('domains').select('settings').where('id', '=', domainId).executeTakeFirst())
        ?.settings ?? {},
  };
}
