import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  described,
  errorResponses,
  GroupFilterResponseSchema,
  HomeResponseSchema,
  OrgNodeListSchema,
  UserConfigResponseSchema,
  UserGroupsResponseSchema,
} from '@p2p/domain/api';
import { UserIdParams } from '../auth/auth.schema.ts';
import { caller } from '../auth/auth.hook.ts';
import { TsQuery } from '../lib/schemas.ts';
import type { Services } from '../services.ts';
import { GroupParams, OrgNodeParams, UserConfigBody } from './profile.schema.ts';

/** The caller's groups, organization tree, settings and home redirect. */
export const profileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { profile } = services;
  const tags = ['profile'];

  app.get(
    '/profile/user/groups',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'getUserGroups',
        summary: 'Groups, organization tree and list options',
        response: {
          200: described(UserGroupsResponseSchema, 'The groups, tree and group-list options of the caller'),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    (req) => profile.groups(caller(req)),
  );

  // one level of the organization tree for lazy tree fields ({childrenUrl}/{nodeId})
  const levelSchema = (operationId: string, summary: string) => ({
    tags,
    operationId,
    summary,
    response: {
      200: described(OrgNodeListSchema, 'The nodes of that level, without their children; [] for a leaf'),
      ...errorResponses(400, 401, 403, 404, 503),
    },
  });
  app.get(
    '/profile/organization/nodes',
    {
      config: { policy: 'self' },
      schema: levelSchema('getOrganizationRoots', "The top level of the caller's organization tree"),
    },
    (req) => profile.organizationLevel(caller(req)),
  );
  app.get(
    '/profile/organization/nodes/:nodeKey',
    {
      config: { policy: 'self' },
      schema: {
        ...levelSchema('getOrganizationChildren', 'The children of a node of the organization tree'),
        params: OrgNodeParams,
      },
    },
    (req) => profile.organizationLevel(caller(req), req.params.nodeKey),
  );

  app.get(
    '/profile/group/:groupId',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'getGroupFilter',
        summary: "A group's filter data",
        params: GroupParams,
        response: {
          200: described(GroupFilterResponseSchema, 'The item and plant filter of the group'),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => profile.groupFilter(caller(req), req.params.groupId),
  );

  app.post(
    '/profile/user/config',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'saveUserConfig',
        summary:
          'Save the working context and the language; favorites removes that favorite; domain switches ' +
          "to the caller's account in another domain (answers its token and the domain)",
        body: UserConfigBody,
        response: {
          200: described(
            UserConfigResponseSchema,
            'The user as saved (and the new session on a domain switch)',
          ),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    (req) => profile.saveConfig(caller(req), req.body),
  );

  app.get(
    '/profile/user/home/:userId',
    {
      config: { policy: 'self' },
      schema: {
        tags,
        operationId: 'getHome',
        summary: 'Home redirect of the user, if any',
        params: UserIdParams,
        querystring: TsQuery,
        response: {
          200: described(HomeResponseSchema, 'Where the home page sends the user, if anywhere'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    (req) => profile.home(caller(req), req.params.userId),
  );
};
