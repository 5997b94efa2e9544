import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  MessageSchema,
  OkSchema,
  SessionUserSchema,
  SignInResponseSchema,
  SupplierApprovalResponseSchema,
  SupplierRegistrationResponseSchema,
  SupplierRegistrationSchema,
} from '@p2p/domain/api';
import { Type } from 'typebox';
import { IdParams, TsQuery } from '../lib/schemas.ts';
import type { Services } from '../services.ts';
import { caller } from './auth.hook.ts';
import {
  SetPasswordBody,
  SignInBody,
  SignUpBody,
  SupplierRegistrationBody,
  UserIdParams,
} from './auth.schema.ts';

const publicRoute = { public: true } as const;
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
        summary: 'Sign in',
        body: SignInBody,
        response: {
          200: described(SignInResponseSchema, 'A new session: the bearer token and the user'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => auth.signIn(req.body),
  );

  app.post(
    '/auth/signup',
    {
      config: publicRoute,
      schema: {
        tags,
        operationId: 'signUp',
        summary: 'Self-service sign-up (requester)',
        body: SignUpBody,
        response: {
          201: described(SignInResponseSchema, 'The new account, signed in'),
          ...errorResponses(400, 409, 503),
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
    (req) => auth.setPassword(req.params.id, req.body.password),
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
      schema: {
        tags,
        operationId: 'approveSupplierRegistration',
        summary: 'Approve a registration; answers the set-password link',
        params: IdParams,
        response: {
          200: described(SupplierApprovalResponseSchema, 'Approved: the one-time set-password link'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => supplierRegistrations.approve(caller(req), req.params.id),
  );

  app.post(
    '/auth/supplier-registrations/:id/reject',
    {
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
