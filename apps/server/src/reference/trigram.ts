import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Look-up matching shared by the reference tables (items, suppliers, users): prefix on the code
 * first, then prefix, substring and misspelling-tolerant (pg_trgm word similarity) on the name.
 *
 * Every condition is written on exactly the indexed expressions of migration 0003 (`lower(code)`,
 * `lower(name)`), so PostgreSQL answers with a BitmapOr of the pattern btree (prefix) and the
 * trigram GIN indexes (substring, similarity). pg_trgm's objects are named with their schema: the
 * caller's search_path need not include it.
 */

/** Word similarity a misspelt name must reach ('hydralic' vs 'hydraulic' is 0.58; pg_trgm's default is 0.6). */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Shorter texts have no trigram worth the index: prefix matching only. */
const MIN_TRIGRAM_LENGTH = 3;
export const MAX_QUERY_LENGTH = 100;

const schemas = new WeakMap<Db, Promise<string>>();

/** The schema holding pg_trgm (looked up once per connection). */
export function trigramSchema(db: Db): Promise<string> {
  let found = schemas.get(db);
  if (!found) {
    found = sql<{ schema: string }>`select n.nspname as schema
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => {
        const schema = rows[0]?.schema;
        if (!schema) throw new Error('The pg_trgm extension is not installed (migration 0003).');
        return schema;
      });
    found.catch(() => schemas.delete(db));
    schemas.set(db, found);
  }
  return found;
}

/** Runs `fn` in a transaction whose word similarity threshold is ours (SET LOCAL: no leak to the pool). */
export async function withTrigramThreshold<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(
      trx,
    );
    return fn(trx);
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lower-cased, trimmed, collapsed and cut look-up text; '' means "no filter". */
export const normalizeQuery = (q: string | undefined): string =>
  (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_QUERY_LENGTH);

export interface Match {
  /** the filter; only for a non-empty query */
  where: RawBuilder<boolean>;
  /** 0 exact code, 1 code prefix, 2 name prefix, 3 substring, 4 similar */
  rank: RawBuilder<number>;
  /** code prefix matches list by code */
  codeOrder: RawBuilder<string | null>;
  similarity: RawBuilder<number>;
}

/**
 * `code` and `name` must be the lower(...) expressions the indexes are built on. `q` is normalized.
 * Without an index on code (small tables), pass the code expression all the same.
 */
export function match(ns: string, q: string, code: RawBuilder<string>, name: RawBuilder<string>): Match {
  const schema = sql.id(ns);
  const prefix = `${escapeLike(q)}%`;
  const contains = `%${escapeLike(q)}%`;
  const conditions: RawBuilder<boolean>[] = [sql`${code} like ${prefix}`, sql`${name} like ${prefix}`];
  if (q.length >= MIN_TRIGRAM_LENGTH) {
    conditions.push(
      sql`${code} like ${contains}`,
      sql`${name} like ${contains}`,
      sql`${q} operator(${schema}.<%) ${name}`,
    );
  }
  return {
    where: sql<boolean>`(${sql.join(conditions, sql` or `)})`,
    rank: sql<number>`(case when ${code} = ${q} then 0 when ${code} like ${prefix} then 1
      when ${name} like ${prefix} then 2 when ${name} like ${contains} or ${code} like ${contains} then 3
      else 4 end)`,
    codeOrder: sql<string | null>`(case when ${code} like ${prefix} then ${code} end)`,
    similarity: sql<number>`${schema}.word_similarity(${q}, ${name})`,
  };
}

/* ---- the same idea in memory, for the short static lists (tax codes, countries, units) ---- */

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm-like similarity of two words: shared trigrams over all trigrams. */
function wordSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Rank of an entry for a normalized query, or null when it does not match: 0 exact code, 1 code
 * prefix, 2 name prefix (or a word of it), 3 substring, 4 every query word similar to a name word.
 */
export function rankEntry(q: string, code: string, name: string): { rank: number; score: number } | null {
  const c = code.toLowerCase();
  const n = name.toLowerCase();
  if (c === q) return { rank: 0, score: 1 };
  if (c.startsWith(q)) return { rank: 1, score: 1 };
  if (n.startsWith(q) || words(n).some((w) => w.startsWith(q))) return { rank: 2, score: 1 };
  if (n.includes(q) || c.includes(q)) return { rank: 3, score: 1 };
  if (q.length < MIN_TRIGRAM_LENGTH) return null;
  const nameWords = words(n);
  const scores = words(q).map((qw) => Math.max(0, ...nameWords.map((nw) => wordSimilarity(qw, nw))));
  const score = scores.length ? Math.min(...scores) : 0;
  return score >= WORD_SIMILARITY_THRESHOLD - 0.1 ? { rank: 4, score } : null;
}
