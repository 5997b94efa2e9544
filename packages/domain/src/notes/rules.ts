/**
 * What may be done with notes (seed 001 sections 2.3, 4.2, 6 and 8): posting needs a text or a
 * file; a note is deleted by its author or an elevated user (admin level), never when read-only.
 * Notes written by a workflow move (its comment) are read-only; a rejection's are flagged rejected.
 */
import type { Verdict } from '../documents/permissions.ts';
import { isAdminLevel, type RoleHolder } from '../roles/roles.ts';

/** The longest note text (the workflow comments' limit). */
export const NOTE_TEXT_LIMIT = 4000;
/** The most stored files one note may link (new files follow the upload limits). */
export const NOTE_LINKED_FILES_LIMIT = 20;
/** The most assignees one note may name. */
export const NOTE_ASSIGNEES_LIMIT = 50;

export const NOTE_MESSAGES = {
  empty: 'A note needs a text or a file.',
  tooLong: `A note has at most ${NOTE_TEXT_LIMIT} characters.`,
  deleteReadonly: 'This note cannot be deleted.',
  deleteForbidden: 'Only the author of a note or an administrator can delete it.',
  addressForbidden: 'Suppliers address their notes to External only.',
} as const;

/** The workflow actions that reject (their comments show as 'Rejected by {name}'). */
export const REJECTING_ACTIONS: ReadonlyArray<string> = [
  'reject',
  'reject-plan',
  'reject-close-complaint',
  'reject-return',
  'reject-request',
  'approval-reject',
];
export const isRejectingAction = (action: unknown): boolean =>
  typeof action === 'string' && REJECTING_ACTIONS.includes(action);

/** Whether the composer may send: not while posting, and only with a text (not blank) or a file. */
export function canSubmitNote(input: { text: string; files: number; posting: boolean }): boolean {
  return !input.posting && (input.text.trim().length > 0 || input.files > 0);
}

export interface DeletableNote {
  readonly: boolean;
  /** the author's user id (null for the system) */
  authorId: string | null;
}

/** Delete: 409 for a read-only note, else the author or admin level, else 403. */
export function noteDeleteVerdict(
  note: DeletableNote,
  user: (RoleHolder & { _id?: string | null }) | null | undefined,
): Verdict {
  if (note.readonly)
    return { allowed: false, status: 409, key: 'notes.readonly', reason: NOTE_MESSAGES.deleteReadonly };
  if (user && ((note.authorId !== null && note.authorId === user._id) || isAdminLevel(user)))
    return { allowed: true };
  return {
    allowed: false,
    status: 403,
    key: 'notes.delete-forbidden',
    reason: NOTE_MESSAGES.deleteForbidden,
  };
}

export const canDeleteNote = (
  note: DeletableNote,
  user: (RoleHolder & { _id?: string | null }) | null | undefined,
): boolean => noteDeleteVerdict(note, user).allowed;
