import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@p2p/domain';
import { ApiError, apiUrl, buildHeaders } from '../../../lib/api-client.ts';

export interface OrderPdfOptions {
  shipId?: string;
  /** suppliers see the supplier view */
  supplierView?: boolean;
}

/**
 * GET /purchasing/order-pdf/{id}[/{shipId}]?ts[&view=supplier]: the PDF needs the bearer token, so
 * it is fetched with the api headers and answered as a Blob.
 */
export async function fetchOrderPdf(id: string, opts: OrderPdfOptions = {}): Promise<Blob> {
  const path = `/purchasing/order-pdf/${encodeURIComponent(id)}${opts.shipId ? `/${encodeURIComponent(opts.shipId)}` : ''}`;
  const res = await fetch(
    apiUrl(path, { ts: Date.now(), view: opts.supplierView ? 'supplier' : undefined }),
    {
      headers: buildHeaders({ Accept: 'application/pdf' }),
    },
  );
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Parameters<typeof errorMessage>[0];
    throw new ApiError(errorMessage(body, res.status, res.statusText), res.status, body as never);
  }
  return res.blob();
}

/**
 * Opens the PDF in a new tab through a blob URL. The tab is opened before the fetch (so pop-up
 * blockers allow it); when no tab can be opened the file is saved instead.
 */
export async function openOrderPdf(id: string, opts: OrderPdfOptions = {}): Promise<void> {
  const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
  try {
    const blob = await fetchOrderPdf(id, opts);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else {
      const a = document.createElement('a');
      a.href = url;
      a.download = `order-${id}.pdf`;
      a.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** Opening the order PDF, or one delivery's (`variables.shipId` tells which is on its way). */
export const useOrderPdf = (id: string) =>
  useMutation({ mutationFn: (opts: OrderPdfOptions) => openOrderPdf(id, opts) });
