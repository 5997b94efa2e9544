/** File upload and download (seed 001 sections 3, 5, 7 and 9). */
import { Type, type Static } from 'typebox';
import { ApiErrorSchema } from './errors.ts';
import { OrNull } from './schema.ts';

/** A stored file as uploads answer it (the domain's StoredFile). */
export const StoredFileSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
});

/** POST /files: the stored files; `info` is the extracted text of a check (always null: not available). */
export const UploadResponseSchema = Type.Object({
  files: Type.Array(StoredFileSchema),
  info: OrNull(Type.String()),
});
export type UploadResponse = Static<typeof UploadResponseSchema>;

/** A binary answer (a file, a PDF) of the given media type, for the OpenAPI description. */
export const binaryResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
});

/**
 * POST /files/{id}/download-token: a link that downloads the file for a few minutes without the
 * bearer token (a browser link sends no header). The token in it is signed by the server, bound to
 * the caller, the file and the purpose 'download'; a bearer token is never accepted in a link.
 */
export const DownloadLinkSchema = Type.Object({
  url: Type.String({ description: '/api/files/{id}?access_token={download token}' }),
  expiresAt: Type.String({ format: 'date-time', description: 'the link stops working at this time' }),
});
export type DownloadLink = Static<typeof DownloadLinkSchema>;

/** 413: an upload past the files per request, the bytes per request or the user's quota. */
export const UploadTooLargeSchema = Type.Object(ApiErrorSchema.properties, {
  description:
    'The upload passes a limit (files.too-many, files.request-too-large, files.quota-exceeded); nothing is stored',
});
