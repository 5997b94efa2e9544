import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { isDocumentId } from '../documents/document.repository.ts';

/** The users' favorite documents (table favorites, migration 0004). */
export interface FavoritesTable {
  domain_id: string;
  user_id: string;
  model: string;
  document_id: string;
  created_at: Date;
}

export interface FavoriteItemRow {
  id: string;
  key: string | null;
  description: string | null;
  name: string | null;
}

const withFavorites = (db: Db) => db.withTables<{ favorites: FavoritesTable }>();

export function favoriteRepository(db: Db) {
  return {
    /**
     * Adds the favorite, or removes it when present; answers whether it is a favorite now. No
     * check-then-insert: the delete and the insert each decide in the database, so toggles racing
     * on one document never collide on the primary key. When another toggle inserted the row
     * between our delete and insert, the insert does nothing and the document is a favorite.
     */
    async toggle(domainId: string, userId: string, model: string, documentId: string): Promise<boolean> {
      const removed = await withFavorites(db)
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where(sql<boolean>`document_id = ${documentId}::bigint`)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) return false;
      await withFavorites(db)
        .insertInto('favorites')
        .values({
          domain_id: domainId,
          user_id: userId,
          model,
          document_id: documentId,
          created_at: new Date(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'document_id']).doNothing())
        .execute();
      return true;
    },

    /** Removes one favorite of the user (nothing when it is not one). */
    async remove(userId: string, model: string, documentId: string): Promise<void> {
      if (!isDocumentId(documentId)) return;
      await withFavorites(db)
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('model', '=', model)
        .where(sql<boolean>`document_id = ${documentId}::bigint`)
        .execute();
    },

    async models(domainId: string, userId: string): Promise<string[]> {
      const rows = await withFavorites(db)
        .selectFrom('favorites')
        .select('model')
        .distinct()
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .orderBy('model')
        .execute();
      return rows.map((r) => r.model);
    },

    /** The user's favorites of one model that are inside `scope` and not deleted, newest first. */
    async items(userId: string, model: string, scope: RawBuilder<boolean>): Promise<FavoriteItemRow[]> {
      const rows = await withFavorites(db)
        .selectFrom('favorites as f')
        .innerJoin('documents as d', 'd.id', 'f.document_id')
        .select([
          sql<string>`d.id::text`.as('id'),
          'd.key',
          sql<string | null>`d.data ->> 'description'`.as('description'),
          sql<string | null>`d.data ->> 'name'`.as('name'),
        ])
        .where('f.user_id', '=', userId)
        .where('f.model', '=', model)
        .where('d.deleted', '=', false)
        .where(scope)
        .orderBy('f.created_at', 'desc')
        .execute();
      return rows as FavoriteItemRow[];
    },
  };
}
