import { UOM_CLASSES } from '@p2p/domain/api';
import { Type } from 'typebox';

/**
 * Query strings are not coerced: q look-up text, p page (1), l page size (10, at most 100),
 * c '1'/'true' to count, ts cache-buster. With a text, pages reach down to row 1000 (p * l).
 */
export const LookupQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  p: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  l: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$' })),
  c: Type.Optional(
    Type.String({
      maxLength: 5,
      description:
        "'1' or 'true': answer options.count, exact up to 1000 matches; above that it is the planner's " +
        'estimate and options.estimated is true',
    }),
  ),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
export const UomQuery = Type.Object({
  ...LookupQuery.properties,
  class: Type.Optional(Type.Union(UOM_CLASSES.map((c) => Type.Literal(c)))),
});
