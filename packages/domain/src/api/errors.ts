/** The one error body of every status >= 400 (ARCHITECTURE.md "Errors", seed 000 sections 7 and 8). */
import { Type, type Static } from 'typebox';

export const ApiErrorLineSchema = Type.Object({
  pos: Type.Optional(Type.Integer()),
  subpos: Type.Optional(Type.Integer()),
  key: Type.Optional(Type.String()),
});
export type ApiErrorLine = Static<typeof ApiErrorLineSchema>;

export const ApiFieldErrorSchema = Type.Object({
  field: Type.Optional(Type.String({ description: "dotted path of the field, e.g. 'company.address.city'" })),
  line: Type.Optional(ApiErrorLineSchema),
  message: Type.String(),
});
export type ApiFieldError = Static<typeof ApiFieldErrorSchema>;

const errorProperties = {
  message: Type.String(),
  key: Type.String({ description: "stable key of the failure, e.g. 'auth.token-invalid'" }),
  _status: Type.Integer({ description: 'the HTTP status' }),
  data: Type.Object({ errors: Type.Array(ApiFieldErrorSchema) }),
};

export const ApiErrorSchema = Type.Object(errorProperties);
export type ApiErrorBody = Static<typeof ApiErrorSchema>;

/** What each error status means in this API (the description of the OpenAPI response). */
export const ERROR_STATUS_TEXT = {
  400: 'Invalid request: data.errors names each failing field',
  401: 'The authentication token is not valid (or missing)',
  403: 'The caller is not allowed to do this',
  404: "Not found, or outside the caller's scope",
  409: 'Conflict: the document changed meanwhile (stale _version) or its state does not allow this',
  503: 'Too many requests, please try again later (rate limit), or the database does not answer',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_TEXT;

/** The error body for the given statuses, each with its description: `response: {...errorResponses(400, 404)}`. */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S) {
  const out = {} as { [K in S[number]]: typeof ApiErrorSchema };
  for (const status of statuses) {
    (out as Record<number, unknown>)[status] = Type.Object(errorProperties, {
      description: ERROR_STATUS_TEXT[status],
    });
  }
  return out;
}
