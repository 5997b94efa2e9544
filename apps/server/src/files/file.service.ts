import { FILE_SIZE_LIMIT, fileViolations, type StoredFile } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { actsAsSupplier } from '@p2p/domain';
import { AppError, notFound } from '../lib/app-error.ts';
import { fileRepository, type FileMeta } from './file.repository.ts';
import { databaseFileStorage, type FileStorage } from './file.storage.ts';

/**
 * Upload, storage and download of files (seed 001 sections 3, 5, 7 and 9).
 *
 * - Size and extension checks run on every file of a request BEFORE anything is written; one
 *   failing file rejects the request (400, the exact messages of `fileViolations`, nothing stored).
 * - The server cap is FILE_SIZE_LIMIT (20,000,000 bytes); a request's `maxSize` may only lower it.
 * - `check` ({type: summarize | taxAuthority | socialSecurity, obj}) asks for text extraction from
 *   company documents; extraction is not available, so `info` is always null.
 * - Read access: same domain only (another domain's file is 404); the uploader always; a file
 *   attached to a document follows that document's documentScope; a file without a document is
 *   readable by its uploader and by non-supplier users of the domain. Outside access is 404.
 */
export const CHECK_TYPES = ['summarize', 'taxAuthority', 'socialSecurity'] as const;

export interface UploadedPart {
  name: string;
  contentType: string;
  /** the real byte count (or at least this many when `truncated`) */
  size: number;
  /** null when the part was larger than the server cap and its bytes were not kept */
  bytes: Buffer | null;
}

export interface UploadInput {
  files: UploadedPart[];
  maxSize?: number | null;
  extensions?: string | null;
  check?: { type: string; obj?: unknown } | null;
  documentId?: string | null;
  model?: string | null;
}

export interface UploadResult {
  files: StoredFile[];
  info: string | null;
}

const badRequest = (message: string, key = 'files.invalid') => new AppError('bad_request', message, { key });
const fileNotFound = () => notFound('File not found.');

export function fileService(
  db: Db,
  opts: { storage?: FileStorage; access: Pick<DocumentAccess, 'visible'> },
) {
  const repo = fileRepository(db);
  const storage = opts.storage ?? databaseFileStorage(db);
  const documentVisible = opts.access.visible;

  async function canRead(auth: AuthContext, meta: FileMeta): Promise<boolean> {
    if (meta.createdBy === auth.user._id) return true;
    if (meta.documentId && meta.model) return documentVisible(auth, meta.model, meta.documentId);
    return !actsAsSupplier(auth.user);
  }

  return {
    async upload(auth: AuthContext, input: UploadInput): Promise<UploadResult> {
      if (!input.files.length)
        throw badRequest('No file was sent (multipart field files[0]).', 'files.empty');
      if (input.check && !(CHECK_TYPES as readonly string[]).includes(input.check.type))
        throw badRequest(`Unknown check type '${input.check.type}'.`);
      if ((input.documentId ? 1 : 0) + (input.model ? 1 : 0) === 1)
        throw badRequest('documentId and model go together.');
      if (input.documentId && input.model && !(await documentVisible(auth, input.model, input.documentId)))
        throw notFound('Document not found.');

      const maxSize =
        input.maxSize && input.maxSize > 0 ? Math.min(input.maxSize, FILE_SIZE_LIMIT) : FILE_SIZE_LIMIT;
      const messages = fileViolations(input.files, {
        maxSize,
        ...(input.extensions ? { extensions: input.extensions } : {}),
      });
      if (messages.length || input.files.some((f) => !f.bytes)) {
        const list = messages.length ? messages : fileViolations(input.files, { maxSize: FILE_SIZE_LIMIT });
        throw new AppError('validation', list.join(' '), {
          key: 'files.rejected',
          errors: list.map((message) => ({ field: 'files', message })),
        });
      }

      const stored: StoredFile[] = [];
      for (const file of input.files) {
        const id = await repo.insert({
          domainId: auth.domainId,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          createdBy: auth.user._id,
          documentId: input.documentId ?? null,
          model: input.model ?? null,
        });
        try {
          await storage.put(id, file.bytes as Buffer);
        } catch (err) {
          await repo.remove(id);
          throw err;
        }
        stored.push({ _id: id, name: file.name, contentType: file.contentType, size: file.size });
      }
      // Text extraction (check types) is not available: info stays null.
      return { files: stored, info: null };
    },

    /** The file's metadata and bytes, or 404 outside the caller's reach. */
    async read(auth: AuthContext, id: string): Promise<{ meta: FileMeta; bytes: Buffer }> {
      const meta = await repo.find(auth.domainId, id);
      if (!meta || !(await canRead(auth, meta))) throw fileNotFound();
      const bytes = await storage.get(id);
      if (!bytes) throw fileNotFound();
      return { meta, bytes };
    },
  };
}

export type FileService = ReturnType<typeof fileService>;
