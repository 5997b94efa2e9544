import type { LatLng, MapRoute } from '@p2p/domain';
import { UpstreamError, upstreamJson } from './map-upstream.ts';

/** A routing provider: the driving route between two points (seed 001 section 9: driving). */
export interface RoutingProvider {
  route(from: LatLng, to: LatLng, lang: string): Promise<MapRoute>;
}

interface OsrmStep {
  distance?: number;
  duration?: number;
  name?: string;
  maneuver?: { type?: string; modifier?: string };
}
interface OsrmAnswer {
  code?: string;
  message?: string;
  routes?: Array<{
    distance?: number;
    duration?: number;
    geometry?: { type?: string; coordinates?: unknown };
    legs?: Array<{ steps?: OsrmStep[] }>;
  }>;
}

const isPair = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';

function instruction(step: OsrmStep): string {
  const m = step.maneuver ?? {};
  return [m.type, m.modifier, step.name ? `(${step.name})` : ''].filter(Boolean).join(' ').trim();
}

/**
 * The OSRM HTTP API (`/route/v1/driving/{lng},{lat};{lng},{lat}?overview=full&geometries=geojson
 * &steps=true`), as served by project-osrm or any server that speaks it.
 */
export function osrmRouting(baseUrl: string): RoutingProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async route(from, to, lang) {
      const coords = `${from.lng},${from.lat};${to.lng},${to.lat}`;
      const url = `${base}/route/v1/driving/${coords}?overview=full&geometries=geojson&steps=true&language=${encodeURIComponent(lang)}`;
      const answer = (await upstreamJson('routing', url)) as OsrmAnswer;
      const route = answer.routes?.[0];
      if (answer.code !== 'Ok' || !route)
        throw new UpstreamError('routing', answer.message ?? String(answer.code));
      const coordinates = route.geometry?.coordinates;
      if (!Array.isArray(coordinates) || !coordinates.every(isPair))
        throw new UpstreamError('routing', 'no route geometry');
      return {
        distance: Number(route.distance ?? 0),
        duration: Number(route.duration ?? 0),
        // GeoJSON is [lng, lat]
        path: coordinates.map(([lng, lat]) => ({ lat, lng })),
        steps: (route.legs ?? []).flatMap((leg) =>
          (leg.steps ?? []).map((s) => ({
            instruction: instruction(s),
            distance: Number(s.distance ?? 0),
            duration: Number(s.duration ?? 0),
          })),
        ),
      };
    },
  };
}
