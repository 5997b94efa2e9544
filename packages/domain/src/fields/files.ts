/**
 * File attachment checks of seed 001 sections 5 and 9, shared by the web media field (before upload)
 * and the server (before anything is stored). Pure: no I/O.
 *
 * Formatting decision: {size} and {limit} are whole bytes with comma thousands separators and the
 * unit, e.g. 'File size of 25,000,000 bytes exceeds the limit of 20,000,000 bytes allowed.' Both
 * sides call `formatFileSize`, so the browser and the server answer the same text.
 */

/** Default size limit of a field file upload (seed 001 section 9). */
export const FILE_SIZE_LIMIT = 20_000_000;

export interface FileLike {
  name: string;
  size: number;
}

export interface FileRules {
  /** bytes; absent, zero or negative means no size check */
  maxSize?: number | null;
  /** comma-separated allowed extensions ('pdf, .PNG,jpg'); absent or blank means any */
  extensions?: string | null;
}

/** The stored file as the API answers it and as a media field keeps it in its value. */
export interface StoredFile {
  _id: string;
  name: string;
  contentType: string;
  size: number;
}

/** 25000000 -> '25,000,000 bytes'. */
export function formatFileSize(bytes: number): string {
  const whole = Math.max(0, Math.round(bytes));
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} bytes`;
}

/** 'Report.Final.PDF' -> 'pdf'; '' when the name has no extension. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** 'pdf, .PNG,,jpg ' -> ['pdf', 'png', 'jpg']. */
export function parseExtensions(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((e) => e.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
}

export const fileSizeMessage = (size: number, limit: number): string =>
  `File size of ${formatFileSize(size)} exceeds the limit of ${formatFileSize(limit)} allowed.`;

export const fileExtensionMessage = (ext: string, list: string): string =>
  `The file extension '${ext}' is not allowed. Allowed extensions: ${list}.`;

/**
 * Every violation of the rules by the given files, de-duplicated in first-seen order; empty when
 * all files pass. The allowed list is quoted as configured (trimmed). A file without an extension
 * fails a non-empty list with ext ''.
 */
export function fileViolations(files: readonly FileLike[], rules: FileRules = {}): string[] {
  const messages: string[] = [];
  const add = (m: string) => {
    if (!messages.includes(m)) messages.push(m);
  };
  const allowed = parseExtensions(rules.extensions);
  const listText = (rules.extensions ?? '').trim();
  const limit = rules.maxSize && rules.maxSize > 0 ? rules.maxSize : null;
  for (const file of files) {
    if (limit !== null && file.size > limit) add(fileSizeMessage(file.size, limit));
    if (allowed.length) {
      const ext = fileExtension(file.name);
      if (!allowed.includes(ext)) add(fileExtensionMessage(ext, listText));
    }
  }
  return messages;
}
