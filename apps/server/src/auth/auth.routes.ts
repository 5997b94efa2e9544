import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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

/** Sign-in, sign-up, password links and supplier registration. */
export const authRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { auth, supplierRegistrations } = services;

  app.post(
    '/auth/signin',
    { config: publicRoute, schema: { tags: ['auth'], summary: 'Sign in', body: SignInBody } },
    (req) => auth.signIn(req.body),
  );

  app.post(
    '/auth/signup',
    {
      config: publicRoute,
      schema: { tags: ['auth'], summary: 'Self-service sign-up (requester)', body: SignUpBody },
    },
    async (req, reply) => reply.status(201).send(await auth.signUp(req.body)),
  );

  app.post(
    '/auth/set-password/:id',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Set a password through a one-time link',
        params: IdParams,
        body: SetPasswordBody,
      },
    },
    (req) => auth.setPassword(req.params.id, req.body.password),
  );

  app.post(
    '/auth/supplier-registration',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Register a supplier (waits for approval)',
        body: SupplierRegistrationBody,
      },
    },
    async (req, reply) => reply.status(201).send(await supplierRegistrations.register(req.body)),
  );

  app.get(
    '/auth/supplier-registrations',
    { schema: { tags: ['auth'], summary: 'Pending supplier registrations (manager-supplier, admin)' } },
    (req) => supplierRegistrations.listPending(caller(req)),
  );

  app.post(
    '/auth/supplier-registrations/:id/approve',
    {
      schema: {
        tags: ['auth'],
        summary: 'Approve a registration; answers the set-password link',
        params: IdParams,
      },
    },
    (req) => supplierRegistrations.approve(caller(req), req.params.id),
  );

  app.post(
    '/auth/supplier-registrations/:id/reject',
    { schema: { tags: ['auth'], summary: 'Reject a registration', params: IdParams } },
    (req) => supplierRegistrations.reject(caller(req), req.params.id),
  );

  app.get(
    '/profile/user/signout/:userId',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out (revokes the current token)',
        params: UserIdParams,
        querystring: TsQuery,
      },
    },
    (req) => auth.signOut(caller(req), req.params.userId),
  );

  app.get(
    '/profile/user/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user' } },
    async (req) => caller(req).user,
  );
};
