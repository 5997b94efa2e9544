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

/**
 * The fields a file check recognised (seed 001 section 7), for a form to put into its own fields:
 * summarize gives the VAT number, name and address (also split into street, postcode and city);
 * the taxAuthority and socialSecurity certificates give the holder's VAT number, whether the
 * situation is regularised and the dates (yyyy-MM-dd). What was not found is absent.
 */
export const RecognisedFieldsSchema = Type.Object({
  vat: Type.Optional(Type.String({ description: 'the NIF/NIPC, 9 digits with a valid check digit' })),
  name: Type.Optional(Type.String()),
  address: Type.Optional(Type.String({ description: 'the whole address as written' })),
  street: Type.Optional(Type.String()),
  postcode: Type.Optional(Type.String({ description: 'dddd-ddd' })),
  city: Type.Optional(Type.String()),
  regularized: Type.Optional(Type.Boolean({ description: 'certificates: the situation is regularised' })),
  issued: Type.Optional(Type.String({ format: 'date' })),
  validTo: Type.Optional(Type.String({ format: 'date' })),
});
export type RecognisedFields = Static<typeof RecognisedFieldsSchema>;

/**
 * POST /files: the stored files; with a check, `info` is the text of the findings (one line each,
 * in the caller's language) and `recognised` the same findings as fields (null without a check).
 */
export const UploadResponseSchema = Type.Object({
  files: Type.Array(StoredFileSchema),
  info: OrNull(Type.String()),
  recognised: Type.Optional(OrNull(RecognisedFieldsSchema)),
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
