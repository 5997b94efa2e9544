import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PurchasingConfig } from './types.ts';

export const getPurchasingConfig = () => api.get<PurchasingConfig>('/config/purchasing');

export const purchasingConfigQuery = () =>
  queryOptions({
    queryKey: ['config', 'purchasing'],
    queryFn: getPurchasingConfig,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePurchasingConfig = () => useQuery(purchasingConfigQuery());
