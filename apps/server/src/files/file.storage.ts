import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileDirFrom } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { filesDb } from './file.repository.ts';

/**
 * Where the bytes of stored files live: one file per id in a directory (FILE_DIR, default
 * DATA_DIR/files). Uploads stream into a temporary file in `.partial/` of the same directory and
 * are renamed to their id once the request is accepted, so a refused or broken upload leaves
 * nothing behind and no reader ever sees half a file. The bytes never pass through the database:
 * a large write there holds the one PGlite connection (and the event loop) for every request.
 *
 * Files stored by earlier versions in `files.data` (bytea) are moved out on their first read.
 */
export interface FileStorage {
  readonly kind: 'dir';
  readonly root: string;
  /** A new temporary file to stream an upload into. */
  createTemp(): Promise<{ path: string; stream: WriteStream }>;
  /** The temporary file becomes the bytes of `id`. */
  commit(tempPath: string, id: string): Promise<void>;
  /** Removes a temporary file (no error when it is gone). */
  discard(tempPath: string): Promise<void>;
  /** A stream of the bytes of `id` and their size, or null when missing. */
  open(id: string): Promise<{ stream: ReadStream; size: number } | null>;
  delete(id: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9-]{1,100}$/;
const PARTIAL = '.partial';
/** Temporary files older than this are leftovers of a stopped server. */
const STALE_MS = 24 * 3600_000;

export function directoryFileStorage(dir: string, db?: Db): FileStorage {
  const root = resolve(dir);
  const partial = join(root, PARTIAL);
  const pathOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`unsafe file id '${id}'`);
    return join(root, id);
  };
  let ready: Promise<void> | null = null;
  const ensureDirs = () =>
    (ready ??= (async () => {
      await mkdir(partial, { recursive: true });
      await sweepStale(partial);
    })().catch((err: unknown) => {
      ready = null;
      throw err;
    }));

  /** Bytes an earlier version kept in files.data: written to the directory, then dropped there. */
  async function moveLegacyBytes(id: string): Promise<boolean> {
    if (!db) return false;
    const q = filesDb(db);
    const row = await q.selectFrom('files').select('data').where('id', '=', id).executeTakeFirst();
    if (!row?.data) return false;
    await ensureDirs();
    const temp = join(partial, `${randomUUID()}.legacy`);
    await writeFile(temp, row.data);
    await rename(temp, pathOf(id));
    await q.updateTable('files').set({ data: null }).where('id', '=', id).execute();
    return true;
  }

  const openExisting = async (id: string) => {
    const path = pathOf(id);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

  return {
    kind: 'dir',
    root,
    async createTemp() {
      await ensureDirs();
      const path = join(partial, randomUUID());
      return { path, stream: createWriteStream(path, { flags: 'wx' }) };
    },
    async commit(tempPath, id) {
      await rename(tempPath, pathOf(id));
    },
    async discard(tempPath) {
      await rm(tempPath, { force: true });
    },
    async open(id) {
      const found = await openExisting(id);
      if (found || !(await moveLegacyBytes(id))) return found;
      return openExisting(id);
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}

async function sweepStale(partial: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(partial)) {
    const path = join(partial, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}

/**
 * The storage of the environment: FILE_DIR, else DATA_DIR/files (FILE_STORAGE may only say 'dir';
 * the database storage is gone because it cannot stream). `db` reads bytes of earlier versions.
 */
export function fileStorageFromEnv(db: Db, source: NodeJS.ProcessEnv = process.env): FileStorage {
  return directoryFileStorage(fileDirFrom(source), db);
}
