/**
 * Limits of an upload beyond the per-file size of seed 001 (FILE_SIZE_LIMIT, fields/files.ts): how
 * much one request may carry and how much one user may keep. The server refuses past them while
 * the bytes stream in (413, nothing stored); the web checks the request limits before sending so
 * the user hears it at once. Pure: no I/O.
 */
import { formatFileSize, type FileLike } from '../fields/files.ts';

/** Files in one upload request. */
export const FILE_REQUEST_MAX_FILES = 20;
/** Bytes of all files of one upload request together (50 MB). */
export const FILE_REQUEST_LIMIT = 50_000_000;
/** Bytes one user may keep stored, all files together (1 GB). */
export const FILE_USER_QUOTA = 1_000_000_000;

/** Stable keys of the refusals; the web translates them (locales `files.tooMany` ...). */
export type UploadRefusalKey = 'files.too-many' | 'files.request-too-large' | 'files.quota-exceeded';

export interface UploadRefusal {
  key: UploadRefusalKey;
  /** the English text the server answers */
  message: string;
  /** the limit that was passed (a count for files.too-many, bytes otherwise) */
  limit: number;
}

export const fileCountMessage = (limit: number): string => `At most ${limit} files can be uploaded at once.`;

export const fileRequestMessage = (limit: number): string =>
  `The files of one upload may total at most ${formatFileSize(limit)}.`;

export const fileQuotaMessage = (limit: number): string =>
  `This upload would take your stored files past your quota of ${formatFileSize(limit)}.`;

/** The refusal of one request of `count` files and `total` bytes, or null when within the limits. */
export function uploadRequestRefusal(count: number, total: number): UploadRefusal | null {
  if (count > FILE_REQUEST_MAX_FILES)
    return {
      key: 'files.too-many',
      message: fileCountMessage(FILE_REQUEST_MAX_FILES),
      limit: FILE_REQUEST_MAX_FILES,
    };
  if (total > FILE_REQUEST_LIMIT)
    return {
      key: 'files.request-too-large',
      message: fileRequestMessage(FILE_REQUEST_LIMIT),
      limit: FILE_REQUEST_LIMIT,
    };
  return null;
}

/** The refusal when `adding` bytes on top of the `used` ones pass the user's quota, else null. */
export function quotaRefusal(used: number, adding: number, quota = FILE_USER_QUOTA): UploadRefusal | null {
  return used + adding > quota
    ? { key: 'files.quota-exceeded', message: fileQuotaMessage(quota), limit: quota }
    : null;
}

/** The request refusal of files chosen in the browser, before anything is sent. */
export const chosenFilesRefusal = (files: readonly FileLike[]): UploadRefusal | null =>
  uploadRequestRefusal(
    files.length,
    files.reduce((sum, f) => sum + f.size, 0),
  );

/** The refusal a server answer names by its `key`, so the web can say it in the user's language. */
export function uploadRefusalOf(key: string | null | undefined): UploadRefusal | null {
  if (key === 'files.too-many') return uploadRequestRefusal(FILE_REQUEST_MAX_FILES + 1, 0);
  if (key === 'files.request-too-large') return uploadRequestRefusal(1, FILE_REQUEST_LIMIT + 1);
  if (key === 'files.quota-exceeded') return quotaRefusal(FILE_USER_QUOTA, 1);
  return null;
}

/** The limit as the refusal's text names it: a count of files, else bytes ('50,000,000 bytes'). */
export const refusalLimitText = (refusal: UploadRefusal): string =>
  refusal.key === 'files.too-many' ? String(refusal.limit) : formatFileSize(refusal.limit);
