import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TAXONOMY_SOURCES, taxonomyItems, type FieldContext, type FieldDef, type FieldItem } from '../../../components/fields/index.ts';
import { api } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session.ts';
import { useModelConfig, usePurchasingConfig, type ModelConfig, type PurchasingConfig } from '../api/documents.ts';

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

/** The refs of a model's fields (lines included) that name a taxonomy source. */
export function taxonomyRefs(config: ModelConfig | undefined): string[] {
  const refs = new Set<string>();
  const walk = (fields: ReadonlyArray<unknown> | undefined) => {
    for (const f of fields ?? []) {
      if (!f || typeof f !== 'object') continue;
      const def = f as FieldDef;
      if (def.ref && TAXONOMY_SOURCES[def.ref]) refs.add(def.ref);
      if (Array.isArray(def.items)) walk(def.items);
    }
  };
  walk(config?.form.fields);
  walk(config?.list.fields);
  return [...refs].sort();
}

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
  const base = useMemo(() => fieldContext(config.data, purchasing.data, t, taxonomy.data), [config.data, purchasing.data, t, taxonomy.data]);
  return { t, user, config, purchasing, base, lang: i18n.language };
}
