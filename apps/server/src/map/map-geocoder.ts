import type { MapPlace } from '@p2p/domain';
import { UpstreamError, upstreamJson } from './map-upstream.ts';

/** A geocoder: places matching a text, best first (autocomplete and the addresses of orders). */
export interface Geocoder {
  search(text: string, opts?: { lang?: string; limit?: number }): Promise<MapPlace[]>;
}

interface PhotonFeature {
  geometry?: { coordinates?: unknown };
  properties?: Record<string, unknown>;
}

/** 'Rua X 12, 1950-010 Lisboa, Portugal' from Photon's properties. */
function labelOf(p: Record<string, unknown>): string {
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  const street = [text('street'), text('housenumber')].filter(Boolean).join(' ');
  const place = [text('postcode'), text('city') || text('county')].filter(Boolean).join(' ');
  const parts = [text('name'), street, place, text('country')].filter(Boolean);
  return [...new Set(parts)].join(', ');
}

/** The Photon API (`/api?q=&limit=&lang=`, GeoJSON features), as served by komoot's Photon. */
export function photonGeocoder(baseUrl: string): Geocoder {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async search(text, opts = {}) {
      const lang = opts.lang && ['en', 'de', 'fr', 'it'].includes(opts.lang) ? `&lang=${opts.lang}` : '';
      const url = `${base}/api?q=${encodeURIComponent(text)}&limit=${opts.limit ?? 5}${lang}`;
      const answer = (await upstreamJson('geocoder', url)) as { features?: PhotonFeature[] };
      if (!Array.isArray(answer.features)) throw new UpstreamError('geocoder', 'no features');
      const out: MapPlace[] = [];
      for (const f of answer.features) {
        const c = f.geometry?.coordinates;
        if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') continue;
        out.push({ label: labelOf(f.properties ?? {}) || text, lat: c[1], lng: c[0] });
      }
      return out;
    },
  };
}
