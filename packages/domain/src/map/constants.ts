/**
 * The delivery map and the calendar (seed 001 sections 2.10, 2.11, 4.5 and 9): the constants and
 * the exact texts the specification gives, shared by the server and the web app.
 */

/** Default centre: Lisbon (seed 001 section 9). */
export const MAP_DEFAULT_CENTER = { lat: 38.7223, lng: -9.1393 } as const;
/** Zoom with a single marker, and with several. */
export const MAP_ZOOM_SINGLE = 15;
export const MAP_ZOOM_MANY = 10;
/** A map without tiles still needs a maximum zoom (Leaflet throws without one). */
export const MAP_MAX_ZOOM = 18;
export const MAP_LANGUAGE = 'pt';
export const MAP_TRAVEL_MODE = 'driving';
/** Markers are created after this delay (ms). */
export const MAP_MARKER_DELAY_MS = 500;
/** KML file names and the route line's style. */
export const KML_PLANT_FILE = 'plant.kml';
export const KML_ROUTE_FILE = 'route.kml';
export const KML_ROUTE_COLOR = '#ff0000';
export const KML_ROUTE_WIDTH = 3;
/** The fixed subject of the e-mail that sends a location or a route. */
export const MAP_MAIL_SUBJECT = 'GeoLocation Link';

/** The map's warnings, exactly as the specification writes them (section 8). */
export const MAP_WARNINGS = {
  sendWithoutRoute: "Nenhuma rota calculada. Carregue no botão 'Sugerir Rota'.",
  downloadWithoutRoute:
    "Nenhuma rota calculada. Carregue no botão 'Sugerir Rota' primeiro, para poder fazer o download da mesma.",
} as const;

/** A point as latitude and longitude in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

export const isLatLng = (v: unknown): v is LatLng => {
  const p = v as { lat?: unknown; lng?: unknown } | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.lat === 'number' &&
    typeof p.lng === 'number' &&
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180
  );
};

/** The maps deep link a phone opens: the place, or the route from `origin` (driving). */
export function mapsLink(destination: LatLng, origin?: LatLng): string {
  const at = (p: LatLng) => `${p.lat},${p.lng}`;
  return origin
    ? `https://www.google.com/maps/dir/?api=1&origin=${at(origin)}&destination=${at(destination)}&travelmode=${MAP_TRAVEL_MODE}`
    : `https://www.google.com/maps/search/?api=1&query=${at(destination)}`;
}

/** The calendar's event types (seed 001 section 2.11, issue 10). */
export const CALENDAR_EVENT_TYPES = [
  'delivery',
  'reception',
  'contract-expiry',
  'evaluation',
  'approval',
] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];
/** Weeks start on Monday (seed 001 section 9): 0 Sunday ... 6 Saturday. */
export const CALENDAR_WEEK_START = 1;
/** The widest window one events call may ask for, in days. */
export const CALENDAR_MAX_RANGE_DAYS = 120;
