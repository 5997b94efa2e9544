import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useMapTranslation } from '../map-language.ts';
import { useParams } from 'react-router';
import { MAP_MAIL_SUBJECT, mapsLink, type LatLng, type MapRoute } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { showToast } from '../../../lib/toasts.ts';
import {
  fetchKml,
  getRoute,
  MapRequestError,
  useMapConfig,
  useMapMarkers,
  useSendMapMail,
} from '../api/map-requests.ts';
import { LeafletMap, type MapPoint } from './LeafletMap.tsx';
import { MapErrorBoundary } from './MapErrorBoundary.tsx';
import { decodeMarkerData } from './marker-data.ts';
import { MarkerPanel } from './MarkerPanel.tsx';
import { DownloadDialog, SendDialog, type SendTarget } from './SendDialogs.tsx';
import { StartDialog } from './StartDialog.tsx';
import './map.css';

type Selected = MapPoint & { address: string; url?: string };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The delivery map (seed 001 sections 2.10, 4.5, 8 and 9; route /map/{markerData?}): the address
 * of markerData, or the plants and open orders' delivery addresses of the caller; a marker's panel
 * suggests a route, sends the route or the location, and downloads them as KML.
 */
export function MapPage({ documentLink }: { documentLink?: (url: string, label: string) => ReactNode }) {
  const { t } = useMapTranslation();
  const { markerData } = useParams();
  const single = useMemo(() => decodeMarkerData(markerData), [markerData]);
  const config = useMapConfig();
  const markers = useMapMarkers(!single && config.isSuccess);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [route, setRoute] = useState<{ start: LatLng; result: MapRoute } | null>(null);
  const [tab, setTab] = useState(0);
  const [dialog, setDialog] = useState<'start' | 'phone' | 'email' | 'download' | null>(null);
  const sendMail = useSendMapMail();

  const points: Array<MapPoint & { address: string; url?: string }> = useMemo(() => {
    if (single)
      return [
        {
          id: 'place',
          kind: 'place',
          name: single.name,
          address: single.address,
          lat: single.lat,
          lng: single.lng,
        },
      ];
    return (markers.data?.items ?? []).map((m) => ({ ...m, ...(m.url ? { url: m.url } : {}) }));
  }, [single, markers.data]);

  const onSelect = useCallback(
    (p: MapPoint) => {
      const found = points.find((x) => x.id === p.id);
      setSelected(found ?? { ...p, address: '' });
      setRoute(null);
      setTab(0);
    },
    [points],
  );

  const warn = (detail: string) => showToast({ severity: 'warn', detail });
  const fail = (err: unknown) =>
    showToast({
      severity: 'error',
      detail: err instanceof MapRequestError ? err.message : t('deliveryMap.failed'),
    });

  const suggest = async (start: LatLng) => {
    if (!selected) return;
    setDialog(null);
    try {
      const result = await getRoute(start, selected);
      setRoute({ start, result });
      setTab(1);
    } catch (err) {
      fail(err);
    }
  };

  const linkFor = (target: SendTarget): string | null => {
    if (!selected) return null;
    if (target === 'location') return mapsLink(selected);
    return route ? mapsLink(selected, route.start) : null;
  };

  const send = async (target: SendTarget, email?: string) => {
    const link = linkFor(target);
    if (!link) return warn(t('deliveryMap.warnings.sendWithoutRoute'));
    if (dialog === 'phone') {
      window.open(link, '_blank', 'noopener');
      setDialog(null);
      return;
    }
    if (!email || !selected) return;
    const label = t(`deliveryMap.target.${target}`);
    const html = `<p>${escapeHtml(label)}: ${escapeHtml(selected.name)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
    try {
      await sendMail.mutateAsync({ to: email, subject: MAP_MAIL_SUBJECT, html });
      showToast({ severity: 'success', detail: t('deliveryMap.send.sent', { to: email }) });
      setDialog(null);
    } catch (err) {
      fail(err);
    }
  };

  const download = async (target: SendTarget) => {
    if (!selected) return;
    if (target === 'route' && !route) return warn(t('deliveryMap.warnings.downloadWithoutRoute'));
    const place = { lat: selected.lat, lng: selected.lng };
    try {
      const { blob, filename } = await fetchKml(
        target === 'route' && route
          ? {
              kind: 'route',
              name: selected.name,
              address: selected.address,
              place,
              start: route.start,
              path: route.result.path,
            }
          : { kind: 'plant', name: selected.name, address: selected.address, place },
      );
      save(blob, filename);
      setDialog(null);
    } catch (err) {
      fail(err);
    }
  };

  if (config.isPending || (!single && markers.isPending)) return <Loading />;

  return (
    <div className="map-page" data-testid="map-page">
      <h1 className="map-title">{t('deliveryMap.title')}</h1>
      {markers.data && markers.data.unplaced > 0 && (
        <p className="map-note muted" data-testid="map-unplaced">
          {t('deliveryMap.unplaced', { count: markers.data.unplaced })}
        </p>
      )}
      {config.isError && <p className="map-error">{t('deliveryMap.failed')}</p>}
      <div className="map-stage">
        <MapErrorBoundary
          fallback={
            <p className="map-error" role="alert">
              {t('deliveryMap.broken')}
            </p>
          }
        >
          <LeafletMap
            points={points}
            route={route?.result.path ?? null}
            tiles={Boolean(config.data?.tiles)}
            tileAttribution={config.data?.attribution ?? null}
            onSelect={onSelect}
            outlineAttribution={t('deliveryMap.outlineAttribution')}
          />
        </MapErrorBoundary>
        {selected && (
          <MarkerPanel
            place={selected}
            route={route?.result ?? null}
            tab={tab}
            onTab={setTab}
            onSuggest={() => setDialog('start')}
            onPhone={() => setDialog('phone')}
            onEmail={() => setDialog('email')}
            onDownload={() => setDialog('download')}
            onClose={() => setSelected(null)}
            {...(documentLink ? { documentLink } : {})}
          />
        )}
      </div>
      <StartDialog
        visible={dialog === 'start'}
        onHide={() => setDialog(null)}
        onSubmit={(start) => void suggest(start)}
        geocoder={Boolean(config.data?.geocoder)}
      />
      <SendDialog
        channel={dialog === 'phone' || dialog === 'email' ? dialog : null}
        onHide={() => setDialog(null)}
        onSend={(target, email) => void send(target, email)}
        busy={sendMail.isPending}
      />
      <DownloadDialog
        visible={dialog === 'download'}
        onHide={() => setDialog(null)}
        onDownload={(target) => void download(target)}
      />
    </div>
  );
}
