import type { FeatureCollection, GeoJsonObject } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The offline base map: Natural Earth outlines bundled with the app (world-atlas, public domain
 * data), so the map works without any tile server or internet. Land at 1:110m first, the country
 * borders at 1:50m after (a larger chunk, loaded on demand).
 */
export async function loadLand(): Promise<GeoJsonObject> {
  const topology = (await import('world-atlas/land-110m.json')).default as unknown as Topology<{
    land: GeometryCollection;
  }>;
  return feature(topology, topology.objects.land) as FeatureCollection;
}

export async function loadBorders(): Promise<GeoJsonObject> {
  const topology = (await import('world-atlas/countries-50m.json')).default as unknown as Topology<{
    countries: GeometryCollection;
  }>;
  return mesh(topology, topology.objects.countries, (a, b) => a !== b);
}
