/**
 * The attachments of a note (seed 001 section 5): one size limit and one list of allowed
 * extensions, checked by the web before sending and by the server before keeping anything. The
 * messages are the files rules' (fields/files.ts): 'File size of {size} exceeds the limit of
 * {limit} allowed.' and "The file extension '{ext}' is not allowed. Allowed extensions: {list}.",
 * de-duplicated; one failing file adds none.
 */
import { FILE_SIZE_LIMIT, fileViolations, type FileLike, type FileRules } from '../fields/files.ts';

/** The message box's limits: the file default size, and office, text, image and archive files. */
export const NOTE_ATTACHMENT_RULES: { readonly maxSize: number; readonly extensions: string } = {
  maxSize: FILE_SIZE_LIMIT,
  extensions:
    'pdf, doc, docx, xls, xlsx, ppt, pptx, odt, ods, txt, csv, rtf, png, jpg, jpeg, gif, zip, msg, eml',
};

/** Every violation of the files (de-duplicated, first seen first); empty when all may be added. */
export const noteAttachmentViolations = (
  files: readonly FileLike[],
  rules: FileRules = NOTE_ATTACHMENT_RULES,
): string[] => fileViolations(files, rules);

/** The failure notice of an attachment: the messages joined. */
export const joinViolations = (messages: readonly string[]): string => messages.join(' ');
