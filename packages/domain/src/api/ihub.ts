/**
 * The integration monitor (seed 000 section 7: GET /ihub/{log|tracking}/{model}, optional
 * format=xlsx): the ERP messages of the caller's tenant with their status, attempts, payload and
 * answer (credentials masked), and the operator's actions retry, cancel and correct-and-resend.
 */
import { Type, type Static } from 'typebox';
import { AnyJsonSchema, IsoTimeSchema, OrNull } from './schema.ts';

export const IHUB_STATUSES = ['queued', 'running', 'done', 'failed', 'dead', 'cancelled'] as const;
export type IhubStatus = (typeof IHUB_STATUSES)[number];
const StatusSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
  Type.Literal('dead'),
  Type.Literal('cancelled'),
]);

export const IhubMessageSchema = Type.Object({
  _id: Type.String(),
  direction: Type.Union([Type.Literal('out'), Type.Literal('in')]),
  interface: Type.String({ description: "'order.create', 'goods-receipt.post', ..." }),
  model: Type.String(),
  document: OrNull(Type.Object({ _id: Type.String(), key: OrNull(Type.String()), state: Type.String() })),
  status: StatusSchema,
  externalRef: Type.String(),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  nextAt: IsoTimeSchema,
  erpKey: OrNull(Type.String()),
  error: Type.Unsafe<unknown>({
    ...AnyJsonSchema,
    description: 'kind, message and the ERP messages per field and line',
  }),
  payload: Type.Optional(
    Type.Unsafe<unknown>({ ...AnyJsonSchema, description: 'what was sent (credentials masked)' }),
  ),
  answer: Type.Unsafe<unknown>({ ...AnyJsonSchema, description: "the ERP's last answer" }),
  createdAt: IsoTimeSchema,
  updatedAt: IsoTimeSchema,
});
export type IhubMessage = Static<typeof IhubMessageSchema>;

export const IhubListRequestSchema = Type.Object({
  status: Type.Optional(StatusSchema),
  p: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  l: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  format: Type.Optional(Type.Literal('xlsx')),
});
export type IhubListRequest = Static<typeof IhubListRequestSchema>;

export const IhubListSchema = Type.Object({
  items: Type.Array(IhubMessageSchema),
  options: Type.Object({ count: Type.Integer(), page: Type.Integer(), pagesize: Type.Integer() }),
});
export type IhubList = Static<typeof IhubListSchema>;

export const IhubModelParamsSchema = Type.Object({
  model: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: "a model name, or 'all'" }),
});
export const IhubIdParamsSchema = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });

export const IhubResendSchema = Type.Object({
  payload: Type.Unsafe<Record<string, unknown>>({ type: 'object', description: 'the corrected payload' }),
});

export const IhubStatusSchema = Type.Object({
  mode: Type.Union([Type.Literal('erp'), Type.Literal('simulator'), Type.Literal('off')]),
  /** the server's own sentence, in English, as its log says it */
  describe: Type.String(),
  /** where the integration sends, without credentials (the app words the rest in the reader's language) */
  target: Type.Optional(Type.String()),
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type IhubStatusInfo = Static<typeof IhubStatusSchema>;

/** UNSPSC codes (GET /unspsc): the tree level by level (parent) or a search (q: code prefix or words). */
export const UnspscCodeSchema = Type.Object({
  code: Type.String({ pattern: '^[0-9]{8}$' }),
  title: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 4, description: '1 segment, 2 family, 3 class, 4 commodity' }),
  parent: OrNull(Type.String()),
});
export type UnspscCode = Static<typeof UnspscCodeSchema>;
export const UnspscQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  parent: Type.Optional(Type.String({ pattern: '^[0-9]{8}$' })),
});
export const UnspscListSchema = Type.Object({ items: Type.Array(UnspscCodeSchema) });
export type UnspscList = Static<typeof UnspscListSchema>;

/** POST /admin/unspsc/import: the official file's rows as CSV (Segment, Segment Title, Family, ...). */
export const UnspscImportSchema = Type.Object({ csv: Type.String({ maxLength: 20_000_000 }) });
export const UnspscImportResultSchema = Type.Object({ imported: Type.Integer() });

/**
 * The tenant's mapping from an UNSPSC code prefix (2, 4, 6 or 8 digits) to an ERP material group
 * (GET, PUT and DELETE /admin/unspsc/groups): a line's code takes the group of its longest mapped
 * prefix; a code with none is outside the scope of the integration.
 */
export const UnspscGroupSchema = Type.Object({
  prefix: Type.String({ pattern: '^([0-9]{2}){1,4}$' }),
  materialGroup: Type.String({ minLength: 1, maxLength: 20 }),
  /** the title of the code the prefix names (its zeros filled in), when the code set holds it */
  title: OrNull(Type.String()),
});
export type UnspscGroup = Static<typeof UnspscGroupSchema>;
export const UnspscGroupListSchema = Type.Object({ items: Type.Array(UnspscGroupSchema) });
export type UnspscGroupList = Static<typeof UnspscGroupListSchema>;
export const UnspscGroupParamsSchema = Type.Object({
  prefix: Type.String({ pattern: '^([0-9]{2}){1,4}$' }),
});
/** GET /unspsc/material-group?code=: the group a code maps to in the caller's tenant; null: out of scope. */
export const UnspscScopeQuerySchema = Type.Object({ code: Type.String({ pattern: '^[0-9]{8}$' }) });
export const UnspscScopeSchema = Type.Object({ code: Type.String(), materialGroup: OrNull(Type.String()) });
export type UnspscScope = Static<typeof UnspscScopeSchema>;
export const UnspscGroupBodySchema = Type.Object({
  materialGroup: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
});

/**
 * An item's UNSPSC code set by hand (PUT /ihub/items/{code}/unspsc, ihub roles and administrators):
 * an 8-digit code of the code set, or null to clear it. The ERP import keeps a hand-set code when
 * the ERP gives none for the material, and replaces it when it gives one.
 */
export const ItemUnspscParamsSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 100, description: "the item's code in the catalogue" }),
});
export const ItemUnspscBodySchema = Type.Object({
  unspsc: OrNull(Type.String({ pattern: '^[0-9]{8}$', description: 'a code of the UNSPSC code set' })),
});
export type ItemUnspscBody = Static<typeof ItemUnspscBodySchema>;
export const ItemUnspscSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  unspsc: OrNull(Type.String()),
  /** the title of the code in the code set */
  title: OrNull(Type.String()),
  materialGroup: OrNull(Type.String()),
});
export type ItemUnspsc = Static<typeof ItemUnspscSchema>;
