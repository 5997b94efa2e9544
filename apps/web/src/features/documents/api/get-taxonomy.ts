import { useQuery } from '@tanstack/react-query';
import type { ListOptions } from '@p2p/domain/api';
import { TAXONOMY_SOURCES, taxonomyItems, type FieldItem } from '../../../components/fields/index.ts';
import { api } from '../../../lib/api-client.ts';

const TAXONOMY_PAGE = 100;
const TAXONOMY_MAX_PAGES = 10;

const page = (url: string, p: number, count: boolean) =>
  api.get<unknown>(url, { query: { p, l: TAXONOMY_PAGE, c: count ? 1 : 0 } }).catch(() => null);

/**
 * Every entry of a taxonomy look-up (pages of 100: q, p, l, c): the first page answers the count,
 * the other pages are asked for at once; a failed page leaves its entries out.
 */
export async function getTaxonomy(url: string): Promise<FieldItem[]> {
  const first = await page(url, 1, true);
  const items = taxonomyItems(first);
  if (Array.isArray(first) || items.length < TAXONOMY_PAGE) return items;
  const count = (first as { options?: Partial<ListOptions> } | null)?.options?.count;
  const pages = Math.min(
    TAXONOMY_MAX_PAGES,
    typeof count === 'number' ? Math.ceil(count / TAXONOMY_PAGE) : TAXONOMY_MAX_PAGES,
  );
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => page(url, i + 2, false)));
  return [...items, ...rest.flatMap(taxonomyItems)];
}

/**
 * Taxonomy option lists (countries) by ref, asked for all at once; a failed load leaves the select
 * empty. `enabled: false` holds the request back (the form asks once its first screen is shown).
 */
export function useTaxonomy(refs: string[], enabled = true) {
  return useQuery({
    queryKey: ['taxonomy', refs],
    queryFn: async () => {
      const lists = await Promise.all(refs.map((ref) => getTaxonomy(TAXONOMY_SOURCES[ref]!)));
      return Object.fromEntries(refs.map((ref, i) => [ref, lists[i]!]));
    },
    enabled: enabled && refs.length > 0,
    staleTime: 60 * 60_000,
    retry: false,
  });
}
