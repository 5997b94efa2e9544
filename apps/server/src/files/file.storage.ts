import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Db } from '../db/database.ts';
import { filesDb } from './file.repository.ts';

/**
 * Where the bytes of a stored file live (ARCHITECTURE: one storage interface, database by default,
 * a directory as an option; S3 is not implemented). The metadata row in `files` always exists
 * before `put` is called and is removed after `delete`.
 */
export interface FileStorage {
  readonly kind: 'db' | 'dir';
  put(id: string, bytes: Buffer): Promise<void>;
  /** null when the bytes are missing */
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

/** The default: the bytes in files.data (bytea). */
export function databaseFileStorage(db: Db): FileStorage {
  const q = filesDb(db);
  return {
    kind: 'db',
    async put(id, bytes) {
      await q.updateTable('files').set({ data: bytes }).where('id', '=', id).execute();
    },
    async get(id) {
      const row = await q.selectFrom('files').select('data').where('id', '=', id).executeTakeFirst();
      if (!row?.data) return null;
      return Buffer.isBuffer(row.data)
        ? row.data
        : Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    },
    async delete(id) {
      await q.updateTable('files').set({ data: null }).where('id', '=', id).execute();
    },
  };
}

const SAFE_ID = /^[A-Za-z0-9-]{1,100}$/;

/** One file per id in a directory (FILE_STORAGE=dir, FILE_DIR=/path). Ids are generated uuids. */
export function directoryFileStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`unsafe file id '${id}'`);
    return resolve(root, id);
  };
  return {
    kind: 'dir',
    async put(id, bytes) {
      await mkdir(root, { recursive: true });
      await writeFile(pathOf(id), bytes);
    },
    async get(id) {
      try {
        return await readFile(pathOf(id));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}

/** FILE_STORAGE=dir with FILE_DIR chooses the directory; anything else the database. */
export function fileStorageFromEnv(db: Db, source: NodeJS.ProcessEnv = process.env): FileStorage {
  if (source.FILE_STORAGE === 'dir') {
    if (!source.FILE_DIR) throw new Error('FILE_STORAGE=dir needs FILE_DIR');
    return directoryFileStorage(source.FILE_DIR);
  }
  return databaseFileStorage(db);
}
