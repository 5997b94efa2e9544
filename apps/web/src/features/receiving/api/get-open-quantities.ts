import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenQuantities } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { receivingKeys } from './receiving-keys.ts';

/** GET /receiving/order/{id}/open: ordered, received and open quantity of each order line. */
export const getOpenQuantities = (orderId: string) =>
  api.get<OpenQuantities>(`/receiving/order/${encodeURIComponent(orderId)}/open`);

export const openQuantitiesQuery = (orderId: string) =>
  queryOptions({
    queryKey: receivingKeys.open(orderId),
    queryFn: () => getOpenQuantities(orderId),
    // what others dispatched meanwhile: always read again when the dialog opens
    staleTime: 0,
  });

/** The open quantities of an order, read while `enabled` (the dialog is open). */
export const useOpenQuantities = (orderId: string, enabled: boolean) =>
  useQuery({ ...openQuantitiesQuery(orderId), enabled });
