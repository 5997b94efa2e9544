import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemLookup, ItemUnspsc, ListOptions, UnspscList } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/** Items per page of the panel. */
export const ITEM_PAGE_SIZE = 10;

const itemsKey = ['ihub', 'items'] as const;

export interface ItemPage {
  items: ItemLookup[];
  options: ListOptions & { estimated?: true };
}

/**
 * GET /reference/item: one page of the catalogue (code prefix, name prefix, then similar
 * spellings), with the count, for the panel of the items' UNSPSC codes.
 */
export const useItemPage = (q: string, page: number) =>
  useQuery({
    queryKey: [...itemsKey, q, page],
    queryFn: () =>
      api.get<ItemPage>('/reference/item', {
        query: { q, p: String(page), l: String(ITEM_PAGE_SIZE), c: '1' },
      }),
    placeholderData: keepPreviousData,
  });

/** The title of a code of the code set (GET /unspsc?q=code, its exact entry); null: not in the set. */
export const useUnspscTitle = (code: string | null) =>
  useQuery({
    queryKey: ['unspsc', 'title', code],
    queryFn: async () =>
      (await api.get<UnspscList>('/unspsc', { query: { q: code! } })).items.find((c) => c.code === code)
        ?.title ?? null,
    enabled: !!code && /^[0-9]{8}$/.test(code),
    staleTime: 5 * 60_000,
  });

/** PUT /ihub/items/{code}/unspsc: sets or clears (null) an item's code. */
export function useSaveItemUnspsc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, unspsc }: { code: string; unspsc: string | null }) =>
      api.put<ItemUnspsc>(`/ihub/items/${encodeURIComponent(code)}/unspsc`, { unspsc }),
    onSuccess: (item) => {
      if (item.unspsc) client.setQueryData(['unspsc', 'title', item.unspsc], item.title);
      return client.invalidateQueries({ queryKey: itemsKey });
    },
  });
}
