import {
  KML_PLANT_FILE,
  KML_ROUTE_COLOR,
  KML_ROUTE_FILE,
  KML_ROUTE_WIDTH,
  type MapKmlBody,
} from '@p2p/domain';
import tokml from 'tokml';
import { AppError } from '../lib/app-error.ts';

/** tokml writes the document name as it is (its placemark names it escapes itself). */
const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const OPTIONS = { name: 'name', description: 'description', simplestyle: true } as const;

const point = (p: { lat: number; lng: number }, name: string, description?: string) => ({
  type: 'Feature',
  properties: { name, ...(description ? { description } : {}) },
  geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
});

/**
 * The KML downloads of the map (seed 001 section 9): the delivery location as 'plant.kml', or the
 * route as 'route.kml' with its start, its end and the path as a red line of width 3.
 */
export function buildKml(body: MapKmlBody): { filename: string; kml: string } {
  if (body.kind === 'plant')
    return {
      filename: KML_PLANT_FILE,
      kml: tokml(
        { type: 'FeatureCollection', features: [point(body.place, body.name, body.address)] },
        { ...OPTIONS, documentName: xmlText(body.name) },
      ),
    };
  if (!body.start || !body.path || body.path.length < 2)
    throw new AppError('bad_request', 'A route needs its start and a path of at least two points.', {
      key: 'map.route-missing',
    });
  const features = [
    point(body.start, 'Start'),
    point(body.place, body.name, body.address),
    {
      type: 'Feature',
      properties: { name: 'Route', stroke: KML_ROUTE_COLOR, 'stroke-width': KML_ROUTE_WIDTH },
      geometry: { type: 'LineString', coordinates: body.path.map((p) => [p.lng, p.lat]) },
    },
  ];
  return {
    filename: KML_ROUTE_FILE,
    kml: tokml({ type: 'FeatureCollection', features }, { ...OPTIONS, documentName: xmlText(body.name) }),
  };
}
