import { actsAsSupplier } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { noteRepository } from './note.repository.ts';

/** What the rule reads of a stored file (the files feature's FileMeta fits). */
export interface NoteFileMeta {
  id: string;
  domainId: string;
  createdBy: string;
}

export type NoteFileRule = (auth: AuthContext, meta: NoteFileMeta) => Promise<boolean>;

/**
 * The notes' say on reading a stored file, handed to the files feature (services.ts), which asks
 * it on every read and download link after its own document check: internal users and the
 * uploader read as the document's scope says; a supplier never reads a file that came with a note
 * it may not read (an Internal note, another supplier's), unless a note it reads links the file.
 * Such a file answers 404, like any file out of reach.
 */
export function noteFileRule(db: Db): NoteFileRule {
  return async (auth, meta) => {
    if (!actsAsSupplier(auth.user) || meta.createdBy === auth.user._id) return true;
    return noteRepository(db).supplierMayRead(meta.domainId, meta.id, auth.user.supplier?._id ?? '');
  };
}
