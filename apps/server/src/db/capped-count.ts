import { sql, type OperationNodeSource } from 'kysely';
import type { Db } from './database.ts';

/** List and search counts are exact up to this many matches (default), estimated above. */
export const COUNT_EXACT_LIMIT = 10_000;

/** `COUNT_EXACT_LIMIT` in the environment overrides every count cap (read per call; tests force the estimate). */
export const countExactLimit = (fallback = COUNT_EXACT_LIMIT): number => {
  const n = Number(process.env.COUNT_EXACT_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Counts the rows of `query` exactly when at most `exactLimit` match (over a subquery LIMITed to
 * exactLimit + 1, so a huge match is never counted row by row); above that answers the planner's
 * row estimate of the same query (EXPLAIN, nothing runs), flagged `estimated`.
 */
export async function cappedCount(
  db: Db,
  query: OperationNodeSource,
  exactLimit = countExactLimit(),
): Promise<{ count: number; estimated: boolean }> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n
    from (${query} limit ${exactLimit + 1}) as capped`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  if (n <= exactLimit) return { count: n, estimated: false };
  return { count: Math.max(n, await plannedRows(db, query)), estimated: true };
}

/** The planner's row estimate of a query (EXPLAIN, nothing runs). */
export async function plannedRows(db: Db, query: OperationNodeSource): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${query}`.execute(db);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}
