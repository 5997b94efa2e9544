/** The caller's groups, organization tree, working context, settings and favorites. */
import { Type, type Static } from 'typebox';
import { DomainSchema } from './config.ts';
import { StringEnum, treeSchema } from './schema.ts';
import { DataFilterSchema, GroupEntrySchema, SessionUserSchema } from './session.ts';

export const ORG_NODE_TYPES = ['company', 'plant'] as const;

const OrgNodeBaseSchema = Type.Object({
  key: Type.String(),
  type: StringEnum(ORG_NODE_TYPES),
  label: Type.String(),
  group: Type.Object({ _id: Type.String() }),
  data: Type.Optional(Type.Object({}, { additionalProperties: true })),
});
/** A company or plant of the organization tree; `children` are nodes of the same shape. */
export interface OrgNode extends Static<typeof OrgNodeBaseSchema> {
  children?: OrgNode[];
}

/**
 * GET /profile/organization/nodes[/{nodeKey}]: one level of the organization tree for a lazy tree
 * (seed 001 section 7, `{childrenUrl}/{nodeId}`): the top-level companies, or a node's children
 * without theirs; an empty list makes the node a leaf.
 */
export const OrgNodeListSchema = Type.Array(OrgNodeBaseSchema);
export type OrgNodeList = Static<typeof OrgNodeListSchema>;

export const GROUP_OPTION_KEYS = [
  'all',
  'assigned',
  'contracts-managed',
  'my-plants',
  'all-groups',
  'created-by-me',
] as const;
export type GroupOptionKey = (typeof GROUP_OPTION_KEYS)[number];

export const GroupOptionSchema = Type.Object({ key: StringEnum(GROUP_OPTION_KEYS), label: Type.String() });
export type GroupOption = Static<typeof GroupOptionSchema>;

/** GET /profile/user/groups */
export const UserGroupsResponseSchema = Type.Object({
  groups: Type.Array(GroupEntrySchema),
  organization: Type.Unsafe<OrgNode[]>({
    type: 'array',
    items: treeSchema(OrgNodeBaseSchema, ['children'], 4),
  }),
  options: Type.Array(GroupOptionSchema),
});
export type UserGroupsResponse = Static<typeof UserGroupsResponseSchema>;

/** GET /profile/group/{groupId}: the group's item and plant filter. */
export const GroupFilterResponseSchema = Type.Object({ filter: DataFilterSchema });
export type GroupFilterResponse = Static<typeof GroupFilterResponseSchema>;

/** GET /profile/user/home/{userId}: where the user's home page sends them, if anywhere. */
export const HomeResponseSchema = Type.Object({ redirect: Type.Optional(Type.String()) });
export type HomeResponse = Static<typeof HomeResponseSchema>;

const nullableText = (max: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/** POST /profile/user/config (validated by TypeBox, so `null` is a union member here). */
export const UserConfigRequestSchema = Type.Object({
  context: Type.Optional(
    Type.Object({
      group: nullableText(100),
      location: nullableText(100),
      plant: nullableText(100),
      workgroup: nullableText(100),
      active: Type.Optional(Type.Union([Type.Literal('organization'), Type.Literal('group'), Type.Null()])),
    }),
  ),
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('pt')])),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  favorites: Type.Optional(
    Type.Object({ model: Type.String({ maxLength: 60 }), id: Type.String({ maxLength: 100 }) }),
  ),
});
export type UserConfigRequest = Static<typeof UserConfigRequestSchema>;

export const UserConfigResponseSchema = Type.Object({
  user: SessionUserSchema,
  /** a domain switch: the session of the caller's account in the other domain, and that domain */
  token: Type.Optional(Type.String()),
  domain: Type.Optional(DomainSchema),
});
export type UserConfigResponse = Static<typeof UserConfigResponseSchema>;

/** One favorite document, in the list of favorites grouped by model (seed 001 section 2.1). */
export const FavoriteGroupSchema = Type.Object({
  label: Type.String(),
  model: Type.String(),
  route: Type.String(),
  items: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), url: Type.String() })),
});
export type FavoriteGroup = Static<typeof FavoriteGroupSchema>;
export const FavoriteListSchema = Type.Array(FavoriteGroupSchema);

/** POST /purchasing/{model}/{id}/favorite: whether the document is a favorite now. */
export const FavoriteToggleSchema = Type.Object({ favorite: Type.Boolean() });
export type FavoriteToggle = Static<typeof FavoriteToggleSchema>;
