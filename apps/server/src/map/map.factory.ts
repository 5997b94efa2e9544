import { mapEnvFrom, type MapEnv } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess } from '../documents/document.access.ts';
import { photonGeocoder } from './map-geocoder.ts';
import { osrmRouting } from './map-routing.ts';
import { tileProxy } from './map-tiles.ts';
import { mapService } from './map.service.ts';

/**
 * The map service with the providers the environment configures (TILE_URL, OSRM_URL,
 * GEOCODER_URL); each unset one is off, and the map still works on its bundled outline.
 */
export function createMapService(
  db: Db,
  access: Pick<DocumentAccess, 'viewableModels'>,
  env: MapEnv | undefined,
  mail: { isConfigured: boolean },
) {
  const config = env ?? mapEnvFrom({});
  return mapService(db, access, {
    env: config,
    tiles: config.tileUrl ? tileProxy({ url: config.tileUrl, userAgent: config.tileUserAgent }) : null,
    routing: config.osrmUrl ? osrmRouting(config.osrmUrl) : null,
    geocoder: config.geocoderUrl ? photonGeocoder(config.geocoderUrl) : null,
    mailConfigured: () => mail.isConfigured,
  });
}
