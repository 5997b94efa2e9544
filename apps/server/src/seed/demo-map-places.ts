import type { Db } from '../db/database.ts';
import { addressKey, addressText, mapRepository } from '../map/map.repository.ts';
import { DEMO_DOMAINS } from './demo-data.ts';

/**
 * Coordinates of the demo plants and warehouses (the delivery map, map/), so the map shows real
 * markers without a geocoder: what a geocoder would have stored once.
 */
const PLANTS: Record<string, { lat: number; lng: number }> = {
  'pt-lisboa': { lat: 38.7681, lng: -9.0986 },
  'pt-porto': { lat: 41.1781, lng: -8.6089 },
  'es-madrid': { lat: 40.4301, lng: -3.6904 },
  'us-springfield': { lat: 39.799, lng: -89.644 },
};
const LOCATIONS: Record<string, { lat: number; lng: number }> = {
  'lisboa-wh': { lat: 38.7353, lng: -9.104 },
  'porto-wh': { lat: 41.1596, lng: -8.6597 },
  'madrid-wh': { lat: 40.437, lng: -3.627 },
  'springfield-dc': { lat: 39.7817, lng: -89.6501 },
};

export async function insertDemoMapPlaces(db: Db): Promise<void> {
  const repo = mapRepository(db);
  for (const d of DEMO_DOMAINS) {
    const plants = d.organization
      .flatMap((n) => [n, ...(n.children ?? [])])
      .filter((n) => n.type === 'plant');
    for (const p of plants) {
      const at = PLANTS[p.key];
      if (at)
        await repo.savePlace({
          domain_id: d.id,
          kind: 'plant',
          ref: p.key,
          name: p.label,
          address: p.label,
          ...at,
          source: 'seed',
        });
    }
    for (const l of d.locations) {
      const at = LOCATIONS[l.key];
      const text = addressText(l.address);
      if (at && text)
        await repo.savePlace({
          domain_id: d.id,
          kind: 'address',
          ref: addressKey(text),
          name: l.name,
          address: text,
          ...at,
          source: 'seed',
        });
    }
  }
}
