import { open } from 'node:fs/promises';
import {
  maySeePhoto,
  PHOTO_CONTENT_TYPE,
  PHOTO_MESSAGES,
  PHOTO_SIZE_LIMIT,
  photoRefusal,
  pngSize,
  type PhotoRemoved,
  type PhotoSaved,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { fileRepository } from '../files/file.repository.ts';
import type { FileService } from '../files/file.service.ts';
import type { StagedUpload } from '../files/file.upload.ts';
import { fieldErrors, notFound } from '../lib/app-error.ts';
import { photoRepository } from './photo.repository.ts';

const refuse = (message: string) =>
  fieldErrors(message, [{ field: 'files', message }], 'profile.photo-invalid');
const noPhoto = () => notFound('No photo.');

/** The first 24 bytes of a staged file: the PNG signature and its IHDR chunk. */
async function headOf(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(24);
    const { bytesRead } = await handle.read(head, 0, 24, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The user's photo (seed 001 sections 3, 4.2 and 5): the account page sends a square crop as a PNG
 * image; it is stored as a file (bytes in the file storage, never the database) and replaces the
 * previous photo, which is deleted. Its bytes are checked before anything is kept: a PNG signature,
 * square, 16 to 2048 pixels, at most PHOTO_SIZE_LIMIT bytes. A photo is served to those who may see
 * its user (maySeePhoto: staff see everybody of their domain, a supplier only its own company's
 * users, never a staff photo); to anybody else it does not exist (404).
 */
export function photoService(db: Db, files: FileService) {
  const repo = photoRepository(db);
  const fileRows = fileRepository(db);

  async function drop(fileId: string | null): Promise<void> {
    if (!fileId) return;
    await fileRows.remove(fileId);
    await files.storage.delete(fileId);
  }

  return {
    async upload(auth: AuthContext, staged: StagedUpload): Promise<PhotoSaved> {
      const [file, ...more] = staged.files;
      if (!file || more.length) throw refuse(PHOTO_MESSAGES.missing);
      if (!file.temp || file.size > PHOTO_SIZE_LIMIT) throw refuse(PHOTO_MESSAGES.tooLarge);
      const head = await headOf(file.temp);
      const refusal = photoRefusal(head);
      if (refusal) throw refuse(refusal);
      // stored under the files rules (quota, all or nothing) as what it is, whatever the browser named it
      const { files: stored } = await files.upload(auth, {
        files: [{ ...file, name: 'photo.png', contentType: PHOTO_CONTENT_TYPE }],
        fields: { maxSize: String(PHOTO_SIZE_LIMIT), extensions: 'png' },
      });
      const saved = stored[0]!;
      const previous = await db
        .transaction()
        .execute((trx) => photoRepository(trx).set(auth.domainId, auth.user._id, saved._id));
      await drop(previous);
      return { ok: true, photo: { _id: saved._id, size: saved.size, side: pngSize(head)!.width } };
    },

    /** The photo of a user the caller may see, as a stream of PNG bytes. */
    async read(auth: AuthContext, userId: string) {
      const subject = await repo.subject(auth.domainId, userId);
      if (!subject?.file_id) throw noPhoto();
      if (!maySeePhoto(auth.user, { _id: subject.id, supplierId: subject.supplier_id })) throw noPhoto();
      const content = await files.storage.open(subject.file_id);
      if (!content) throw noPhoto();
      return { ...content, fileId: subject.file_id };
    },

    async remove(auth: AuthContext): Promise<PhotoRemoved> {
      const previous = await repo.clear(auth.domainId, auth.user._id);
      await drop(previous);
      return { ok: true, removed: previous !== null };
    },
  };
}

export type PhotoService = ReturnType<typeof photoService>;
