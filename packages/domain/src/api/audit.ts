/** The audit trail: GET /audit (a page of events) and GET /audit/export (the same filters as CSV). */
import { Type, type Static } from 'typebox';
import { AnyJsonSchema, IsoTimeSchema, OrNull } from './schema.ts';

const ChangedValues = Type.Unsafe<Record<string, unknown> | null>({
  type: ['object', 'null'],
  additionalProperties: true,
  description: "changed paths ('data.description', 'lines.0.price') with their values; null: did not exist",
});

export const AuditEventSchema = Type.Object({
  _id: Type.String(),
  at: IsoTimeSchema,
  actor: Type.Object({
    _id: OrNull(Type.String(), { description: 'null for the system; kept after the user is removed' }),
    username: OrNull(Type.String()),
    address: OrNull(Type.String(), { description: 'the address the change came from' }),
  }),
  entity: Type.String({ description: "'document', 'model-config', 'settings', 'user', ..." }),
  entityId: Type.String(),
  model: OrNull(Type.String()),
  action: Type.String({ description: "'create', 'update', 'transition', 'purge', ..." }),
  before: ChangedValues,
  after: ChangedValues,
  detail: Type.Unsafe<unknown>({
    ...AnyJsonSchema,
    description: 'what else explains the change (workflow action and comment, source of a copy)',
  }),
});
export type AuditEvent = Static<typeof AuditEventSchema>;

/** GET /audit: one page of events, newest first. */
export const AuditListSchema = Type.Object({
  data: Type.Array(AuditEventSchema),
  count: Type.Integer({ description: 'every matching event (estimated above 10,000 when flagged)' }),
  estimated: Type.Optional(Type.Literal(true)),
});
export type AuditList = Static<typeof AuditListSchema>;

const Text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) }));
const Day = (description: string) =>
  Type.Optional(
    Type.String({
      description,
      pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
    }),
  );

/** The filters of GET /audit and GET /audit/export (each optional; all of them must hold). */
export const AuditFilterRequestSchema = Type.Object({
  entity: Text(40),
  entity_id: Text(100),
  model: Text(60),
  actor: Text(100, 'username (or user id) of who made the change'),
  action: Text(40),
  from: Day('from this day (yyyy-MM-dd, UTC) or instant (ISO 8601) on'),
  to: Day('up to and including this day (yyyy-MM-dd, UTC), or before this instant'),
});
export type AuditFilterRequest = Static<typeof AuditFilterRequestSchema>;

/** GET /audit: the filters plus p page (1) and l page size (30, at most 200), like the document lists. */
export const AuditListRequestSchema = Type.Object({
  ...AuditFilterRequestSchema.properties,
  p: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  l: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|1[0-9]{2}|200)$' })),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AuditListRequest = Static<typeof AuditListRequestSchema>;

/** GET /audit/export: the filters plus format (csv, the only one). */
export const AuditExportRequestSchema = Type.Object({
  ...AuditFilterRequestSchema.properties,
  format: Type.Optional(Type.Literal('csv')),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AuditExportRequest = Static<typeof AuditExportRequestSchema>;
