import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { orgPlants } from '@p2p/domain';
import { TAXONOMY_SOURCES, taxonomyItems, type FieldContext, type FieldDef, type FieldItem } from '../../../components/fields/index.ts';
import { api } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session.ts';
import { useUserGroups } from '../../shell/index.ts';
import { useModelConfig, usePurchasingConfig, type ModelConfig, type PurchasingConfig } from '../api/documents.ts';

/**
 * Select sources read from the organization tree (GET /profile/user/groups): a field with ref
 * 'plants' stores the plant's key and shows the node's label.
 */
export const PLANT_REFS = ['plants', 'plant'] as const;

/** Option sources of selects and the state labels, from the model and purchasing configurations. */
export function fieldContext(
  config: ModelConfig | undefined,
  purchasing: PurchasingConfig | undefined,
  t: (k: string, o?: Record<string, unknown>) => string,
  taxonomy: Record<string, FieldItem[]> = {},
): Omit<FieldContext, 'doc' | 'user'> {
  const options: Record<string, FieldItem[]> = { ...taxonomy };
  if (config?.subtypes) options.subtype = config.subtypes.map((s) => ({ key: s.key, label: s.label ? `${s.key} – ${s.label}` : s.key }));
  if (purchasing?.currencies) options['purchasing.currencies'] = purchasing.currencies;
  if (purchasing?.taxCodes) options['purchasing.taxCodes'] = purchasing.taxCodes;
  const states: Record<string, string> = {};
  for (const s of config?.workflow?.states ?? []) states[s.name] = t(`documents.states.${s.name}`, { defaultValue: s.label ?? s.name });
  return { options, states };
}

/** The refs of a model's fields (lines included) that `wanted` accepts. */
function fieldRefs(config: ModelConfig | undefined, wanted: (ref: string) => boolean): string[] {
  const refs = new Set<string>();
  const walk = (fields: ReadonlyArray<unknown> | undefined) => {
    for (const f of fields ?? []) {
      if (!f || typeof f !== 'object') continue;
      const def = f as FieldDef;
      if (def.ref && wanted(def.ref)) refs.add(def.ref);
      if (Array.isArray(def.items)) walk(def.items);
    }
  };
  walk(config?.form.fields);
  walk(config?.list.fields);
  return [...refs].sort();
}

/** The refs of a model's fields (lines included) that name a taxonomy source. */
export const taxonomyRefs = (config: ModelConfig | undefined): string[] => fieldRefs(config, (ref) => Boolean(TAXONOMY_SOURCES[ref]));

/** The refs of a model's fields that list the plants of the organization tree. */
export const plantRefs = (config: ModelConfig | undefined): string[] => fieldRefs(config, (ref) => (PLANT_REFS as readonly string[]).includes(ref));

const TAXONOMY_PAGE = 100;
const TAXONOMY_MAX_PAGES = 10;

/** Every entry of a taxonomy look-up (paged by 100: q, p, l, c); a failed page ends the list. */
async function loadTaxonomy(url: string): Promise<FieldItem[]> {
  const all: FieldItem[] = [];
  for (let p = 1; p <= TAXONOMY_MAX_PAGES; p++) {
    const res = await api.get<unknown>(url, { query: { p, l: TAXONOMY_PAGE, c: 0 } }).catch(() => null);
    const items = taxonomyItems(res);
    all.push(...items);
    if (Array.isArray(res) || items.length < TAXONOMY_PAGE) break;
  }
  return all;
}

/** Taxonomy option lists (countries) the model's selects need; a failed load leaves the select empty. */
function useTaxonomy(refs: string[]) {
  return useQuery({
    queryKey: ['taxonomy', refs],
    queryFn: async () => {
      const out: Record<string, FieldItem[]> = {};
      for (const ref of refs) out[ref] = await loadTaxonomy(TAXONOMY_SOURCES[ref]!);
      return out;
    },
    enabled: refs.length > 0,
    staleTime: 60 * 60_000,
    retry: false,
  });
}

export function useModel(model: string) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const config = useModelConfig(i18n.language, model);
  const purchasing = usePurchasingConfig();
  const refs = taxonomyRefs(config.data);
  const taxonomy = useTaxonomy(refs);
  // plants: the organization tree of the group drawer (the same query, usually cached already)
  const plantSources = plantRefs(config.data).join(',');
  const groups = useUserGroups(plantSources !== '');
  const sources = useMemo(() => {
    const plants: FieldItem[] = orgPlants(groups.data?.organization ?? []);
    if (!plantSources || !plants.length) return taxonomy.data;
    return { ...taxonomy.data, ...Object.fromEntries(plantSources.split(',').map((ref) => [ref, plants])) };
  }, [taxonomy.data, groups.data, plantSources]);
  const base = useMemo(() => fieldContext(config.data, purchasing.data, t, sources), [config.data, purchasing.data, t, sources]);
  return { t, user, config, purchasing, base, lang: i18n.language };
}
