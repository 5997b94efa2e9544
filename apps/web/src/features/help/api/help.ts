import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpDoc } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

export const helpQuery = (lang: string, doc: string) =>
  queryOptions({
    queryKey: ['config', 'help', lang, doc],
    queryFn: () => api.get<HelpDoc>(`/config/help/${encodeURIComponent(lang)}/${encodeURIComponent(doc)}`),
    staleTime: 10 * 60_000,
    retry: false,
  });
export const useHelp = (lang: string, doc: string | null) =>
  useQuery({ ...helpQuery(lang, doc ?? ''), enabled: Boolean(doc) });
