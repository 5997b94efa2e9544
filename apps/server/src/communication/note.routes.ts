import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  NoteListSchema,
  NoteSchema,
  OkSchema,
  UploadTooLargeSchema,
  UserNoteListSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import { DocumentParams } from '../documents/document.schema.ts';
import { badRequest, PayloadTooLarge } from '../files/file.errors.ts';
import { discardStaged, stageUpload } from '../files/file.upload.ts';
import type { Services } from '../services.ts';
import { NoteParams, NoteQuery, NoteUserParams } from './note.schema.ts';

const readErrors = errorResponses(400, 401, 403, 404, 503);

/** Notes on documents, the message box (seed 001 sections 2.3 and 7). */
export const noteRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { notes, files } = services;
  const tags = ['communication'];
  await app.register(multipart, { throwFileSizeLimit: false });

  app.get(
    '/communication/notes/:model/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'listNotes',
        summary:
          'The notes of a document, oldest first: posted notes and the comments of workflow moves (read-only). ' +
          'A supplier reads its own notes and those addressed to it (Everyone, External) without the author.',
        params: DocumentParams,
        querystring: NoteQuery,
        response: { 200: described(NoteListSchema, 'The notes the caller may read'), ...readErrors },
      },
    },
    (req) => notes.list(caller(req), req.params.model, req.params.id),
  );

  app.post(
    '/communication/messages/:model/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'postNote',
        summary:
          'Post a note (multipart): log as JSON {text, to: _all | requester | supplier, line: _all | {_id}, ' +
          'assignees[]}, new files as files[n], stored files of the document as linkedFiles (JSON array of ids). ' +
          'A text or a file is required; suppliers write External only (403). The note is announced to the ' +
          'people of the addressed side (notifications naming the document only).',
        consumes: ['multipart/form-data'],
        params: DocumentParams,
        response: {
          200: described(NoteSchema, 'The note as the caller reads it'),
          413: UploadTooLargeSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Send the note as multipart/form-data.');
      const auth = caller(req);
      // nothing streams in for a document out of reach
      await notes.checkDocument(auth, req.params.model, req.params.id);
      const staged = await stageUpload(req, files.storage, await files.uploadBudget(auth)).catch(
        (err: unknown) => {
          if (err instanceof PayloadTooLarge) void reply.header('connection', 'close');
          throw err;
        },
      );
      try {
        return await notes.post(auth, req.params.model, req.params.id, staged);
      } finally {
        await discardStaged(files.storage, staged);
      }
    },
  );

  app.get(
    '/communication/messages/delete/:id',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'deleteNote',
        summary:
          'Delete a note (a GET, as the seed calls it; it only deletes). The author or admin level may; ' +
          'a read-only note (a workflow comment) never (409); a note the caller may not read is not found (404).',
        params: NoteParams,
        querystring: NoteQuery,
        response: { 200: described(OkSchema, 'Deleted'), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    (req) => notes.remove(caller(req), req.params.id),
  );

  app.get(
    '/profile/user/notes',
    {
      config: { policy: 'self' },
      schema: {
        tags: ['profile'],
        operationId: 'listMyNotes',
        summary: "The caller's notes across the documents it may read, newest first (at most 200)",
        querystring: NoteQuery,
        response: { 200: described(UserNoteListSchema, "The caller's notes"), ...readErrors },
      },
    },
    (req) => notes.ofUser(caller(req)),
  );

  app.get(
    '/profile/user/notes/:userId',
    {
      // the caller's own, or any user's of its tenant for admin level: a role decides, not only 'self'
      config: { policy: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'listUserNotes',
        summary:
          "A user's notes across the documents the caller may read, newest first (at most 200): the caller's " +
          'own, or for admin level any user of the tenant (403 otherwise; 404 for an unknown user).',
        params: NoteUserParams,
        querystring: NoteQuery,
        response: { 200: described(UserNoteListSchema, "The user's notes"), ...readErrors },
      },
    },
    (req) => notes.ofUser(caller(req), req.params.userId),
  );
};
