/** File upload and download (seed 001 sections 3, 5, 7 and 9). */
import { Type, type Static } from 'typebox';
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
