import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { labelText, orgPlants, subFields } from '@p2p/domain';
import { TAXONOMY_SOURCES, type FieldContext, type FieldItem } from '../../../components/fields/index.ts';
import { useUser } from '../../../lib/session.ts';
import { useModelConfig } from '../api/get-model-config.ts';
import { useOrganization } from '../api/get-organization.ts';
import { usePurchasingConfig } from '../api/get-purchasing-config.ts';
import { useTaxonomy } from '../api/get-taxonomy.ts';
import type { ModelConfig, PurchasingConfig } from '../api/types.ts';
import { documentFiles } from '../api/upload-files.ts';

/**
 * Select sources read from the organization tree (GET /profile/user/groups): a field with ref
 * 'plants' stores the plant's key and shows the node's label.
 */
export const PLANT_REFS = ['plants', 'plant'] as const;

/** Option sources of selects, the state labels and the file transfer, from the configurations. */
export function fieldContext(
  config: ModelConfig | undefined,
  purchasing: PurchasingConfig | undefined,
  t: (k: string, o?: Record<string, unknown>) => string,
  taxonomy: Record<string, FieldItem[]> = {},
  lang = 'en',
): Omit<FieldContext, 'doc' | 'user'> {
  const options: Record<string, FieldItem[]> = { ...taxonomy };
  if (config?.subtypes) {
    options.subtype = config.subtypes.map((s) => {
      const label = labelText(s.label, lang);
      return { key: s.key, label: label ? `${s.key} – ${label}` : s.key };
    });
  }
  if (purchasing?.currencies) options['purchasing.currencies'] = purchasing.currencies;
  if (purchasing?.taxCodes) options['purchasing.taxCodes'] = purchasing.taxCodes;
  const states: Record<string, string> = {};
  for (const s of config?.workflow?.states ?? [])
    states[s.name] = t(`documents.states.${s.name}`, { defaultValue: labelText(s.label, lang) || s.name });
  return { options, states, files: documentFiles };
}

/** The refs of a model's fields (lines included) that `wanted` accepts. */
function fieldRefs(config: ModelConfig | undefined, wanted: (ref: string) => boolean): string[] {
  const refs = new Set<string>();
  for (const field of [...(config?.form.fields ?? []), ...(config?.list.fields ?? [])]) {
    for (const f of [field, ...(subFields(field) ?? [])]) if (f.ref && wanted(f.ref)) refs.add(f.ref);
  }
  return [...refs].sort();
}

/** The refs of a model's fields (lines included) that name a taxonomy source. */
export const taxonomyRefs = (config: ModelConfig | undefined): string[] =>
  fieldRefs(config, (ref) => Boolean(TAXONOMY_SOURCES[ref]));

/** The refs of a model's fields that list the plants of the organization tree. */
export const plantRefs = (config: ModelConfig | undefined): string[] =>
  fieldRefs(config, (ref) => (PLANT_REFS as readonly string[]).includes(ref));

/**
 * A model's configuration, the purchasing configuration and the field context built from them.
 * `lists: false` holds back the option lists a select shows by label only (countries) until the
 * caller's first screen is shown: the values show as stored meanwhile.
 */
export function useModel(model: string, { lists = true }: { lists?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const user = useUser();
  const config = useModelConfig(lang, model);
  const purchasing = usePurchasingConfig();
  const taxonomy = useTaxonomy(taxonomyRefs(config.data), lists);
  const plantSources = plantRefs(config.data).join(',');
  const organization = useOrganization(plantSources !== '');
  const sources = useMemo(() => {
    const plants: FieldItem[] = orgPlants(organization.data ?? []);
    if (!plantSources || !plants.length) return taxonomy.data;
    return { ...taxonomy.data, ...Object.fromEntries(plantSources.split(',').map((ref) => [ref, plants])) };
  }, [taxonomy.data, organization.data, plantSources]);
  const base = useMemo(
    () => fieldContext(config.data, purchasing.data, t, sources, lang),
    [config.data, purchasing.data, t, sources, lang],
  );
  return { t, user, config, purchasing, base, lang };
}
