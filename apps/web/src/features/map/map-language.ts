import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { MAP_LANGUAGE } from '@p2p/domain';

/**
 * The map speaks Portuguese (seed 001 sections 2.10 and 9: 'Map language is Portuguese'): its
 * panel, tabs (Global, Rota Sugerida), buttons, dialogs and warnings, its distances and the
 * geocoder's suggestions are in MAP_LANGUAGE whatever language the rest of the interface uses.
 */
export function useMapTranslation() {
  const { i18n } = useTranslation();
  const t = useMemo(() => i18n.getFixedT(MAP_LANGUAGE), [i18n]);
  return { t, lang: MAP_LANGUAGE };
}
