import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubtypesResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/** GET /config/subtype: each model's subtypes (R001-R007, P001-P013, C001-C004), for a rule's conditions. */
export const subtypesQuery = () =>
  queryOptions({
    queryKey: ['config', 'subtype'],
    queryFn: () => api.get<SubtypesResponse>('/config/subtype'),
    staleTime: 5 * 60_000,
  });

export const useSubtypes = () => useQuery(subtypesQuery());
