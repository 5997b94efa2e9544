import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Db } from '../db/database.ts';

/** The files table of migration 0007 (kept here so the shared Database type stays untouched). */
export interface FilesTable {
  id: Generated<string>;
  domain_id: string;
  name: string;
  content_type: string;
  /** bigint: read back as a string by pg, as a number by PGlite */
  size: ColumnType<string | number, number, number>;
  data: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  created_by: string;
  created_at: CreatedAt;
  document_id: string | null;
  model: string | null;
  /** hex SHA-256 of the bytes, taken while they streamed in (migration 0011; null for older rows) */
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FileMeta {
  id: string;
  domainId: string;
  name: string;
  contentType: string;
  size: number;
  createdBy: string;
  documentId: string | null;
  model: string | null;
  sha256: string | null;
}

export interface NewFile {
  domainId: string;
  name: string;
  contentType: string;
  size: number;
  createdBy: string;
  documentId: string | null;
  model: string | null;
  sha256: string;
}

export const filesDb = (db: Db) => db.withTables<{ files: FilesTable }>();

/** Kysely only: file metadata (the bytes live in FileStorage, never in the database). */
export function fileRepository(db: Db) {
  const q = filesDb(db);
  return {
    async insert(file: NewFile): Promise<string> {
      const row = await q
        .insertInto('files')
        .values({
          domain_id: file.domainId,
          name: file.name,
          content_type: file.contentType,
          size: file.size,
          created_by: file.createdBy,
          document_id: file.documentId,
          model: file.model,
          sha256: file.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The file's metadata within one domain (another domain's file does not exist). */
    async find(domainId: string, id: string): Promise<FileMeta | undefined> {
      const row = await q
        .selectFrom('files')
        .select([
          'id',
          'domain_id',
          'name',
          'content_type',
          'size',
          'created_by',
          'document_id',
          'model',
          'sha256',
        ])
        .where('domain_id', '=', domainId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        domainId: row.domain_id,
        name: row.name,
        contentType: row.content_type,
        size: Number(row.size),
        createdBy: row.created_by,
        documentId: row.document_id === null ? null : String(row.document_id),
        model: row.model,
        sha256: row.sha256,
      };
    },

    /** Bytes the user keeps stored in the domain, all files together (the quota counts them). */
    async usedBytes(domainId: string, userId: string): Promise<number> {
      const row = await q
        .selectFrom('files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('used'))
        .where('domain_id', '=', domainId)
        .where('created_by', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.used);
    },

    async remove(id: string): Promise<void> {
      await q.deleteFrom('files').where('id', '=', id).execute();
    },
  };
}

export type FileRepository = ReturnType<typeof fileRepository>;
