/**
 * Notes on a document, the message box (seed 001 sections 2.3, 3 and 7): the notes of a document,
 * a new note (multipart), its deletion, and the caller's own notes across documents.
 */
import { Type, type Static } from 'typebox';
import { StoredFileSchema } from './files.ts';
import { IsoTimeSchema, NamedRefSchema, OrNull, StringEnum } from './schema.ts';

/** '_all' Everyone, 'requester' Internal, 'supplier' External (notes/audience.ts). */
export const NoteToSchema = StringEnum(['_all', 'requester', 'supplier'], {
  description: "who the note is for: '_all' Everyone, 'requester' Internal, 'supplier' External",
});

/** The line a note concerns: its id '{pos}/{subpos}' and its label ('Item 10', '10.1' on contracts). */
export const NoteLineSchema = Type.Object({ _id: Type.String(), label: Type.String() });

/**
 * What a note adds to a timeline message (seed 000 section 3): its addressee, line and files.
 * Workflow steps have none of them.
 */
export const NoteTimelineFields = {
  to: Type.Optional(NoteToSchema),
  line: Type.Optional(OrNull(NoteLineSchema)),
  files: Type.Optional(Type.Array(StoredFileSchema)),
};

/** A note (seed 001 section 3): user is null when the reader may not know the author (a supplier). */
export const NoteSchema = Type.Object({
  _id: Type.String(),
  ts: IsoTimeSchema,
  user: OrNull(NamedRefSchema),
  to: NoteToSchema,
  text: Type.String({ description: "the text as written, line breaks kept ('' for a note of files only)" }),
  line: OrNull(NoteLineSchema, { description: 'null: the whole document' }),
  files: Type.Array(StoredFileSchema),
  rejected: Type.Boolean({ description: "written by a rejection: shown as 'Rejected by {name}'" }),
  readonly: Type.Boolean({ description: 'a workflow comment: never deleted' }),
});
export type Note = Static<typeof NoteSchema>;

/** GET /communication/notes/{model}/{id}: the notes of a document the caller may read, oldest first. */
export const NoteListSchema = Type.Array(NoteSchema);
export type NoteList = Static<typeof NoteListSchema>;

/** The document of a note in the caller's list of notes. */
export const NoteDocumentSchema = Type.Object({
  _id: Type.String(),
  model: Type.String(),
  key: OrNull(Type.String()),
});

/** GET /profile/user/notes/{userId}: the user's notes, newest first, each with its document. */
export const UserNoteSchema = Type.Object({ ...NoteSchema.properties, document: NoteDocumentSchema });
export type UserNote = Static<typeof UserNoteSchema>;
export const UserNoteListSchema = Type.Array(UserNoteSchema);
export type UserNoteList = Static<typeof UserNoteListSchema>;

/**
 * The `log` field of POST /communication/messages/{model}/{id} (multipart, as JSON text): the text,
 * the addressee, the line ('_all' or {_id}) and the users of the document to notify (default: the
 * addressed side). New files go as files[n], stored files of the document as linkedFiles (a JSON
 * array of file ids).
 */
export const NotePostLogSchema = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: 4000 })),
    to: NoteToSchema,
    line: Type.Optional(
      Type.Union([
        Type.Literal('_all'),
        Type.Object({ _id: Type.String({ maxLength: 40 }), label: Type.Optional(Type.String()) }),
      ]),
    ),
    assignees: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type NotePostLog = Static<typeof NotePostLogSchema>;

export const LinkedFilesSchema = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 });
export type LinkedFiles = Static<typeof LinkedFilesSchema>;
