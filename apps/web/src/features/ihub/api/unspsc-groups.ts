import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnspscGroup, UnspscGroupList } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

const groupsKey = ['unspsc', 'groups'] as const;

/** GET /admin/unspsc/groups: the tenant's mapping from code prefixes to ERP material groups. */
export const useUnspscGroups = () =>
  useQuery({ queryKey: groupsKey, queryFn: () => api.get<UnspscGroupList>('/admin/unspsc/groups') });

/** Every answer about codes may change with the mapping or the code set: the lines' icons ask again. */
const invalidate = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['unspsc'] });

/** PUT /admin/unspsc/groups/{prefix}: maps a prefix to a material group. */
export function useSaveUnspscGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ prefix, materialGroup }: { prefix: string; materialGroup: string }) =>
      api.put<UnspscGroup>(`/admin/unspsc/groups/${encodeURIComponent(prefix)}`, { materialGroup }),
    onSuccess: () => invalidate(client),
  });
}

/** DELETE /admin/unspsc/groups/{prefix}. */
export function useDeleteUnspscGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefix: string) => api.delete(`/admin/unspsc/groups/${encodeURIComponent(prefix)}`),
    onSuccess: () => invalidate(client),
  });
}

/** POST /admin/unspsc/import: the official file's CSV text (administrators). */
export function useImportUnspsc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post<{ imported: number }>('/admin/unspsc/import', { csv }),
    onSuccess: () => invalidate(client),
  });
}
