import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { cappedCount } from '../db/capped-count.ts';

/**
 * Full-text search over documents, on the stored tsvector `documents.search` (migrations 0008 and
 * 0014: key and every text of data but the role-restricted fields, GIN-indexed); the scopes (documentScope of every model searched) and
 * `deleted = false` filter the matches.
 *
 * Ranking is done on the newest SEARCH_CANDIDATES matches, not on every match: a common word
 * matches tens of thousands of documents on a large tenant and ranking them all took seconds. The
 * best hits among the newest are what a buyer looks for; a page past them widens the set.
 */
export const SEARCH_CANDIDATES = 300;
const query = (q: string) => sql`websearch_to_tsquery('simple'::regconfig, ${q})`;

/**
 * The readable text of a hit, written by a trigger on every save (`document_search_texts`, migration
 * 0028: key and every string or number of its data but the ids of its references and the
 * role-restricted fields the index leaves out), HTML-escaped for the snippet.
 */
const READABLE = sql`replace(replace(replace(coalesce(t.text, h.key, ''),
  '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

/** The fields a hit is titled by, in order, when they are not role-restricted; then its key. */
const TITLE_FIELDS = ['description', 'name'];
const title = (hidden: ReadonlyArray<string>): RawBuilder<string> =>
  sql`coalesce(${sql.join([
    ...TITLE_FIELDS.filter((f) => !hidden.includes(f)).map((f) => sql`h.data ->> ${sql.lit(f)}`),
    sql`h.key`,
    sql`h.model || ' ' || h.id::text`,
  ])})`;

export interface SearchHit {
  id: string;
  model: string;
  key: string | null;
  subtype: string | null;
  state: string;
  title: string;
  snippet: string;
}

export interface SearchQuery {
  /** one filter per model searched: documentScope(...).where */
  scopes: RawBuilder<boolean>[];
  /** the srcs the index leaves out (searchHiddenPaths of the models searched): never a title */
  hidden?: ReadonlyArray<string>;
  q: string;
  limit: number;
  offset: number;
}

export function searchRepository(db: Db) {
  const where = (s: SearchQuery) =>
    sql<boolean>`(${sql.join(s.scopes, sql` or `)}) and d.deleted = false and d.search @@ ${query(s.q)}`;

  return {
    /** Best hits first (rank, then newest); ts_headline runs on the page only. */
    async search(s: SearchQuery): Promise<SearchHit[]> {
      const candidates = Math.max(SEARCH_CANDIDATES, s.offset + s.limit);
      const { rows } = await sql<SearchHit>`with candidates as materialized (
          select d.id from documents d
          where ${where(s)}
          order by d.id desc
          limit ${candidates}
        ), hits as (
          select d.id, d.model, d.key, d.subtype, d.state, ts_rank(d.search, ${query(s.q)}) as rank,
            d.data
          from candidates c join documents d on d.id = c.id
          order by rank desc, d.id desc
          limit ${s.limit} offset ${s.offset}
        )
        select h.id::text as id, h.model, h.key, h.subtype, h.state, ${title(s.hidden ?? [])} as title,
          ts_headline('simple'::regconfig, ${READABLE}, ${query(s.q)},
            'StartSel=<b>, StopSel=</b>, MaxWords=25, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "') as snippet
        from hits h left join document_search_texts t on t.document_id = h.id
        order by h.rank desc, h.id desc`.execute(db);
      return rows;
    },

    /** Exact up to the cap of list counts, above it the planner's estimate flagged `estimated`. */
    count: (s: Omit<SearchQuery, 'limit' | 'offset'>) =>
      cappedCount(db, sql`select 1 from documents d where ${where({ ...s, limit: 0, offset: 0 })}`),
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
