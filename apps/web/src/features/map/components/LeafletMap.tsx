import { useEffect, useRef } from 'react';
import {
  MAP_DEFAULT_CENTER,
  MAP_MARKER_DELAY_MS,
  MAP_MAX_ZOOM,
  MAP_ZOOM_MANY,
  MAP_ZOOM_SINGLE,
  type LatLng,
} from '@p2p/domain';
import { L } from './leaflet-global.ts';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { loadBorders, loadLand } from './base-outline.ts';
import { fetchTile } from '../api/map-requests.ts';

export interface MapPoint extends LatLng {
  id: string;
  name: string;
  kind: 'plant' | 'order' | 'place';
}

export interface LeafletMapProps {
  points: MapPoint[];
  /** the calculated route: its path is drawn as a red line */
  route?: LatLng[] | null;
  /** tiles through the server's proxy; off: the bundled outline only */
  tiles: boolean;
  tileAttribution: string | null;
  onSelect: (point: MapPoint) => void;
  outlineAttribution: string;
}

/** Tiles fetched with the session's headers (an <img> cannot send the bearer token). */
const ProxyTiles = L.GridLayer.extend({
  createTile(this: L.GridLayer, coords: L.Coords, done: L.DoneCallback) {
    const img = document.createElement('img');
    img.alt = '';
    fetchTile(coords.z, coords.x, coords.y)
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        img.onload = () => {
          URL.revokeObjectURL(url);
          done(undefined, img);
        };
        img.src = url;
      })
      .catch((err: Error) => done(err, img));
    return img;
  },
}) as unknown as new (opts: L.GridLayerOptions) => L.GridLayer;

const icon = (p: MapPoint) =>
  L.divIcon({
    className: `map-marker map-marker--${p.kind}`,
    html: `<span class="map-marker__pin" data-testid="map-marker" data-marker-id="${p.id}"></span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 24],
  });

/**
 * Leaflet behind our own component (react-leaflet's licence is not one we can take): the map,
 * the base outline or proxied tiles, the clustered markers created after 500 ms (seed 001
 * section 9), and the route line. Leaflet owns the DOM inside the container.
 */
export function LeafletMap({
  points,
  route,
  tiles,
  tileAttribution,
  onSelect,
  outlineAttribution,
}: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const routeLayer = useRef<L.Polyline | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;

  // the map and its base layer, once
  useEffect(() => {
    if (!container.current) return;
    // without a tile layer Leaflet needs maxZoom, or it throws
    const m = L.map(container.current, {
      center: [MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng],
      zoom: MAP_ZOOM_MANY,
      maxZoom: MAP_MAX_ZOOM,
      minZoom: 2,
      worldCopyJump: true,
    });
    map.current = m;
    let cancelled = false;
    if (tiles) {
      const layer = new ProxyTiles({ maxZoom: MAP_MAX_ZOOM, tileSize: 256 });
      layer.getAttribution = () => tileAttribution ?? '';
      layer.addTo(m);
    } else {
      m.attributionControl.addAttribution(outlineAttribution);
      const style = { color: '#7a8b99', weight: 1, fillColor: '#e8eee4', fillOpacity: 1 };
      void loadLand()
        .then((land) => {
          if (!cancelled) L.geoJSON(land, { style, interactive: false }).addTo(m);
          return loadBorders();
        })
        .then((borders) => {
          const dashed = { color: '#9aa8b4', weight: 1, dashArray: '3' };
          if (!cancelled) L.geoJSON(borders, { style: dashed, interactive: false }).addTo(m);
        })
        // the markers work without the outline (a browser that draws neither SVG nor canvas)
        .catch((err: unknown) => console.warn('map outline not drawn', err));
    }
    return () => {
      cancelled = true;
      m.remove();
      map.current = null;
    };
  }, [tiles, tileAttribution, outlineAttribution]);

  // markers, clustered, created after the delay; the view fits them
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const group = L.markerClusterGroup({ showCoverageOnHover: false });
    const timer = setTimeout(() => {
      for (const p of points) {
        const marker = L.marker([p.lat, p.lng], {
          icon: icon(p),
          title: p.name,
          alt: p.name,
          keyboard: true,
        });
        marker.on('click', () => select.current(p));
        group.addLayer(marker);
      }
      group.addTo(m);
    }, MAP_MARKER_DELAY_MS);
    if (points.length === 1) m.setView([points[0]!.lat, points[0]!.lng], MAP_ZOOM_SINGLE);
    else if (points.length > 1) {
      // several: zoom 10 on the default centre, Lisbon, when a marker is in that view; else on
      // the first marker (a tenant with nothing near Lisbon)
      const home = L.latLng(MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng);
      m.setView(home, MAP_ZOOM_MANY);
      const view = m.getBounds();
      if (!points.some((p) => view.contains([p.lat, p.lng])))
        m.setView([points[0]!.lat, points[0]!.lng], MAP_ZOOM_MANY);
    }
    return () => {
      clearTimeout(timer);
      group.remove();
    };
  }, [points]);

  // the route: a red line of width 3, in view
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    routeLayer.current?.remove();
    routeLayer.current = null;
    if (route && route.length > 1) {
      const line = L.polyline(
        route.map((p) => [p.lat, p.lng] as [number, number]),
        { color: '#ff0000', weight: 3 },
      ).addTo(m);
      routeLayer.current = line;
      m.fitBounds(line.getBounds(), { padding: [24, 24] });
    }
  }, [route]);

  return <div ref={container} className="map-canvas" data-testid="map-canvas" />;
}
