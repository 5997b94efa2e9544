import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL of the edit locks (seed 000 section 4, "Edit start"): who started editing a document, when. */
export function documentEditRepository(db: Db) {
  return {
    async startEdit(domainId: string, id: string, userId: string): Promise<void> {
      await db
        .insertInto('document_edits')
        .values({ document_id: id, user_id: userId, domain_id: domainId, ts: new Date() })
        .onConflict((oc) => oc.columns(['document_id', 'user_id']).doUpdateSet({ ts: new Date() }))
        .execute();
    },

    async endEdit(id: string, userId: string): Promise<void> {
      await db
        .deleteFrom('document_edits')
        .where(sql<boolean>`document_id = ${id}::bigint`)
        .where('user_id', '=', userId)
        .execute();
    },

    /** The most recent edit of another user started after `since`. */
    async otherEdit(id: string, userId: string, since: Date) {
      return db
        .selectFrom('document_edits as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['u.id', 'u.name', 'u.username', 'u.supplier_id', 'e.ts'])
        .where(sql<boolean>`e.document_id = ${id}::bigint`)
        .where('e.user_id', '<>', userId)
        .where('e.ts', '>', since)
        .orderBy('e.ts', 'desc')
        .executeTakeFirst();
    },
  };
}
