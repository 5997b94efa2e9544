import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, TIMEOUTS, type IhubList, type IhubMessage, type IhubStatusInfo } from '@p2p/domain';
import { api, ApiError, apiUrl, buildHeaders } from '../../../lib/api-client.ts';

export type IhubKind = 'log' | 'tracking';

export interface IhubListParams {
  kind: IhubKind;
  model: string;
  status: string | null;
  page: number;
  size: number;
}

export const ihubKeys = {
  all: ['ihub'] as const,
  list: (p: IhubListParams) => ['ihub', 'list', p] as const,
  status: ['ihub', 'status'] as const,
};

/** GET /ihub/{log|tracking}/{model}?status&p&l: the ERP messages, newest first. */
export const ihubListQuery = (p: IhubListParams) =>
  queryOptions({
    queryKey: ihubKeys.list(p),
    queryFn: () =>
      api.get<IhubList>(`/ihub/${p.kind}/${p.model}`, {
        query: { p: p.page, l: p.size, ...(p.status ? { status: p.status } : {}) },
      }),
    placeholderData: keepPreviousData,
    // the monitor follows the integration as it works
    refetchInterval: 5_000,
  });
export const useIhubList = (p: IhubListParams) => useQuery(ihubListQuery(p));

/** GET /ihub/status: where the integration sends, and the counts by status. */
export const useIhubStatus = () =>
  useQuery({
    queryKey: ihubKeys.status,
    queryFn: () => api.get<IhubStatusInfo>('/ihub/status'),
    refetchInterval: 5_000,
  });

/** GET /ihub/message/{id}: one message with its payload. */
export const useIhubMessage = (id: string | null) =>
  useQuery({
    queryKey: ['ihub', 'message', id],
    queryFn: () => api.get<IhubMessage>(`/ihub/message/${id}`),
    enabled: Boolean(id),
  });

/** POST /ihub/message/{id}/{retry|cancel|resend}; the lists reload after. */
export function useIhubAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      payload,
    }: {
      id: string;
      action: 'retry' | 'cancel' | 'resend';
      payload?: unknown;
    }) =>
      api.post<IhubMessage>(`/ihub/message/${id}/${action}`, action === 'resend' ? { payload } : undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: ihubKeys.all }),
  });
}

/** format=xlsx: the list as a workbook, fetched with the api headers and saved through a blob link. */
export async function exportIhub(kind: IhubKind, model: string, status: string | null): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUTS.longMs);
  try {
    const res = await fetch(
      apiUrl(`/ihub/${kind}/${model}`, { format: 'xlsx', ...(status ? { status } : {}), ts: Date.now() }),
      {
        headers: buildHeaders({
          Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
        signal: controller.signal,
      },
    );
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as Parameters<typeof errorMessage>[0];
      throw new ApiError(errorMessage(body, res.status, res.statusText), res.status, body as never);
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download =
      /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
      `ihub-${kind}-${model}.xlsx`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } finally {
    clearTimeout(timer);
  }
}
export const useExportIhub = () =>
  useMutation({
    mutationFn: (p: { kind: IhubKind; model: string; status: string | null }) =>
      exportIhub(p.kind, p.model, p.status),
  });
