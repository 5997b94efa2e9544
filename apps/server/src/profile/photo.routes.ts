import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  binaryResponse,
  described,
  errorResponses,
  PhotoParamsSchema,
  PhotoRemovedSchema,
  PhotoSavedSchema,
  UploadTooLargeSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import { badRequest, PayloadTooLarge } from '../files/file.errors.ts';
import { discardStaged, stageUpload } from '../files/file.upload.ts';
import type { Services } from '../services.ts';

/** The caller's photo on the account page, and the photos of the users the caller may see. */
export const photoRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { files, photos } = services;
  const tags = ['profile'];
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post(
    '/profile/photo',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'savePhoto',
        summary:
          "Set the caller's photo (multipart files[0]): a square PNG image of 16 to 2048 pixels and at most " +
          '2,000,000 bytes, checked before it is kept; it replaces the previous photo',
        consumes: ['multipart/form-data'],
        response: {
          200: described(PhotoSavedSchema, 'The stored photo'),
          413: UploadTooLargeSchema,
          ...errorResponses(400, 401, 503),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Send the photo as multipart/form-data.');
      const auth = caller(req);
      const staged = await stageUpload(req, files.storage, await files.uploadBudget(auth)).catch(
        (err: unknown) => {
          if (err instanceof PayloadTooLarge) void reply.header('connection', 'close');
          throw err;
        },
      );
      try {
        return await photos.upload(auth, staged);
      } finally {
        await discardStaged(files.storage, staged);
      }
    },
  );

  app.delete(
    '/profile/photo',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'removePhoto',
        summary: "Remove the caller's photo (the no-photo placeholder shows instead)",
        response: {
          200: described(PhotoRemovedSchema, 'Whether there was a photo'),
          ...errorResponses(401, 503),
        },
      },
    },
    (req) => photos.remove(caller(req)),
  );

  app.get(
    '/profile/photo/:userId',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getPhoto',
        summary:
          "A user's photo (image/png) for those who may see the user: staff see the photos of their domain, a " +
          'supplier only those of its own company; 404 without a photo or for anybody else',
        params: PhotoParamsSchema,
        response: {
          200: binaryResponse('image/png', 'The photo'),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (req, reply) => {
      const { stream, size, fileId } = await photos.read(caller(req), req.params.userId);
      return reply
        .header('content-type', 'image/png')
        .header('content-length', String(size))
        .header('etag', `"${fileId}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
