import { sql, type RawBuilder } from 'kysely';
import type { DatabaseKind, Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Runs the statements of a report with a time limit, and cancels them when the caller goes away.
 *
 * PostgreSQL: the statements run on one pooled connection held for the report; its backend pid is
 * read first. When the time limit passes, or the client disconnects (the route aborts `signal`),
 * pg_cancel_backend(pid) from another pooled connection stops the statement wherever it is (planning,
 * waiting for a lock, executing). The connection is held until the report ends, so a cancel can
 * only ever reach this report's own statements. The time limit is kept here rather than by
 * statement_timeout: no session setting to set and reset around every report.
 *
 * PGlite runs in the server's own process and cannot interrupt a statement (it has neither signals
 * nor a second session): there the running statement goes on to its end (the answer is dropped),
 * and a report of several statements (the dashboard figures) stops before the next one. The
 * embedded database is for one server and modest data; the row caps of the compiler still bound
 * what is answered.
 */

/** A report may run this long (the client waits up to 10 minutes for long requests). */
export const REPORT_TIMEOUT_MS = 120_000;
const QUERY_CANCELED = '57014';

export interface RunOptions {
  kind: DatabaseKind;
  timeoutMs?: number;
  /** aborted when the client disconnects */
  signal?: AbortSignal;
}

const isCanceled = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === QUERY_CANCELED;

export async function runReport<T>(db: Db, query: RawBuilder<T>, opts: RunOptions): Promise<T[]> {
  return (await runStatements(db, [query], opts))[0]!;
}

/** The statements of one report, one after the other, under one time limit. */
export async function runStatements<T>(
  db: Db,
  queries: ReadonlyArray<RawBuilder<T>>,
  opts: RunOptions,
): Promise<T[][]> {
  const timeout = opts.timeoutMs ?? REPORT_TIMEOUT_MS;
  if (opts.signal?.aborted) throw cancelled();
  const out: T[][] = [];
  if (opts.kind === 'pglite') {
    // a statement runs to its end; a caller gone meanwhile stops the report before its next one
    for (const q of queries) {
      if (opts.signal?.aborted) throw cancelled();
      out.push((await q.execute(db)).rows);
    }
    return out;
  }
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
    const pid = rows[0]!.pid;
    let stopped = null as 'timeout' | 'cancel' | null;
    let running = true;
    const stop = (why: 'timeout' | 'cancel') => {
      if (!running || stopped) return;
      stopped = why;
      void sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => undefined);
    };
    const timer = setTimeout(() => stop('timeout'), timeout);
    const onAbort = () => stop('cancel');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    // gone while the connection was being taken: nothing runs yet, so nothing to cancel
    if (opts.signal?.aborted) stopped = 'cancel';
    try {
      for (const q of queries) {
        if (stopped) break;
        out.push((await q.execute(conn)).rows);
      }
      if (stopped) throw new Error('stopped');
      return out;
    } catch (err) {
      if (stopped || isCanceled(err)) throw stopped === 'timeout' ? tooLong(timeout) : cancelled();
      throw err;
    } finally {
      running = false;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  });
}

const tooLong = (ms: number): AppError =>
  new AppError(
    'unavailable',
    `The report took longer than ${Math.round(ms / 1000)} s and was stopped; narrow it (time range, filters) and try again.`,
    { key: 'reporting.timeout' },
  );

const cancelled = (): AppError =>
  new AppError('unavailable', 'The report was cancelled.', { key: 'reporting.cancelled' });
