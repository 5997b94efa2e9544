/**
 * Application configuration (public), routes, navigation, help, and the configuration of the
 * document models (seed 000 sections 2, 3 and 7).
 */
import { Type, type Static } from 'typebox';
import type { ModelConfig } from '../documents/types.ts';
import { TAX_GROUPS } from '../money/supplier-view.ts';
import { IsoTimeSchema, LabelSchema, OrNull, StringEnum, treeSchema } from './schema.ts';

export const DomainSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  theme: Type.String(),
  logo: Type.String(),
});
export type Domain = Static<typeof DomainSchema>;

export const VIEW_KINDS = [
  'model',
  'list',
  'obj',
  'invoicesObj',
  'search',
  'help',
  'chat',
  'query',
  'notfound',
  'config-rule',
] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export const LAYOUTS = ['default', 'empty', 'read', 'large'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** A route of the server configuration (the fixed routes live in the web app). */
export const RouteConfigSchema = Type.Object({
  path: Type.String(),
  name: Type.String(),
  view: StringEnum(VIEW_KINDS),
  meta: Type.Object(
    {
      model: Type.Optional(Type.String()),
      form: Type.Optional(Type.Boolean()),
      nav: Type.Optional(Type.String()),
      title: Type.Optional(Type.String()),
      layout: Type.Optional(StringEnum(LAYOUTS)),
    },
    { additionalProperties: true },
  ),
});
export type RouteConfig = Static<typeof RouteConfigSchema>;

export const UiFlagsSchema = Type.Object({
  notifications: Type.Boolean(),
  assistant: Type.Boolean(),
  reload: Type.Boolean(),
  domain: Type.Boolean(),
  chat: Type.Boolean(),
});
export type UiFlags = Static<typeof UiFlagsSchema>;

export const ChatSettingsSchema = Type.Object({
  enabled: Type.Boolean(),
  token: Type.Optional(Type.String()),
  host: Type.Optional(Type.String()),
  widget: Type.Optional(Type.String()),
});
export type ChatSettings = Static<typeof ChatSettingsSchema>;

/** The offline notice an administrator sets (seed 000 section 3, settings: offline {ts, message}). */
export const OfflineNoticeSchema = Type.Object({ ts: IsoTimeSchema, message: Type.String() });
export type OfflineNotice = Static<typeof OfflineNoticeSchema>;

/** GET /config/app/{lang}: public, read before sign-in. */
export const AppConfigSchema = Type.Object({
  version: Type.String(),
  languages: Type.Array(Type.String()),
  defaultLang: Type.String(),
  flags: UiFlagsSchema,
  maintenance: Type.Boolean(),
  externalLoginUrl: OrNull(Type.String(), {
    description: 'When set, signed-out users go here instead of /signin.',
  }),
  publicRoutes: Type.Array(Type.String()),
  routes: Type.Array(RouteConfigSchema, {
    description:
      'Further routes from server configuration (the fixed ones live in the web app). Empty in maintenance.',
  }),
  domains: Type.Array(DomainSchema),
  chat: ChatSettingsSchema,
  offline: OrNull(OfflineNoticeSchema),
});
export type AppConfig = Static<typeof AppConfigSchema>;

/** GET /config/routes/{lang}: the configured routes (the offline poll). */
export const RoutesResponseSchema = Type.Object({ routes: Type.Array(RouteConfigSchema) });
export type RoutesResponse = Static<typeof RoutesResponseSchema>;

const NavNodeSchema = Type.Object({
  label: Type.String(),
  icon: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
});
/** A sidebar entry; `children` and `next` are entries of the same shape. */
export interface NavItem extends Static<typeof NavNodeSchema> {
  children?: NavItem[];
  next?: NavItem[];
}
/** GET /config/navigation/{lang}: the sidebar of the caller. */
export const NavigationSchema = Type.Unsafe<NavItem[]>({
  type: 'array',
  items: treeSchema(NavNodeSchema, ['children', 'next'], 4),
});

export const HelpLinkSchema = Type.Object({ label: Type.String(), url: Type.String() });
export type HelpLink = Static<typeof HelpLinkSchema>;

/** GET /config/help/{lang}/{doc} */
export const HelpDocSchema = Type.Object({
  doc: Type.String(),
  topic: Type.String(),
  title: Type.String(),
  manualUrl: Type.String(),
  links: Type.Array(HelpLinkSchema),
  content: Type.String({ description: 'sanitized HTML produced by the server from its help sources' }),
});
export type HelpDoc = Static<typeof HelpDocSchema>;

// ---- the configuration of the document models (configurable data: every level keeps unknown keys)

/** A field of a list, a form or a line table; other keys of the field configuration pass as they are. */
export const FieldConfigResponseSchema = Type.Object(
  {
    src: Type.String({
      description: "dotted path into the document (or the line): 'risk.gdpr', 'doc.subtype'",
    }),
    type: Type.String({ description: 'a field type of the registry, or ref_<name>' }),
    label: Type.Optional(LabelSchema),
  },
  { additionalProperties: true, description: 'field configuration (seed 000 section 3)' },
);

const ModelConfigObjectSchema = Type.Object(
  {
    name: Type.String(),
    label: Type.Optional(LabelSchema),
    subtypes: Type.Optional(Type.Array(Type.Object({ key: Type.String(), label: LabelSchema }))),
    list: Type.Object(
      {
        options: Type.Optional(Type.Object({}, { additionalProperties: true })),
        fields: Type.Array(FieldConfigResponseSchema),
      },
      { additionalProperties: true },
    ),
    form: Type.Object(
      {
        options: Type.Optional(Type.Object({}, { additionalProperties: true })),
        fields: Type.Array(FieldConfigResponseSchema),
        groups: Type.Optional(
          Type.Array(
            Type.Object(
              {
                key: Type.String(),
                label: Type.Optional(LabelSchema),
                collapsed: Type.Optional(Type.Boolean()),
                fields: Type.Array(Type.String()),
              },
              { additionalProperties: true },
            ),
          ),
        ),
        form_ref: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
    search: Type.Optional(Type.Array(Type.String())),
    sort: Type.Optional(Type.Array(Type.String())),
    actions: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String(),
            label: Type.Optional(LabelSchema),
            permission: Type.Optional(Type.String()),
          },
          { additionalProperties: true },
        ),
      ),
    ),
    permissions: Type.Optional(Type.Object({}, { additionalProperties: true })),
    workflow: Type.Optional(
      Type.Object(
        {
          states: Type.Array(Type.Object({}, { additionalProperties: true })),
          transitions: Type.Array(Type.Object({}, { additionalProperties: true })),
          repeats: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: true },
      ),
    ),
    readonly: Type.Optional(Type.Array(Type.String())),
    submodels: Type.Optional(Type.Array(Type.String())),
    _v: Type.Integer({ description: 'the configuration version; ?_v= asks for it again' }),
  },
  { additionalProperties: true },
);
/** GET /config/model/{lang}/{model}: the model configuration, labels in the asked language. */
export const ModelConfigResponseSchema = Type.Unsafe<ModelConfig & { _v: number }>(ModelConfigObjectSchema);
export type ModelConfigResponse = ModelConfig & { _v: number };

/** GET /config/formGroupFields/{key}: the fields of one form group ('{model}.{group}'). */
export const FormGroupFieldsSchema = Type.Object({
  model: Type.String(),
  key: Type.String(),
  label: LabelSchema,
  fields: Type.Array(FieldConfigResponseSchema),
});
export type FormGroupFields = Static<typeof FormGroupFieldsSchema>;
/** POST /config/formGroupFields: the fields of several form groups, by group id. */
export const FormGroupFieldsMapSchema = Type.Record(Type.String(), FormGroupFieldsSchema);

/** GET /config/subtype: the subtypes of each model that has some, by model. */
export const SubtypesResponseSchema = Type.Record(
  Type.String(),
  Type.Array(Type.Object({ key: Type.String(), label: LabelSchema })),
);
export type SubtypesResponse = Static<typeof SubtypesResponseSchema>;

const KeyLabel = { key: Type.String(), label: Type.String() };
export const TaxCodeSchema = Type.Object({
  key: Type.String(),
  value: Type.Number({ description: 'rate in percent' }),
  group: StringEnum(TAX_GROUPS),
  label: Type.String(),
});
export type TaxCode = Static<typeof TaxCodeSchema>;

/** GET /config/purchasing: models, currencies, tax codes and price conditions. */
export const PurchasingConfigSchema = Type.Object({
  models: Type.Array(Type.Object({ ...KeyLabel, label: LabelSchema, route: Type.String() })),
  currencies: Type.Array(Type.Object(KeyLabel)),
  defaultCurrency: Type.String(),
  taxCodes: Type.Array(TaxCodeSchema),
  priceConditions: Type.Array(Type.Object({ ...KeyLabel, kind: StringEnum(['percent', 'amount']) })),
});
export type PurchasingConfig = Static<typeof PurchasingConfigSchema>;

/** PUT /config/offline: the notice users see on the offline screen; null clears it. */
export const OfflineRequestSchema = Type.Object({
  message: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
});
export type OfflineRequest = Static<typeof OfflineRequestSchema>;
export const OfflineResponseSchema = Type.Object({ offline: OrNull(OfflineNoticeSchema) });
export type OfflineResponse = Static<typeof OfflineResponseSchema>;
