import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The rows a save checks its references against (supplier, requester, group) and the item
 * defaults its lines take; part of the document repository (`documentRepository` spreads them).
 */
export function documentReferenceReads(db: Db) {
  return {
    async supplierName(domainId: string, id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('suppliers')
        .select('name')
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.name;
    },

    /** The UNSPSC code and ERP material group of catalogue items of the domain, by item code. */
    async itemDefaults(
      domainId: string,
      codes: ReadonlyArray<string>,
    ): Promise<Map<string, { unspsc: string | null; materialGroup: string | null }>> {
      if (!codes.length) return new Map();
      const rows = await sql<{ code: string; unspsc: string | null; material_group: string | null }>`
        select code, unspsc, material_group from items
        where domain_id = ${domainId} and code in (${sql.join(codes)})`.execute(db);
      return new Map(rows.rows.map((r) => [r.code, { unspsc: r.unspsc, materialGroup: r.material_group }]));
    },

    async userExists(domainId: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Boolean(row);
    },

    async groupExists(domainId: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('groups')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
