import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { WORD_SIMILARITY_THRESHOLD } from '../db/session-settings.ts';

/**
 * Look-up matching shared by the reference tables (items, suppliers, users), in tiers that are each
 * answered by one index (reference.repository.ts): code prefix, name prefix, then misspelling-tolerant
 * and substring matches (pg_trgm word similarity) on name and code.
 *
 * The prefix tiers compare `lower(x) collate "C"`, the expression of the btrees of migration 0005: a
 * LIKE 'abc%' on a C-collated btree is a range scan that also yields the rows in order. The fuzzy tier
 * filters with `<%` (word similarity above WORD_SIMILARITY_THRESHOLD, a session setting of every
 * connection: db/session-settings.ts) on the trigram indexes, takes the first FUZZY_CANDIDATES
 * similar rows and ranks only those by word distance. It does not walk the GiST index in distance
 * order: when thousands of names are about as near, that nearest-neighbour scan crawls most of the
 * index (see `tiered` in reference.repository.ts). pg_trgm's objects are named with their schema: the
 * caller's search_path need not include it.
 */

/** Shorter texts have no trigram worth the index: prefix matching only. */
export const MIN_TRIGRAM_LENGTH = 3;
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lower-cased, trimmed, collapsed and cut look-up text; '' means "no filter". */
export const normalizeQuery = (q: string | undefined): string =>
  (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_QUERY_LENGTH);

/** `expr` (a lower(...) expression) in the C collation of the prefix btrees: byte order, LIKE as a range. */
export const byteOrder = (expr: RawBuilder<string>): RawBuilder<string> => sql<string>`(${expr}) collate "C"`;

/** `expr` starts with the normalized `q`. */
export const startsWith = (q: string, expr: RawBuilder<string>): RawBuilder<boolean> =>
  sql<boolean>`${byteOrder(expr)} like ${`${escapeLike(q)}%`}`;

/** Some extent of `expr` is similar to `q` (word similarity over the threshold; GiST/GIN trigram indexable). */
export const similarTo = (ns: string, q: string, expr: RawBuilder<string>): RawBuilder<boolean> =>
  sql<boolean>`${q} operator(${sql.id(ns)}.<%) ${expr}`;

/**
 * Word distance of `q` in `expr` (1 - word similarity: 0 when `expr` holds q's words, 1 nothing shared),
 * the rank of the fuzzy candidates. `<->>` is `<<->` with the indexed expression on the left.
 */
export const distanceTo = (ns: string, q: string, expr: RawBuilder<string>): RawBuilder<number> =>
  sql<number>`(${expr} operator(${sql.id(ns)}.<->>) ${q}::text)`;

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
