import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  MapConfig,
  MapKmlBody,
  MapMarkers,
  MapPlace,
  MapRoute,
  SendMailBody,
  SendMailResult,
} from '@p2p/domain';
import { apiUrl, buildHeaders, type Query } from '../../../lib/api-client.ts';

/** A failed map call: the server's message (a provider down is 502, one not configured 503). */
export class MapRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The map's own way to the server. Not the shared client: a 502 here means a map provider
 * (tiles, routing, geocoder, SMTP) failed, not that our server went away, so it must not switch
 * the app to the offline screen; the caller shows the message where it happened.
 */
export async function mapFetch(
  path: string,
  opts: { query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers = buildHeaders(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {});
  const res = await fetch(apiUrl(path, opts.query), {
    method: opts.body !== undefined ? 'POST' : 'GET',
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new MapRequestError(body?.message ?? res.statusText, res.status);
  }
  return res;
}

const json = async <T>(path: string, opts: Parameters<typeof mapFetch>[1] = {}) =>
  (await (await mapFetch(path, opts)).json()) as T;

/** GET /map/config */
export const mapConfigQuery = () =>
  queryOptions({
    queryKey: ['map', 'config'] as const,
    queryFn: () => json<MapConfig>('/map/config'),
    staleTime: 5 * 60_000,
  });
export const useMapConfig = () => useQuery(mapConfigQuery());

/** GET /map/markers: plants and open orders' delivery addresses in the caller's scope. */
export const mapMarkersQuery = () =>
  queryOptions({
    queryKey: ['map', 'markers'] as const,
    queryFn: () => json<MapMarkers>('/map/markers'),
    staleTime: 60_000,
  });
export const useMapMarkers = (enabled: boolean) => useQuery({ ...mapMarkersQuery(), enabled });

const point = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;

/** GET /map/route */
export const getRoute = (from: { lat: number; lng: number }, to: { lat: number; lng: number }) =>
  json<MapRoute>('/map/route', { query: { from: point(from), to: point(to) } });

/** GET /map/geocode (address autocomplete) */
export const searchPlaces = (q: string, lang: string, signal?: AbortSignal) =>
  json<MapPlace[]>('/map/geocode', { query: { q, lang }, ...(signal ? { signal } : {}) });

/** POST /map/kml: the file as a blob and its name from the answer. */
export async function fetchKml(body: MapKmlBody): Promise<{ blob: Blob; filename: string }> {
  const res = await mapFetch('/map/kml', { body });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), filename: name ?? `${body.kind}.kml` };
}

/** POST /communication/sendMail */
export const useSendMapMail = () =>
  useMutation({
    mutationFn: async (body: SendMailBody) => json<SendMailResult>('/communication/sendMail', { body }),
  });

/** One base-map tile through the server's proxy (a tile image cannot send the bearer token). */
export async function fetchTile(z: number, x: number, y: number, signal?: AbortSignal): Promise<Blob> {
  const res = await mapFetch(`/map/tiles/${z}/${x}/${y}`, signal ? { signal } : {});
  return res.blob();
}
