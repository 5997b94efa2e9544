import { sql, type Kysely } from 'kysely';

/**
 * Files stream to a directory (DATA_DIR/files by default) instead of files.data: the bytes of each
 * upload are hashed while they stream in (`sha256`, null for older rows), and the per-user quota
 * sums a user's files through `files_created_by`. files.data stays for rows stored by earlier
 * versions; the storage moves those bytes out on their first read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('sha256', 'text').execute();
  await sql`create index files_created_by on files (domain_id, created_by)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists files_created_by`.execute(db);
  await db.schema.alterTable('files').dropColumn('sha256').execute();
}
