import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UserIdParams } from '../auth/auth.schema.ts';
import { caller } from '../auth/auth.hook.ts';
import { TsQuery } from '../lib/schemas.ts';
import type { Services } from '../services.ts';

const Nullable = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

const UserConfigBody = Type.Object({
  context: Type.Optional(
    Type.Object({
      group: Nullable(100),
      location: Nullable(100),
      plant: Nullable(100),
      workgroup: Nullable(100),
      active: Type.Optional(Type.Union([Type.Literal('organization'), Type.Literal('group'), Type.Null()])),
    }),
  ),
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('pt')])),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  favorites: Type.Optional(
    Type.Object({ model: Type.String({ maxLength: 60 }), id: Type.String({ maxLength: 100 }) }),
  ),
});

const GroupParams = Type.Object({ groupId: Type.String({ minLength: 1, maxLength: 100 }) });

/** The caller's groups, organization tree, settings and home redirect. */
export const profileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { profile } = services;

  app.get(
    '/profile/user/groups',
    { schema: { tags: ['profile'], summary: 'Groups, organization tree and list options' } },
    (req) => profile.groups(caller(req)),
  );

  app.get(
    '/profile/group/:groupId',
    { schema: { tags: ['profile'], summary: "A group's filter data", params: GroupParams } },
    (req) => profile.groupFilter(caller(req), req.params.groupId),
  );

  app.post(
    '/profile/user/config',
    { schema: { tags: ['profile'], summary: 'Save the working context and language', body: UserConfigBody } },
    (req) => profile.saveConfig(caller(req), req.body),
  );

  app.get(
    '/profile/user/home/:userId',
    {
      schema: {
        tags: ['profile'],
        summary: 'Home redirect of the user, if any',
        params: UserIdParams,
        querystring: TsQuery,
      },
    },
    (req) => profile.home(caller(req), req.params.userId),
  );
};
