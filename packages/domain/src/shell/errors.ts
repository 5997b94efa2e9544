import type { ApiErrorBody } from '../api/contract.ts';

/**
 * The message of a failed call (seed 000 section 8): the server's error list joined by commas, else
 * the server message, else status and status text.
 */
export function errorMessage(
  body: Partial<ApiErrorBody> | null | undefined,
  status: number,
  statusText: string,
): string {
  const list = body?.data?.errors?.map((e) => e.message).filter(Boolean) ?? [];
  if (list.length) return list.join(', ');
  if (body?.message) return body.message;
  return `${status} ${statusText}`.trim();
}

/** A 401 whose message says the authentication token is not valid signs the user out. */
export const isInvalidTokenError = (status: number, message: string | undefined): boolean =>
  status === 401 && /authentication token is not valid/i.test(message ?? '');
