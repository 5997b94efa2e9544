import { useMutation } from '@tanstack/react-query';
import { errorMessage, TIMEOUTS } from '@p2p/domain';
import { ApiError, apiUrl, buildHeaders } from '../../../lib/api-client.ts';
import type { AuditFilters } from '../filters.ts';

export interface AuditExport {
  /** more events matched than the export carries (x-p2p-truncated) */
  truncated: boolean;
}

/** The file name the server proposes (content-disposition), else one of today. */
const fileName = (res: Response): string =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
  `audit-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * GET /audit/export?format=csv&{filters}: the CSV needs the bearer token, so it is fetched with the
 * api headers (a long request) and saved through a blob link.
 */
export async function exportAuditEvents(filters: AuditFilters): Promise<AuditExport> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUTS.longMs);
  try {
    const res = await fetch(apiUrl('/audit/export', { ...filters, format: 'csv', ts: Date.now() }), {
      headers: buildHeaders({ Accept: 'text/csv' }),
      signal: controller.signal,
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as Parameters<typeof errorMessage>[0];
      throw new ApiError(errorMessage(body, res.status, res.statusText), res.status, body as never);
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(res);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return { truncated: res.headers.get('x-p2p-truncated') === 'true' };
  } finally {
    clearTimeout(timer);
  }
}

export const useExportAuditEvents = () => useMutation({ mutationFn: exportAuditEvents });
