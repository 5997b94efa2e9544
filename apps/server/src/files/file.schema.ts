import { binaryResponse } from '@p2p/domain/api';
import { Type } from 'typebox';

/** Schemas of the file routes (the upload answer and the download link are the contract's, `@p2p/domain/api`). */
export const FileParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const FileQuery = Type.Object({
  access_token: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        'a download token from POST /files/{id}/download-token, for download links (a link sends no ' +
        'header); never the bearer token',
    }),
  ),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
/** The bytes in the file's own media type (described as application/octet-stream). */
export const FileDownload = binaryResponse(
  'application/octet-stream',
  'The file content (inline), in the media type it was uploaded with',
);
