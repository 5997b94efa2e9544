import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportQueryRequest, ReportResult } from '@p2p/domain';
import { runReport } from '../api/run-report.ts';

export type RunStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ReportRun {
  status: RunStatus;
  result: ReportResult | null;
  error: string | null;
  /** whole seconds since the run started (the progress shown while it runs) */
  elapsed: number;
  run: (report?: ReportQueryRequest) => void;
  /** aborts the request: the server cancels the statement in the database */
  cancel: () => void;
}

/**
 * One report's result call with progress and cancellation. `auto` runs it whenever the report
 * changes; `refreshSeconds` runs it again on that period (visualization.load).
 */
export function useReportRun(
  report: ReportQueryRequest | null,
  { auto = true, refreshSeconds = 0 }: { auto?: boolean; refreshSeconds?: number | null } = {},
): ReportRun {
  const [status, setStatus] = useState<RunStatus>('idle');
  const [result, setResult] = useState<ReportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(report);
  latest.current = report;

  const cancel = useCallback(() => {
    if (!controller.current) return;
    controller.current.abort();
    controller.current = null;
    setStatus('cancelled');
  }, []);

  const run = useCallback((given?: ReportQueryRequest) => {
    const body = given ?? latest.current;
    if (!body) return;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setStatus('running');
    setError(null);
    setElapsed(0);
    runReport(body, mine.signal).then(
      (answer) => {
        if (controller.current !== mine) return;
        controller.current = null;
        setResult(answer);
        setStatus('done');
      },
      (err: unknown) => {
        if (controller.current !== mine || mine.signal.aborted) return;
        controller.current = null;
        setError(err instanceof Error ? err.message : String(err));
        setStatus('failed');
      },
    );
  }, []);

  // progress: a second counter while running
  useEffect(() => {
    if (status !== 'running') return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [status]);

  const key = report ? JSON.stringify(report) : null;
  useEffect(() => {
    if (auto && key) run();
  }, [auto, key, run]);

  useEffect(() => {
    if (!refreshSeconds || refreshSeconds <= 0 || !key) return;
    const timer = setInterval(() => run(), refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds, key, run]);

  // leaving the page stops a running report
  useEffect(() => () => controller.current?.abort(), []);

  return { status, result, error, elapsed, run, cancel };
}
