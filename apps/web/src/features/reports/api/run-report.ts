import type { ReportQueryRequest, ReportResult } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /reporting/query/result: a long request (10 minutes). Aborting `signal` closes the connection,
 * and the server then cancels the statement in the database (PostgreSQL).
 */
export const runReport = (report: ReportQueryRequest, signal?: AbortSignal) =>
  api.post<ReportResult>('/reporting/query/result', report, { long: true, ...(signal ? { signal } : {}) });
