import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentResponse, ReceiptRequest, ReceivingAction } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { RECEPTION_DOCUMENTS_KEY, receivingKeys } from './receiving-keys.ts';

/**
 * POST /receiving/order/{id}/dispatch (the order's supplier) or /receipt (the receiving staff):
 * answers the new reception as the caller reads it.
 */
export const startReception = (orderId: string, action: ReceivingAction, body: ReceiptRequest) =>
  api.post<DocumentResponse>(`/receiving/order/${encodeURIComponent(orderId)}/${action}`, body);

/** A dispatch or goods receipt of one order: the order's open quantities and the reception lists reload. */
export function useStartReception(orderId: string, action: ReceivingAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptRequest) => startReception(orderId, action, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: receivingKeys.open(orderId) });
      void client.invalidateQueries({ queryKey: RECEPTION_DOCUMENTS_KEY });
    },
  });
}
