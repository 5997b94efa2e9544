import { isLatLng, type LatLng } from '@p2p/domain';

export interface MarkerData extends LatLng {
  name: string;
  address: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The location of an address: {lat, lng}, [lat, lng] or {location: either}; null without two numbers. */
function locationOf(o: Record<string, unknown>): LatLng | null {
  for (const c of [o.location, o.geometry && (o.geometry as Record<string, unknown>).location, o]) {
    if (Array.isArray(c) && c.length === 2 && c.every((n) => typeof n === 'number')) {
      const p = { lat: c[0] as number, lng: c[1] as number };
      if (isLatLng(p)) return p;
    }
    if (c && typeof c === 'object' && isLatLng(c)) return { lat: (c as LatLng).lat, lng: (c as LatLng).lng };
  }
  return null;
}

/**
 * The route parameter markerData of /map (seed 000 section 2): an address as base64-encoded JSON.
 * The address is its formatted address or, when it has none, its delivery address (seed 001
 * section 2.10). Anything that is not an address with a location of two numbers is null.
 */
export function decodeMarkerData(param: string | undefined): MarkerData | null {
  if (!param) return null;
  let parsed: unknown;
  try {
    const bytes = Uint8Array.from(
      atob(decodeURIComponent(param).replace(/-/g, '+').replace(/_/g, '/')),
      (c) => c.charCodeAt(0),
    );
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const o = parsed as Record<string, unknown>;
  const at = locationOf(o);
  if (!at) return null;
  const delivery = o.deliveryAddress;
  const address =
    text(o.formattedAddress) ||
    text(o.formatted_address) ||
    text(o.address) ||
    (typeof delivery === 'string'
      ? delivery.trim()
      : delivery && typeof delivery === 'object'
        ? Object.values(delivery)
            .filter((v) => typeof v === 'string')
            .join(', ')
        : '');
  return { ...at, name: text(o.name) || text(o.label) || address, address };
}

/** The inverse, for links to /map/{markerData}. */
export function encodeMarkerData(data: { name?: string; address?: string; location: LatLng }): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  return btoa(String.fromCharCode(...bytes));
}
