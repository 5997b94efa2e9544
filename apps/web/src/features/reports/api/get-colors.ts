import { useQuery } from '@tanstack/react-query';
import { REPORT_LIMITS } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

/** GET /reporting/colors/{count}: one colour per series. */
export const getColors = (count: number) => api.get<string[]>(`/reporting/colors/${count}`);

export function useColors(count: number) {
  const n = Math.min(Math.max(count, 1), REPORT_LIMITS.colors);
  return useQuery({ queryKey: reportKeys.colors(n), queryFn: () => getColors(n), staleTime: Infinity });
}
