import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldContext, FieldItem } from '../../../components/fields/index.ts';
import { useUser } from '../../../lib/session.ts';
import { useModelConfig, usePurchasingConfig, type ModelConfig, type PurchasingConfig } from '../api/documents.ts';

/** Option sources of selects and the state labels, from the model and purchasing configurations. */
export function fieldContext(config: ModelConfig | undefined, purchasing: PurchasingConfig | undefined, t: (k: string, o?: Record<string, unknown>) => string): Omit<FieldContext, 'doc' | 'user'> {
  const options: Record<string, FieldItem[]> = {};
  if (config?.subtypes) options.subtype = config.subtypes.map((s) => ({ key: s.key, label: s.label ? `${s.key} – ${s.label}` : s.key }));
  if (purchasing?.currencies) options['purchasing.currencies'] = purchasing.currencies;
  if (purchasing?.taxCodes) options['purchasing.taxCodes'] = purchasing.taxCodes;
  const states: Record<string, string> = {};
  for (const s of config?.workflow?.states ?? []) states[s.name] = t(`documents.states.${s.name}`, { defaultValue: s.label ?? s.name });
  return { options, states };
}

export function useModel(model: string) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const config = useModelConfig(i18n.language, model);
  const purchasing = usePurchasingConfig();
  const base = useMemo(() => fieldContext(config.data, purchasing.data, t), [config.data, purchasing.data, t]);
  return { t, user, config, purchasing, base };
}
