import { useQuery } from '@tanstack/react-query';
import { TAXONOMY_SOURCES, taxonomyItems, type FieldItem } from '../../../components/fields/index.ts';
import { api } from '../../../lib/api-client.ts';

const TAXONOMY_PAGE = 100;
const TAXONOMY_MAX_PAGES = 10;

/** Every entry of a taxonomy look-up (paged by 100: q, p, l, c); a failed page ends the list. */
async function getTaxonomy(url: string): Promise<FieldItem[]> {
  const all: FieldItem[] = [];
  for (let p = 1; p <= TAXONOMY_MAX_PAGES; p++) {
    const res = await api.get<unknown>(url, { query: { p, l: TAXONOMY_PAGE, c: 0 } }).catch(() => null);
    const items = taxonomyItems(res);
    all.push(...items);
    if (Array.isArray(res) || items.length < TAXONOMY_PAGE) break;
  }
  return all;
}

/** Taxonomy option lists (countries) by ref; a failed load leaves the select empty. */
export function useTaxonomy(refs: string[]) {
  return useQuery({
    queryKey: ['taxonomy', refs],
    queryFn: async () => {
      const out: Record<string, FieldItem[]> = {};
      for (const ref of refs) out[ref] = await getTaxonomy(TAXONOMY_SOURCES[ref]!);
      return out;
    },
    enabled: refs.length > 0,
    staleTime: 60 * 60_000,
    retry: false,
  });
}
