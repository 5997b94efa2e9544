import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  MessageSchema,
  OkSchema,
  SessionUserSchema,
  SignInResponseSchema,
  SignUpPolicySchema,
  SignUpResponseSchema,
  SupplierApprovalResponseSchema,
  SupplierRegistrationResponseSchema,
  SupplierRegistrationSchema,
} from '@p2p/domain/api';
import { Type } from 'typebox';
import { IdParams, TsQuery } from '../lib/schemas.ts';
import type { Services } from '../services.ts';
import { caller } from './auth.hook.ts';
import { requestOrigin } from './password-link.routes.ts';
import { SignInThrottled } from './sign-in-throttle.ts';
import {
  SetPasswordBody,
  SignInBody,
  SignUpBody,
  SignUpPolicyQuery,
  SupplierRegistrationBody,
  UserIdParams,
} from './auth.schema.ts';

const publicRoute = { public: true, policy: 'public' } as const;
const tags = ['auth'];

/** Sign-in, sign-up, password links and supplier registration. */
export const authRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { auth, supplierRegistrations } = services;

  app.post(
    '/auth/signin',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'signIn',
        summary:
          'Sign in. Failures are throttled per account and per address: 503 with Retry-After while ' +
          "a wait runs, 503 key 'auth.account-locked' once an administrator must unlock the account",
        body: SignInBody,
        response: {
          200: described(SignInResponseSchema, 'A new session: the bearer token and the user'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (req, reply) => {
      try {
        return await auth.signIn(req.body, req.ip);
      } catch (err) {
        if (err instanceof SignInThrottled && err.retryAfterSeconds)
          void reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.get(
    '/auth/signup-policy',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'getSignUpPolicy',
        summary: "The domain's sign-up setting: off, domains (listed e-mail domains) or approval",
        querystring: SignUpPolicyQuery,
        response: {
          200: described(SignUpPolicySchema, 'The mode and the e-mail domains it admits'),
          ...errorResponses(400, 503),
        },
      },
    },
    (req) => auth.signUpPolicy(req.query.domain),
  );

  app.post(
    '/auth/signup',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'signUp',
        summary: "Self-service sign-up (requester), as the domain's sign-up setting allows",
        body: SignUpBody,
        response: {
          201: described(
            SignUpResponseSchema,
            'The new account: active and signed in (token, user), or pending until approved',
          ),
          ...errorResponses(400, 403, 409, 503),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.signUp(req.body)),
  );

  app.post(
    '/auth/set-password/:id',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'setPassword',
        summary: 'Set a password through a one-time link',
        params: IdParams,
        body: SetPasswordBody,
        response: { 200: described(MessageSchema, 'Password set'), ...errorResponses(400, 404, 503) },
      },
    },
    (req) => services.passwordLinks.setPassword(req.params.id, req.body.password),
  );

  app.post(
    '/auth/supplier-registration',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'registerSupplier',
        summary: 'Register a supplier (waits for approval)',
        body: SupplierRegistrationBody,
        response: {
          201: described(SupplierRegistrationResponseSchema, 'The registration, pending'),
          ...errorResponses(400, 409, 503),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await supplierRegistrations.register(req.body)),
  );

  app.get(
    '/auth/supplier-registrations',
    {
      config: { policy: 'supplier-manager' },
      schema: {
        tags,
        operationId: 'listSupplierRegistrations',
        summary: 'Pending supplier registrations (manager-supplier, admin)',
        response: {
          200: described(Type.Array(SupplierRegistrationSchema), 'Registrations waiting for a decision'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => supplierRegistrations.listPending(caller(req)),
  );

  app.post(
    '/auth/supplier-registrations/:id/approve',
    {
      config: { policy: 'supplier-manager' },
      schema: {
        tags,
        operationId: 'approveSupplierRegistration',
        summary:
          'Approve a registration; answers the set-password link (also mailed to the contact when SMTP is configured)',
        params: IdParams,
        response: {
          200: described(SupplierApprovalResponseSchema, 'Approved: the one-time set-password link'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => supplierRegistrations.approve(caller(req), req.params.id, requestOrigin(req)),
  );

  app.post(
    '/auth/supplier-registrations/:id/reject',
    {
      config: { policy: 'supplier-manager' },
      schema: {
        tags,
        operationId: 'rejectSupplierRegistration',
        summary: 'Reject a registration',
        params: IdParams,
        response: {
          200: described(MessageSchema, 'Rejected'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => supplierRegistrations.reject(caller(req), req.params.id),
  );

  app.get(
    '/profile/user/signout/:userId',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Sign out (revokes the current token)',
        params: UserIdParams,
        querystring: TsQuery,
        response: { 200: described(OkSchema, 'Signed out'), ...errorResponses(400, 401, 403, 503) },
      },
    },
    (req) => auth.signOut(caller(req), req.params.userId),
  );

  app.get(
    '/profile/user/me',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'getSessionUser',
        summary: 'The signed-in user',
        response: {
          200: described(SessionUserSchema, 'The signed-in user'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    async (req) => caller(req).user,
  );
};
