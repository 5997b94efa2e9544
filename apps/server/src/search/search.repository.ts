import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ModelConfig } from '../documents/model-config.ts';

/**
 * Full-text search over documents. The text expression is, character for character, the one of the
 * `documents_text` GIN index of migration 0002, so PostgreSQL answers `@@` with a bitmap scan of
 * that index; the scopes (documentScope of every model searched) and `deleted = false` filter the
 * candidates.
 */
const DOCUMENT_TEXT = sql`to_tsvector('simple'::regconfig, coalesce(d.key, '') || ' ' || (d.data::text))`;
const query = (q: string) => sql`websearch_to_tsquery('simple'::regconfig, ${q})`;

/** The readable text of a hit (key and every string or number of its data), HTML-escaped for the snippet. */
const READABLE = sql`replace(replace(replace(
  coalesce(h.key, '') || ' ' || coalesce((select string_agg(v #>> '{}', ' ')
    from jsonb_path_query(h.data, 'strict $.** ? (@.type() == "string" || @.type() == "number")') v), ''),
  '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

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
  q: string;
  limit: number;
  offset: number;
}

export function searchRepository(db: Db) {
  const where = (s: SearchQuery) =>
    sql<boolean>`(${sql.join(s.scopes, sql` or `)}) and d.deleted = false and ${DOCUMENT_TEXT} @@ ${query(s.q)}`;

  return {
    /** Best hits first (rank, then newest); ts_headline runs on the page only. */
    async search(s: SearchQuery): Promise<SearchHit[]> {
      const { rows } = await sql<SearchHit>`with hits as (
          select d.id, d.model, d.key, d.subtype, d.state, d.data,
            ts_rank(${DOCUMENT_TEXT}, ${query(s.q)}) as rank
          from documents d
          where ${where(s)}
          order by rank desc, d.id desc
          limit ${s.limit} offset ${s.offset}
        )
        select h.id::text as id, h.model, h.key, h.subtype, h.state,
          coalesce(h.data ->> 'description', h.data ->> 'name', h.key, h.model || ' ' || h.id::text) as title,
          ts_headline('simple'::regconfig, ${READABLE}, ${query(s.q)},
            'StartSel=<b>, StopSel=</b>, MaxWords=25, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "') as snippet
        from hits h
        order by h.rank desc, h.id desc`.execute(db);
      return rows;
    },

    async count(s: Omit<SearchQuery, 'limit' | 'offset'>): Promise<number> {
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from documents d
        where ${where({ ...s, limit: 0, offset: 0 })}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** The latest configuration of every model for a domain (its own wins over the shipped default). */
    async modelConfigs(domainId: string): Promise<ModelConfig[]> {
      const { rows } = await sql<{ config: ModelConfig }>`select distinct on (model) config
        from model_configs where domain_id = ${domainId} or domain_id is null
        order by model, domain_id is null, version desc`.execute(db);
      return rows.map((r) => r.config);
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
