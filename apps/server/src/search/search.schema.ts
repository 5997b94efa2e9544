import { Type } from 'typebox';

/** q search text (websearch syntax), p page (1), l page size (30, at most 100), c '1'/'true' to count. */
export const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  p: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  l: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$' })),
  c: Type.Optional(Type.String({ maxLength: 5 })),
  ts: Type.Optional(Type.String({ maxLength: 40 })),
});
export const SearchModelParams = Type.Object({ model: Type.String({ pattern: '^[a-z][a-z-]{1,40}$' }) });
