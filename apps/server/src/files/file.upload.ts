import { createHash } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FILE_REQUEST_LIMIT,
  FILE_REQUEST_MAX_FILES,
  FILE_SIZE_LIMIT,
  quotaRefusal,
  uploadRequestRefusal,
} from '@p2p/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest, PayloadTooLarge } from './file.errors.ts';
import type { FileStorage } from './file.storage.ts';

/**
 * Reads a multipart upload part by part, streaming each file into a temporary file of the
 * storage while counting and hashing it: no file is ever held in memory, nothing goes through
 * the database, and the request is refused (413) the moment it passes the files per request,
 * the bytes per request or the user's quota. What the request says about the files (maxSize,
 * extensions, documentId...) may come after them, so the checks on the staged files run after
 * the last part (file.service.ts) and only then are the temporary files kept.
 */
export interface StagedFile {
  name: string;
  contentType: string;
  /** the real byte count */
  size: number;
  sha256: string;
  /** the temporary file, or null when the file passed the server cap and its bytes were dropped */
  temp: string | null;
}

export interface StagedUpload {
  files: StagedFile[];
  fields: Record<string, string>;
}

export interface UploadBudget {
  /** bytes the user keeps stored already */
  usedBytes: number;
  quota: number;
}

const FILE_FIELD = /^files(\[\d+\])?$/;
/** Field values are short (numbers, an extension list, a small JSON); a long one is refused. */
const FIELD_SIZE = 64 * 1024;

/** The multipart parser's own limit errors, answered in the app's shape. */
function parserLimit(err: unknown): Error {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT')
    return new PayloadTooLarge(uploadRequestRefusal(FILE_REQUEST_MAX_FILES + 1, 0)!);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('The upload has too many parts.');
  return err as Error;
}

export async function stageUpload(
  request: FastifyRequest,
  storage: FileStorage,
  budget: UploadBudget,
): Promise<StagedUpload> {
  const files: StagedFile[] = [];
  const fields: Record<string, string> = {};
  const temps: string[] = [];
  let total = 0;
  let count = 0;
  const parts = request.parts({
    limits: {
      // one part may not pass the request total; the meter below refuses sooner
      fileSize: FILE_REQUEST_LIMIT + 1,
      files: FILE_REQUEST_MAX_FILES,
      fields: 20,
      fieldSize: FIELD_SIZE,
      parts: FILE_REQUEST_MAX_FILES + 20,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is too long.`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const wanted = FILE_FIELD.test(part.fieldname);
      if (wanted) count += 1;
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          total += chunk.length;
          const refusal =
            uploadRequestRefusal(count, total) ?? quotaRefusal(budget.usedBytes, total, budget.quota);
          if (refusal) return done(new PayloadTooLarge(refusal));
          hash.update(chunk);
          // past the per-file cap the bytes are only counted, so the message can name the size
          if (size <= FILE_SIZE_LIMIT) done(null, chunk);
          else done();
        },
      });
      if (!wanted) {
        await pipeline(part.file, meter, new Writable({ write: (_c, _e, done) => done() }));
        continue;
      }
      const temp = await storage.createTemp();
      temps.push(temp.path);
      await pipeline(part.file, meter, temp.stream);
      const kept = size <= FILE_SIZE_LIMIT;
      if (!kept) await storage.discard(temp.path);
      files.push({
        name: part.filename || 'file',
        contentType: part.mimetype || 'application/octet-stream',
        size,
        sha256: hash.digest('hex'),
        temp: kept ? temp.path : null,
      });
    }
  } catch (err) {
    await Promise.all(temps.map((t) => storage.discard(t)));
    throw parserLimit(err);
  }
  return { files, fields };
}

/** Removes what an upload left in the temporary folder (committed files are no longer there). */
export async function discardStaged(storage: FileStorage, staged: StagedUpload): Promise<void> {
  await Promise.all(staged.files.map((f) => (f.temp ? storage.discard(f.temp) : undefined)));
}
