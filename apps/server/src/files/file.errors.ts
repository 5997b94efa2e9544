import type { UploadRefusal } from '@p2p/domain';
import { AppError, notFound } from '../lib/app-error.ts';

/**
 * 413 in the app's error shape. AppError maps its codes to 400..503 only; the upload limits answer
 * 413 Payload Too Large, so this subclass overrides the status (a `payload_too_large: 413` code in
 * lib/app-error.ts would make it an ordinary AppError).
 */
export class PayloadTooLarge extends AppError {
  override readonly statusCode: number = 413;
  constructor(refusal: UploadRefusal) {
    super('bad_request', refusal.message, {
      key: refusal.key,
      errors: [{ field: 'files', message: refusal.message }],
    });
  }
}

export const badRequest = (message: string, key = 'files.invalid') =>
  new AppError('bad_request', message, { key });

export const fileNotFound = () => notFound('File not found.');

/** One answer for a download token that is forged, expired, for another file or purpose. */
export const downloadLinkInvalid = () =>
  new AppError('unauthorized', 'This download link is not valid or has expired.', {
    key: 'files.link-invalid',
  });
