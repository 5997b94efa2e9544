import {
  actsAsSupplier,
  API_BASE,
  FILE_SIZE_LIMIT,
  FILE_USER_QUOTA,
  fileViolations,
  quotaRefusal,
  type DownloadLink,
  type StoredFile,
} from '@p2p/domain';
import type { ReadStream } from 'node:fs';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import {
  downloadSecret,
  DOWNLOAD_TOKEN_TTL_MS,
  fileResource,
  signDownloadToken,
  verifyDownloadToken,
} from '../lib/download-token.ts';
import { badRequest, downloadLinkInvalid, fileNotFound, PayloadTooLarge } from './file.errors.ts';
import { checkFiles } from './file.check.ts';
import type { RecognisedFields } from './file.check-fields.ts';
import { fileRepository, type FileMeta } from './file.repository.ts';
import { fileStorageFromEnv, type FileStorage } from './file.storage.ts';
import type { StagedUpload, UploadBudget } from './file.upload.ts';

/**
 * Upload, storage and download of files (seed 001 sections 3, 5, 7 and 9).
 *
 * - Uploads arrive staged (file.upload.ts: streamed to temporary files, within the request and
 *   quota limits). Size and extension checks then run on every file BEFORE anything is kept; one
 *   failing file rejects the request (400, the exact messages of `fileViolations`, nothing kept).
 * - The server cap is FILE_SIZE_LIMIT (20,000,000 bytes); a request's `maxSize` may only lower it.
 * - `check` ({type: summarize | taxAuthority | socialSecurity, obj}) reads company documents: the
 *   recognised fields come back as the text `info` and as the fields `recognised` (file.check.ts);
 *   without a check both are null.
 * - Read access: same domain only (another domain's file is 404); the uploader always; a file
 *   attached to a document follows that document's documentScope; a file without a document is
 *   readable by its uploader and by non-supplier users of the domain. Outside access is 404.
 * - Download links carry a download token (lib/download-token.ts) minted after that check; the
 *   token is the proof of it for the 5 minutes it lives.
 */
export const CHECK_TYPES = ['summarize', 'taxAuthority', 'socialSecurity'] as const;

export interface UploadResult {
  files: StoredFile[];
  info: string | null;
  recognised: RecognisedFields | null;
}

export interface FileContent {
  meta: FileMeta;
  stream: ReadStream;
  size: number;
}

function uploadOptions(fields: Record<string, string>) {
  let check: { type: string; obj?: unknown } | null = null;
  if (fields.check) {
    try {
      const parsed = JSON.parse(fields.check) as { type?: unknown; obj?: unknown };
      if (typeof parsed?.type !== 'string') throw new Error('type');
      check = { type: parsed.type, obj: parsed.obj };
    } catch {
      throw badRequest('check must be JSON {type, obj}.');
    }
  }
  let maxSize: number | null = null;
  if (fields.maxSize) {
    maxSize = Number(fields.maxSize);
    if (!Number.isFinite(maxSize) || maxSize <= 0)
      throw badRequest('maxSize must be a positive number of bytes.');
  }
  return {
    check,
    maxSize,
    extensions: fields.extensions || null,
    documentId: fields.documentId || null,
    model: fields.model || null,
  };
}

export function fileService(
  db: Db,
  opts: {
    storage?: FileStorage;
    access: Pick<DocumentAccess, 'visible'>;
    quota?: number;
    /** another feature's say on a file beyond the document's scope (notes: a supplier and an internal note's file) */
    mayRead?: (auth: AuthContext, meta: FileMeta) => Promise<boolean>;
  },
) {
  const repo = fileRepository(db);
  const storage = opts.storage ?? fileStorageFromEnv(db);
  const quota = opts.quota ?? FILE_USER_QUOTA;
  const documentVisible = opts.access.visible;
  const secret = downloadSecret(db);

  async function canRead(auth: AuthContext, meta: FileMeta): Promise<boolean> {
    if (meta.createdBy === auth.user._id) return true;
    if (opts.mayRead && !(await opts.mayRead(auth, meta))) return false;
    if (meta.documentId && meta.model) return documentVisible(auth, meta.model, meta.documentId);
    return !actsAsSupplier(auth.user);
  }

  async function readable(auth: AuthContext, id: string): Promise<FileMeta> {
    const meta = await repo.find(auth.domainId, id);
    if (!meta || !(await canRead(auth, meta))) throw fileNotFound();
    return meta;
  }

  async function content(meta: FileMeta): Promise<FileContent> {
    const found = await storage.open(meta.id);
    if (!found) throw fileNotFound();
    return { meta, ...found };
  }

  return {
    storage,

    /** What the caller may still add, read before the bytes stream in. */
    async uploadBudget(auth: AuthContext): Promise<UploadBudget> {
      return { usedBytes: await repo.usedBytes(auth.domainId, auth.user._id), quota };
    },

    /** Keeps the staged files when every check passes; the caller discards the rest. */
    async upload(auth: AuthContext, staged: StagedUpload): Promise<UploadResult> {
      const input = uploadOptions(staged.fields);
      if (!staged.files.length)
        throw badRequest('No file was sent (multipart field files[0]).', 'files.empty');
      if (input.check && !(CHECK_TYPES as readonly string[]).includes(input.check.type))
        throw badRequest(`Unknown check type '${input.check.type}'.`);
      if ((input.documentId ? 1 : 0) + (input.model ? 1 : 0) === 1)
        throw badRequest('documentId and model go together.');
      if (input.documentId && input.model && !(await documentVisible(auth, input.model, input.documentId)))
        throw notFound('Document not found.');

      const maxSize =
        input.maxSize && input.maxSize > 0 ? Math.min(input.maxSize, FILE_SIZE_LIMIT) : FILE_SIZE_LIMIT;
      const messages = fileViolations(staged.files, {
        maxSize,
        ...(input.extensions ? { extensions: input.extensions } : {}),
      });
      if (messages.length || staged.files.some((f) => !f.temp)) {
        const list = messages.length ? messages : fileViolations(staged.files, { maxSize: FILE_SIZE_LIMIT });
        throw new AppError('validation', list.join(' '), {
          key: 'files.rejected',
          errors: list.map((message) => ({ field: 'files', message })),
        });
      }
      // again now: another upload of the same user may have finished while this one streamed
      const adding = staged.files.reduce((sum, f) => sum + f.size, 0);
      const over = quotaRefusal(await repo.usedBytes(auth.domainId, auth.user._id), adding, quota);
      if (over) throw new PayloadTooLarge(over);

      // the check reads the staged bytes before they move into storage (file.check.ts)
      const checked = input.check ? await checkFiles(input.check, staged.files, auth.user.lang) : null;
      const stored: StoredFile[] = [];
      const kept: string[] = [];
      try {
        for (const file of staged.files) {
          const id = await repo.insert({
            domainId: auth.domainId,
            name: file.name,
            contentType: file.contentType,
            size: file.size,
            createdBy: auth.user._id,
            documentId: input.documentId,
            model: input.model,
            sha256: file.sha256,
          });
          kept.push(id);
          await storage.commit(file.temp!, id);
          stored.push({ _id: id, name: file.name, contentType: file.contentType, size: file.size });
        }
      } catch (err) {
        // all or nothing: the files kept so far go again
        for (const id of kept) {
          await storage.delete(id);
          await repo.remove(id);
        }
        throw err;
      }
      return { files: stored, info: checked?.info ?? null, recognised: checked?.recognised ?? null };
    },

    /** The file's metadata and a stream of its bytes, or 404 outside the caller's reach. */
    async read(auth: AuthContext, id: string): Promise<FileContent> {
      return content(await readable(auth, id));
    },

    /** A link that opens the file for DOWNLOAD_TOKEN_TTL_MS without the bearer token. */
    async downloadLink(auth: AuthContext, id: string, now = Date.now()): Promise<DownloadLink> {
      const meta = await readable(auth, id);
      const expiresAt = now + DOWNLOAD_TOKEN_TTL_MS;
      const token = signDownloadToken(await secret(), {
        userId: auth.user._id,
        domainId: auth.domainId,
        resource: fileResource(meta.id),
        expiresAt,
      });
      const url = `${API_BASE}/files/${encodeURIComponent(meta.id)}?access_token=${token}`;
      return { url, expiresAt: new Date(expiresAt).toISOString() };
    },

    /** The file a download token opens (401 for any token that does not open this file now). */
    async readWithToken(token: string, id: string): Promise<FileContent> {
      const grant = verifyDownloadToken(await secret(), token, fileResource(id));
      if (!grant) throw downloadLinkInvalid();
      const meta = await repo.find(grant.domainId, id);
      if (!meta) throw fileNotFound();
      return content(meta);
    },
  };
}

export type FileService = ReturnType<typeof fileService>;
