/** Full-text search over the documents the caller may read. */
import { Type, type Static } from 'typebox';
import { OrNull, PageSchema } from './schema.ts';

export const SearchItemSchema = Type.Object({
  _id: Type.String(),
  model: Type.String(),
  key: OrNull(Type.String()),
  subtype: OrNull(Type.String()),
  state: Type.String(),
  title: Type.String(),
  snippet: Type.String({ description: 'HTML-escaped text around the hits, each hit in <b>...</b>' }),
  url: Type.String({ description: 'the path of the document in the web app' }),
});
export type SearchItem = Static<typeof SearchItemSchema>;

/** GET /search and /search/{model} */
export const SearchResponseSchema = PageSchema(SearchItemSchema);
export type SearchResponse = Static<typeof SearchResponseSchema>;
