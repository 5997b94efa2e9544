import { useMutation } from '@tanstack/react-query';
import { errorMessage, TIMEOUTS, type ApiErrorBody, type ExportRequest } from '@p2p/domain';
import { ApiError, apiUrl, buildHeaders } from '../../../lib/api-client.ts';

/** The file name the server proposes (content-disposition), else the report's. */
const fileName = (res: Response, fallback: string): string =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * POST /reporting/export-data: the rows shown, as an xlsx workbook or a CSV file. The answer is a
 * file, so it is fetched with the api headers and saved through a blob link.
 */
export async function exportData(body: ExportRequest): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUTS.longMs);
  try {
    const res = await fetch(apiUrl('/reporting/export-data'), {
      method: 'POST',
      headers: buildHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!res.ok) {
      const err = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
      throw new ApiError(errorMessage(err, res.status, res.statusText), res.status, err);
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(res, `${body.name ?? 'report'}.${body.format ?? 'xlsx'}`);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } finally {
    clearTimeout(timer);
  }
}

export const useExportData = () => useMutation({ mutationFn: exportData });
