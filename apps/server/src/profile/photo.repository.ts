import type { ColumnType } from 'kysely';
import type { Db } from '../db/database.ts';

/** The user_photos table of migration 0019: one stored PNG file per user. */
interface UserPhotosTable {
  user_id: string;
  domain_id: string;
  file_id: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

const withPhotos = (db: Db) => db.withTables<{ user_photos: UserPhotosTable }>();

/** Kysely only: which file is whose photo, within one domain. */
export function photoRepository(db: Db) {
  const q = withPhotos(db);
  return {
    /** The user (of the domain) with its photo's file, if it has one. */
    subject: (domainId: string, userId: string) =>
      q
        .selectFrom('users as u')
        .leftJoin('user_photos as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.supplier_id', 'p.file_id'])
        .where('u.domain_id', '=', domainId)
        .where('u.id', '=', userId)
        .executeTakeFirst(),

    /** Sets the user's photo; answers the file of the photo it replaces, if any. */
    async set(domainId: string, userId: string, fileId: string): Promise<string | null> {
      const previous = await q
        .selectFrom('user_photos')
        .select('file_id')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      await q
        .insertInto('user_photos')
        .values({ user_id: userId, domain_id: domainId, file_id: fileId, updated_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ file_id: fileId, updated_at: new Date() }))
        .execute();
      return previous?.file_id ?? null;
    },

    /** Removes the user's photo; answers its file, or null when there was none. */
    async clear(domainId: string, userId: string): Promise<string | null> {
      const row = await q
        .deleteFrom('user_photos')
        .where('domain_id', '=', domainId)
        .where('user_id', '=', userId)
        .returning('file_id')
        .executeTakeFirst();
      return row?.file_id ?? null;
    },
  };
}
