import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  PasswordLinkCheckSchema,
  PasswordLinkSchema,
} from '@p2p/domain/api';
import type { FastifyRequest } from 'fastify';
import { IdParams } from '../lib/schemas.ts';
import type { Services } from '../services.ts';
import { caller } from './auth.hook.ts';

/**
 * Public password-link routes get a tighter window of the API rate limiter on top of the global
 * one, so mails and token probes from one address stay few: with the default RATE_LIMIT_MAX (1000
 * a minute) 5 forgot-password and 30 link checks per 15 minutes; a deployment (or a test run) that
 * raises RATE_LIMIT_MAX raises them in proportion.
 */
const windowOf = (perDefault: number, rateLimitMax: number) => ({
  max: Math.max(perDefault, Math.floor((perDefault * rateLimitMax) / 1000)),
  timeWindow: '15 minutes',
});

/** The address the caller reached the app at (links shown to a signed-in administrator). */
export const requestOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Forgot password, the check of a set-password link, a link an administrator makes. */
export const passwordLinkRoutes: FastifyPluginAsyncTypebox<{
  services: Services;
  rateLimitMax: number;
}> = async (app, { services, rateLimitMax }) => {
  const { auth, passwordLinks } = services;
  const FORGOT_LIMIT = windowOf(5, rateLimitMax);
  const CHECK_LIMIT = windowOf(30, rateLimitMax);

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true, policy: 'public', rateLimit: FORGOT_LIMIT },
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary:
          'Ask for a set-password link: mailed when SMTP is configured, else listed for an ' +
          'administrator. The same answer for every address (no telling who has an account)',
        body: ForgotPasswordRequestSchema,
        response: {
          200: described(ForgotPasswordResponseSchema, 'Received'),
          ...errorResponses(400, 503),
        },
      },
    },
    async (req) => passwordLinks.forgot(await auth.resolveDomain(req.body.domain), req.body),
  );

  app.get(
    '/auth/set-password/:id',
    {
      config: { public: true, policy: 'public', rateLimit: CHECK_LIMIT },
      schema: {
        tags: ['auth'],
        operationId: 'checkPasswordLink',
        summary:
          "Whether a set-password link may be used; 404 with key 'auth.link-used', " +
          "'auth.link-expired' or 'auth.link-invalid' when not",
        params: IdParams,
        response: {
          200: described(PasswordLinkCheckSchema, 'The link may set a password'),
          ...errorResponses(400, 404, 503),
        },
      },
    },
    (req) => passwordLinks.check(req.params.id),
  );

  app.post(
    '/admin/users/:id/password-link',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'createPasswordLink',
        summary:
          'Make a one-time set-password link for an active account (answers a Forgot password ' +
          'request when no mail is configured); the full URL is shown once',
        params: IdParams,
        response: {
          200: described(PasswordLinkSchema, 'The link'),
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    (req) => passwordLinks.adminLink(caller(req), req.params.id, requestOrigin(req)),
  );
};
