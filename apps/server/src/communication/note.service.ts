import {
  isAdminLevel,
  mayAddress,
  NOTE_ATTACHMENT_RULES,
  NOTE_MESSAGES,
  noteAudience,
  noteDeleteVerdict,
  type Note,
  type StoredFile,
  type UserNote,
} from '@p2p/domain';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { documentMessageRepository } from '../documents/document-message.repository.ts';
import { fileRepository } from '../files/file.repository.ts';
import type { FileService } from '../files/file.service.ts';
import type { StagedUpload } from '../files/file.upload.ts';
import { AppError, fieldErrors, forbidden, notFound } from '../lib/app-error.ts';
import { publishNotifications } from '../notifications/notification.events.ts';
import { readNotePost, resolveLine } from './note.input.ts';
import { notifyNote } from './note.notify.ts';
import { noteRepository } from './note.repository.ts';
import { noteFileRule } from './note-file.rule.ts';
import { readableNotes, toNote, type ReadableNote } from './note.shape.ts';

/** The most notes the caller's own list answers (newest first). */
export const USER_NOTES_LIMIT = 200;

const noteNotFound = () => notFound('Note not found.');

/**
 * Notes on documents, the message box (seed 001 sections 2.3, 5, 6 and 7). A note lives in the
 * document's timeline table; every call goes through the documents door (404 outside the caller's
 * scope) and the supplier rule of readableNotes. New files go through the files feature (streamed
 * to FILE_DIR, the note's size and extension rules) and are linked to the note.
 */
export function noteService(db: Db, deps: { access: DocumentAccess; files: FileService }) {
  const { access, files } = deps;
  const mayReadFile = noteFileRule(db);

  async function withFiles(notes: ReadonlyArray<ReadableNote>): Promise<Note[]> {
    const byNote = await documentMessageRepository(db).files(notes.map((n) => n.id));
    return notes.map((n) => toNote(n, byNote.get(n.id) ?? []));
  }

  /** Stored files of the document, named again by the note; each must be one the caller reads. */
  async function linkedFiles(
    auth: AuthContext,
    model: string,
    documentId: string,
    ids: ReadonlyArray<string>,
  ) {
    const repo = fileRepository(db);
    const out: StoredFile[] = [];
    for (const id of new Set(ids)) {
      const meta = await repo.find(auth.domainId, id);
      // one answer for a file that does not exist and one the caller may not read
      if (!meta || meta.documentId !== documentId || meta.model !== model || !(await mayReadFile(auth, meta)))
        throw fieldErrors(
          'A linked file is not a file of this document.',
          [{ field: 'linkedFiles', message: 'A linked file is not a file of this document.' }],
          'notes.linked-file',
        );
      out.push({ _id: meta.id, name: meta.name, contentType: meta.contentType, size: meta.size });
    }
    return out;
  }

  /** Deletes the bytes of files whose rows went with their note (after the commit). */
  async function dropFiles(ids: ReadonlyArray<string>): Promise<void> {
    for (const id of ids) await files.storage.delete(id).catch(() => {});
  }

  return {
    /** The document of a post in the caller's scope (404), before its files stream in. */
    async checkDocument(auth: AuthContext, model: string, id: string): Promise<void> {
      await access.find(auth, model, id);
    },

    /** The notes of a document the caller reads, oldest first. */
    async list(auth: AuthContext, model: string, id: string): Promise<Note[]> {
      await access.find(auth, model, id);
      return withFiles(readableNotes(auth, await noteRepository(db).ofDocument(auth.domainId, id)));
    },

    /**
     * Posts a note (multipart: log, files[n], linkedFiles). Checked before anything is kept: the
     * document in scope and not deleted, the log, the addressee (suppliers External only, 403), the
     * line, a text or a file, the linked files, then the new files' size and extension rules.
     */
    async post(auth: AuthContext, modelName: string, id: string, staged: StagedUpload): Promise<Note> {
      const { model, row } = await access.find(auth, modelName, id);
      if (row.deleted)
        throw new AppError('conflict', 'A deleted document takes no notes.', {
          key: 'notes.deleted-document',
        });
      const input = readNotePost(staged.fields);
      if (!mayAddress(auth.user, input.to))
        throw forbidden(NOTE_MESSAGES.addressForbidden, 'notes.to-forbidden');
      const line = await resolveLine(db, row, model.name, input.line);
      const linked = await linkedFiles(auth, model.name, row.id, input.linkedFiles);
      if (!input.text && !staged.files.length && !linked.length)
        throw fieldErrors(
          NOTE_MESSAGES.empty,
          [{ field: 'text', message: NOTE_MESSAGES.empty }],
          'notes.empty',
        );

      // the files feature checks the note's rules and keeps the files (all or nothing)
      const uploaded = staged.files.length
        ? (
            await files.upload(auth, {
              files: staged.files,
              fields: {
                documentId: row.id,
                model: model.name,
                maxSize: String(NOTE_ATTACHMENT_RULES.maxSize),
                extensions: NOTE_ATTACHMENT_RULES.extensions,
              },
            })
          ).files
        : [];
      let written: { noteId: string; events: Awaited<ReturnType<typeof notifyNote>> };
      try {
        written = await db.transaction().execute(async (trx) => {
          const noteId = await documentMessageRepository(trx).insertNote({
            domainId: auth.domainId,
            documentId: row.id,
            state: row.state,
            userId: auth.user._id,
            text: input.text,
            to: input.to,
            audience: noteAudience(input.to),
            line,
            assignees: input.assignees,
          });
          await noteRepository(trx).link(auth.domainId, noteId, [
            ...uploaded.map((f) => ({ fileId: f._id, uploaded: true })),
            ...linked.map((f) => ({ fileId: f._id, uploaded: false })),
          ]);
          const events = await notifyNote(
            trx,
            auth,
            { row, model },
            { to: input.to, assignees: input.assignees },
          );
          return { noteId, events };
        });
      } catch (err) {
        // the note was not written: its new files go too
        for (const f of uploaded) await fileRepository(db).remove(f._id);
        await dropFiles(uploaded.map((f) => f._id));
        throw err;
      }
      await publishNotifications(db, written.events);
      const stored = await noteRepository(db).find(auth.domainId, written.noteId);
      const [note] = await withFiles(readableNotes(auth, stored ? [stored] : []));
      if (!note) throw noteNotFound();
      return note;
    },

    /**
     * Deletes a note (GET /communication/messages/delete/{id}, as the seed calls it): only that. A
     * note the caller may not read does not exist (404); a read-only note is never deleted (409);
     * else the author or admin level (403 for others).
     */
    async remove(auth: AuthContext, noteId: string): Promise<{ ok: true }> {
      const repo = noteRepository(db);
      const row = await repo.find(auth.domainId, noteId);
      if (!row || !(await access.visible(auth, row.model, row.document_id))) throw noteNotFound();
      if (!readableNotes(auth, [row]).length) throw noteNotFound();
      const verdict = noteDeleteVerdict({ readonly: row.note_to === null, authorId: row.user_id }, auth.user);
      if (!verdict.allowed)
        throw new AppError(verdict.status === 409 ? 'conflict' : 'forbidden', verdict.reason, {
          key: verdict.key,
        });
      const orphans = await db.transaction().execute(async (trx) => {
        const gone = await noteRepository(trx).remove(auth.domainId, noteId);
        for (const id of gone) await fileRepository(trx).remove(id);
        return gone;
      });
      await dropFiles(orphans);
      return { ok: true };
    },

    /**
     * A user's notes across the documents the caller may read, newest first (at most
     * USER_NOTES_LIMIT). Another user's only for admin level (403), and only of the caller's tenant.
     */
    async ofUser(auth: AuthContext, userId?: string): Promise<UserNote[]> {
      const who = userId ?? auth.user._id;
      if (who !== auth.user._id) {
        if (!isAdminLevel(auth.user)) throw forbidden("Only administrators read another user's notes.");
        const user = await db
          .selectFrom('users')
          .select('id')
          .where('domain_id', '=', auth.domainId)
          .where('id', '=', who)
          .executeTakeFirst();
        if (!user) throw notFound('User not found.');
      }
      const scopes = (await access.viewableModels(auth)).map(({ scope }) => scope.where);
      if (!scopes.length) return [];
      const rows = await noteRepository(db).byAuthor(
        auth.domainId,
        who,
        sql<boolean>`(${sql.join(scopes, sql` or `)})`,
        USER_NOTES_LIMIT,
      );
      const readable = readableNotes(auth, rows);
      const notes = await withFiles(readable);
      return notes.map((n, i) => ({
        ...n,
        document: {
          _id: readable[i]!.document_id,
          model: readable[i]!.model,
          key: readable[i]!.document_key,
        },
      }));
    },
  };
}

export type NoteService = ReturnType<typeof noteService>;
