import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserActionSchema,
  AdminUserSchema,
  described,
  errorResponses,
  SignUpPolicySchema,
} from '@p2p/domain/api';
import { Type } from 'typebox';
import { caller } from '../auth/auth.hook.ts';
import type { Db } from '../db/database.ts';
import { IdParams } from '../lib/schemas.ts';
import { adminUsersService } from './admin-users.service.ts';

const Action = described(AdminUserActionSchema, 'Done: the user as it is now');

/** Accounts admin (admin or manager; 403 otherwise): pending sign-ups, sign-in locks, sign-up setting. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const admin = adminUsersService(db);
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'listAdminUsers',
        summary: 'Users of the caller domain with their sign-in state (pending first, at most 500)',
        response: {
          200: described(Type.Array(AdminUserSchema), 'The users'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => admin.list(caller(req)),
  );
  for (const [action, summary] of [
    ['approve', 'Approve a pending sign-up: the account becomes active'],
    ['reject', 'Reject a pending sign-up: the account is disabled'],
    ['unlock', 'Lift the sign-in lock (and any running wait) of an account'],
  ] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        config: { policy: 'admin' },
        schema: {
          tags,
          operationId: `${action}AdminUser`,
          summary,
          params: IdParams,
          response: { 200: Action, ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      (req) => admin[action](caller(req), req.params.id),
    );
  }
  app.get(
    '/admin/settings/sign-up',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'getSignUpSetting',
        summary: "The caller domain's sign-up setting",
        response: { 200: described(SignUpPolicySchema, 'The setting'), ...errorResponses(401, 403, 503) },
      },
    },
    (req) => admin.signUpPolicy(caller(req)),
  );
  app.put(
    '/admin/settings/sign-up',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        operationId: 'saveSignUpSetting',
        summary: "Save the caller domain's sign-up setting; 400 names each bad e-mail domain",
        body: SignUpPolicySchema,
        response: {
          200: described(SignUpPolicySchema, 'The setting saved'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => admin.saveSignUpPolicy(caller(req), req.body),
  );
};
