/**
 * Building blocks of the answer schemas. The server serialises every answer with
 * fast-json-stringify from these schemas, and @fastify/swagger turns them into the OpenAPI 3.0
 * description, so they stay inside what both read quickly and exactly:
 * - `null` is a second `type` (`type: ['string', 'null']`), never an `anyOf` (an `anyOf` makes the
 *   serialiser validate every value to pick a branch); the OpenAPI output turns it into `nullable`.
 * - fast-json-stringify writes only declared properties: an object whose keys are configurable
 *   data says `additionalProperties: true`, or those keys are silently dropped.
 * - A property goes in `required` only when every answer has it: a missing required property makes
 *   the serialiser throw.
 * These helpers are for answers; request schemas (validated by TypeBox) keep `Type.Union` with
 * `Type.Null()`.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox';

/** The static type of an object schema with `additionalProperties: true`: its other keys are data. */
export type WithData<T> = T & { [key: string]: unknown };

/** `schema` or null, as a second JSON type. */
export function OrNull<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  const raw = schema as unknown as { type?: unknown; enum?: unknown[] };
  if (typeof raw.type !== 'string') throw new Error('OrNull takes a schema with one JSON type');
  // an enum must list null too, or null would not be one of its values
  const nullEnum = raw.enum ? { enum: [...raw.enum, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [raw.type, 'null'], ...nullEnum });
}

/** `schema` with the description of the answer (the OpenAPI response description). */
export const described = <T extends TSchema>(schema: T, description: string) =>
  Type.Unsafe<Static<T>>({ ...schema, description });

/** One of a fixed list of texts, as `enum` (one check per value, no branch to pick). */
export function StringEnum<const V extends readonly string[]>(
  values: V,
  options: { description?: string } = {},
) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/** A decimal amount: stored numerics answer as text ('1234.50'); client-sent values may be numbers. */
export const AmountSchema = Type.Unsafe<string | number>({
  type: ['string', 'number'],
  description: 'decimal amount, as text (numeric columns) or a number',
});

/** A plain text, or one text per language ({en, pt}) where the configuration is not localised. */
export const LabelSchema = Type.Unsafe<string | Record<string, string>>({
  type: ['string', 'object'],
  additionalProperties: { type: 'string' },
  description: 'a text, or one text per language ({en, pt})',
});

/** ISO 8601 timestamp text, e.g. '2026-11-26T05:38:01.000Z'. */
export const IsoTimeSchema = Type.String({ description: 'ISO 8601 timestamp' });

/** Any JSON value (configurable data); serialised as it is. */
export const AnyJsonSchema = Type.Unsafe<unknown>({ description: 'any JSON value' });

/** {_id, name}: a user, a supplier. */
export const NamedRefSchema = Type.Object({ _id: Type.String(), name: Type.String() });
export type NamedRef = Static<typeof NamedRefSchema>;

/** {ok: true}: a removal or sign-out that answers nothing else. */
export const OkSchema = Type.Object({ ok: Type.Literal(true) });
export type OkResponse = Static<typeof OkSchema>;

/** {message}: an action whose answer is a sentence for the user. */
export const MessageSchema = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageSchema>;

/**
 * Paging of every list answer (documents, search, look-ups). `count` is null unless asked for
 * (c=1); `estimated: true` (only then present) says the count is the planner's estimate.
 */
export const ListOptionsSchema = Type.Object({
  count: OrNull(Type.Integer()),
  page: Type.Integer({ minimum: 1 }),
  pagesize: Type.Integer({ minimum: 1 }),
  estimated: Type.Optional(Type.Literal(true)),
});
export type ListOptions = Static<typeof ListOptionsSchema>;

/** {items, options}: one page of a list. */
export const PageSchema = <T extends TSchema>(item: T, options: { description?: string } = {}) =>
  Type.Object({ items: Type.Array(item), options: ListOptionsSchema }, options);

/**
 * The schema of a tree of `node`s, `levels` deep, whose deeper levels are written as they are:
 * recursion ($ref) would need shared schema ids in both the serialiser and the OpenAPI output, and
 * the trees served (navigation, organization) are two or three levels.
 */
export function treeSchema(
  node: TObject,
  childKeys: readonly string[],
  levels: number,
): Record<string, unknown> {
  const below =
    levels > 1
      ? treeSchema(node, childKeys, levels - 1)
      : { type: 'object', additionalProperties: true, description: 'a node of the same shape' };
  const children = Object.fromEntries(childKeys.map((k) => [k, { type: 'array', items: below }]));
  return { ...node, properties: { ...node.properties, ...children } };
}
