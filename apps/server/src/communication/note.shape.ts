import {
  actsAsSupplier,
  isRejectingAction,
  noteToOfAudience,
  supplierTimeline,
  type Note,
  type StoredFile,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { NoteRow } from './note.repository.ts';

/** A stored note as a reader may know it: `user` null when the reader may not know the author. */
export interface ReadableNote extends NoteRow {
  user: { _id: string; name: string } | null;
}

/**
 * The notes the caller may read, in the given order. Internal users read every note. A supplier
 * reads what supplierTimeline lets it read (documents/timeline.ts): its own company's notes, and
 * those the buying side addressed to the supplier (Everyone, External) WITHOUT the author's name,
 * as for every internal author on a supplier's timeline; never an Internal note, never another
 * supplier's words, never an internal workflow comment.
 */
export function readableNotes(auth: AuthContext, rows: ReadonlyArray<NoteRow>): ReadableNote[] {
  const shaped = rows.map((r) => ({
    ...r,
    user: r.user_id ? { _id: r.user_id, name: r.user_name ?? '' } : null,
    authorSupplier: r.author_supplier,
  }));
  if (!actsAsSupplier(auth.user)) return shaped;
  // a workflow step without a comment is not a note: the state change it may still show is not one
  return supplierTimeline(shaped, auth.user.supplier?._id ?? '', () => false).filter(
    (m) => m.note_to !== null || Boolean(m.text),
  );
}

/** A workflow comment is read-only; a rejection's comment is flagged rejected. */
export const isReadonlyNote = (row: Pick<NoteRow, 'note_to'>): boolean => row.note_to === null;

/** The API shape of a note (seed 001 section 3). */
export function toNote(m: ReadableNote, files: ReadonlyArray<StoredFile>): Note {
  const readonly = isReadonlyNote(m);
  return {
    _id: m.id,
    ts: new Date(m.ts).toISOString(),
    user: m.user,
    to: m.note_to ?? noteToOfAudience(m.audience),
    text: m.text ?? '',
    line: m.line ?? null,
    files: [...files],
    rejected: readonly && isRejectingAction(m.tracking?.action),
    readonly,
  };
}
