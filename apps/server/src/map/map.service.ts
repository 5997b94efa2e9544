import {
  actsAsSupplier,
  type LatLng,
  type MapConfig,
  type MapMarker,
  type MapMarkers,
  type MapPlace,
  type MapRoute,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { MapEnv } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import type { Geocoder } from './map-geocoder.ts';
import type { RoutingProvider } from './map-routing.ts';
import type { TileProxy } from './map-tiles.ts';
import { addressKey, addressText, mapRepository, type MapPlaceRow } from './map.repository.ts';

export interface MapProviders {
  env: MapEnv;
  tiles: TileProxy | null;
  routing: RoutingProvider | null;
  geocoder: Geocoder | null;
  /** whether e-mail can be sent (the mail service is configured) */
  mailConfigured: () => boolean;
}

/** At most this many orders on the map, and new addresses geocoded per view (the rest next time). */
const MAX_ORDERS = 500;
const GEOCODE_PER_VIEW = 10;

const unavailable = (what: string) =>
  new AppError('unavailable', `The ${what} service is not configured on this server.`, {
    key: `map.${what}-off`,
  });

export const parsePoint = (text: string): LatLng => {
  const [lat, lng] = text.split(',').map(Number) as [number, number];
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180))
    throw new AppError('bad_request', `'${text}' is not a latitude,longitude pair.`, { key: 'map.point' });
  return { lat, lng };
};

/**
 * The delivery map (seed 001 section 2.10): markers of the plants and of the delivery addresses of
 * open orders, with coordinates geocoded once and stored (map_places); routes and address search
 * through the configured providers.
 */
export function mapService(db: Db, access: Pick<DocumentAccess, 'viewableModels'>, providers: MapProviders) {
  const repo = mapRepository(db);

  /** Stored places of `refs`; those never tried are geocoded (a few per view) and stored. */
  async function placesOf(
    domainId: string,
    kind: 'plant' | 'address',
    wanted: Array<{ ref: string; name: string; address: string }>,
  ): Promise<Map<string, MapPlaceRow>> {
    const found = new Map(
      (await repo.places(domainId, kind, [...new Set(wanted.map((w) => w.ref))])).map((p) => [p.ref, p]),
    );
    const missing = wanted.filter(
      (w, i) => !found.has(w.ref) && wanted.findIndex((o) => o.ref === w.ref) === i,
    );
    if (!providers.geocoder) return found;
    for (const w of missing.slice(0, GEOCODE_PER_VIEW)) {
      let hit: MapPlace | undefined;
      try {
        hit = (await providers.geocoder.search(w.address, { limit: 1 }))[0];
      } catch {
        continue; // the provider is down: try again on a later view, store nothing
      }
      const row: MapPlaceRow = {
        domain_id: domainId,
        kind,
        ref: w.ref,
        name: w.name,
        address: w.address,
        lat: hit?.lat ?? null,
        lng: hit?.lng ?? null,
        source: hit ? 'geocoder' : 'geocoder-none',
      };
      await repo.savePlace(row);
      found.set(w.ref, row);
    }
    return found;
  }

  return {
    config(): MapConfig {
      return {
        tiles: Boolean(providers.tiles),
        attribution: providers.tiles ? providers.env.tileAttribution : null,
        routing: Boolean(providers.routing),
        geocoder: Boolean(providers.geocoder),
        mail: providers.mailConfigured(),
      };
    },

    async markers(auth: AuthContext): Promise<MapMarkers> {
      const items: MapMarker[] = [];
      let unplaced = 0;
      // plants are the organisation's own: a supplier sees only where its orders go
      if (!actsAsSupplier(auth.user)) {
        const plants = await repo.plants(auth.domainId);
        const places = await placesOf(
          auth.domainId,
          'plant',
          plants.map((p) => ({ ref: p.key, name: p.label, address: p.label })),
        );
        for (const p of plants) {
          const place = places.get(p.key);
          if (place?.lat == null || place.lng == null) {
            unplaced++;
            continue;
          }
          items.push({
            id: `plant:${p.key}`,
            kind: 'plant',
            name: p.label,
            address: place.address,
            lat: place.lat,
            lng: place.lng,
          });
        }
      }
      const order = (await access.viewableModels(auth)).find((m) => m.model.name === 'order');
      if (order) {
        const rows = (await repo.openOrders(order.scope.listWhere, MAX_ORDERS))
          .map((r) => ({ ...r, text: addressText(r.address) }))
          .filter((r) => r.text);
        const places = await placesOf(
          auth.domainId,
          'address',
          rows.map((r) => ({ ref: addressKey(r.text), name: r.location_name ?? r.text, address: r.text })),
        );
        for (const r of rows) {
          const place = places.get(addressKey(r.text));
          if (place?.lat == null || place.lng == null) {
            unplaced++;
            continue;
          }
          items.push({
            id: `order:${r.id}`,
            kind: 'order',
            name: [r.key, r.description].filter(Boolean).join(' - ') || `#${r.id}`,
            address: r.text,
            lat: place.lat,
            lng: place.lng,
            documentId: r.id,
            url: `/order/${r.id}`,
          });
        }
      }
      return { items, unplaced };
    },

    async route(from: string, to: string, lang: string): Promise<MapRoute> {
      const [a, b] = [parsePoint(from), parsePoint(to)];
      if (!providers.routing) throw unavailable('routing');
      return providers.routing.route(a, b, lang);
    },

    async geocode(q: string, lang: string): Promise<MapPlace[]> {
      if (!providers.geocoder) throw unavailable('geocoder');
      return providers.geocoder.search(q, { lang, limit: 5 });
    },

    async tile(z: number, x: number, y: number) {
      if (x >= 2 ** z || y >= 2 ** z) throw notFound('No such tile.');
      if (!providers.tiles) throw unavailable('tiles');
      return providers.tiles.get(z, x, y);
    },
  };
}

export type MapService = ReturnType<typeof mapService>;
