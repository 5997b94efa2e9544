import { useMapTranslation } from '../map-language.ts';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import type { MapRoute } from '@p2p/domain';

export interface PanelPlace {
  name: string;
  address: string;
  url?: string;
}

export interface MarkerPanelProps {
  place: PanelPlace;
  route: MapRoute | null;
  tab: number;
  onTab: (tab: number) => void;
  onSuggest: () => void;
  onPhone: () => void;
  onEmail: () => void;
  onDownload: () => void;
  onClose: () => void;
  /** a link to the document of the marker, from the route module */
  documentLink?: (url: string, label: string) => React.ReactNode;
}

const km = (m: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(m / 1000) + ' km';
const minutes = (s: number) => Math.max(1, Math.round(s / 60));

/**
 * The info panel of a marker (seed 001 section 2.10): the tab Global with Name and Address and the
 * four buttons, and the tab Rota Sugerida only after a route has been calculated.
 */
export function MarkerPanel(props: MarkerPanelProps) {
  const { t, lang } = useMapTranslation();
  const { place, route } = props;
  return (
    <aside className="map-panel" data-testid="map-panel" aria-label={place.name}>
      <Button
        icon="pi pi-times"
        text
        rounded
        className="map-panel__close"
        aria-label={t('deliveryMap.close')}
        onClick={props.onClose}
        data-testid="map-panel-close"
      />
      <TabView activeIndex={route ? props.tab : 0} onTabChange={(e) => props.onTab(e.index)}>
        <TabPanel header={t('deliveryMap.tabs.global')}>
          <dl className="map-panel__facts">
            <dt>{t('deliveryMap.name')}</dt>
            <dd data-testid="map-panel-name">
              {place.url && props.documentLink ? props.documentLink(place.url, place.name) : place.name}
            </dd>
            <dt>{t('deliveryMap.address')}</dt>
            <dd data-testid="map-panel-address">{place.address || '—'}</dd>
          </dl>
          <div className="map-panel__actions">
            <Button
              label={t('deliveryMap.suggestRoute')}
              icon="pi pi-directions"
              onClick={props.onSuggest}
              data-testid="map-suggest"
            />
            <Button
              label={t('deliveryMap.sendPhone')}
              icon="pi pi-mobile"
              outlined
              onClick={props.onPhone}
              data-testid="map-send-phone"
            />
            <Button
              label={t('deliveryMap.sendEmail')}
              icon="pi pi-envelope"
              outlined
              onClick={props.onEmail}
              data-testid="map-send-email-button"
            />
            <Button
              label={t('deliveryMap.download.button')}
              icon="pi pi-download"
              outlined
              onClick={props.onDownload}
              data-testid="map-download"
            />
          </div>
        </TabPanel>
        {route && (
          <TabPanel header={t('deliveryMap.tabs.route')}>
            <p data-testid="map-route-summary">
              {t('deliveryMap.routeSummary', {
                distance: km(route.distance, lang),
                minutes: minutes(route.duration),
              })}
            </p>
            <ol className="map-steps">
              {route.steps
                .filter((s) => s.instruction)
                .map((s, i) => (
                  <li key={i}>
                    {s.instruction} <span className="muted">{km(s.distance, lang)}</span>
                  </li>
                ))}
            </ol>
          </TabPanel>
        )}
      </TabView>
    </aside>
  );
}
