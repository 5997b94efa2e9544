import { binaryResponse } from '@p2p/domain/api';
import { Type } from 'typebox';

/** Schemas of the file routes (the upload answer is the contract's, `@p2p/domain/api`). */
export const FileParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const FileQuery = Type.Object({
  access_token: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'the bearer token, for download links (a link sends no header)',
    }),
  ),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
/** The bytes in the file's own media type (described as application/octet-stream). */
export const FileDownload = binaryResponse(
  'application/octet-stream',
  'The file content (inline), in the media type it was uploaded with',
);
