/**
 * The delivery map (seed 001 sections 2.10, 4.5, 7 and 9): markers, routing, geocoding, KML, the
 * e-mail of a location, and the tile proxy.
 */
import { Type, type Static } from 'typebox';
import { PATTERNS } from '../auth/patterns.ts';
import { CALENDAR_EVENT_TYPES } from '../map/constants.ts';
import { OrNull, StringEnum } from './schema.ts';

const Lat = Type.Number({ minimum: -90, maximum: 90 });
const Lng = Type.Number({ minimum: -180, maximum: 180 });
export const LatLngSchema = Type.Object({ lat: Lat, lng: Lng });

/** GET /map/config: what the server can do for the map. */
export const MapConfigSchema = Type.Object({
  tiles: Type.Boolean({ description: 'a tile URL is configured: tiles come from /api/map/tiles' }),
  attribution: OrNull(Type.String()),
  routing: Type.Boolean(),
  geocoder: Type.Boolean(),
  mail: Type.Boolean({ description: 'an SMTP server is configured for POST /communication/sendMail' }),
});
export type MapConfig = Static<typeof MapConfigSchema>;

/** A marker: a plant, or the delivery address of an open order inside the caller's scope. */
export const MapMarkerSchema = Type.Object({
  id: Type.String(),
  kind: StringEnum(['plant', 'order'] as const),
  name: Type.String(),
  address: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  documentId: Type.Optional(Type.String()),
  url: Type.Optional(Type.String({ description: 'the document in the web app' })),
});
export type MapMarker = Static<typeof MapMarkerSchema>;
export const MapMarkersSchema = Type.Object({
  items: Type.Array(MapMarkerSchema),
  /** addresses with no coordinates yet (no geocoder configured, or it found nothing) */
  unplaced: Type.Integer(),
});
export type MapMarkers = Static<typeof MapMarkersSchema>;

/** GET /map/route?from=lat,lng&to=lat,lng */
const PointText = Type.String({ pattern: '^-?\\d{1,3}(\\.\\d+)?,-?\\d{1,3}(\\.\\d+)?$', maxLength: 60 });
export const MapRouteQuerySchema = Type.Object({ from: PointText, to: PointText });
export const MapRouteSchema = Type.Object({
  distance: Type.Number({ description: 'metres' }),
  duration: Type.Number({ description: 'seconds' }),
  path: Type.Array(LatLngSchema),
  steps: Type.Array(
    Type.Object({ instruction: Type.String(), distance: Type.Number(), duration: Type.Number() }),
  ),
});
export type MapRoute = Static<typeof MapRouteSchema>;

/** GET /map/geocode?q= : address autocomplete */
export const MapGeocodeQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 200 }),
  lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })),
});
export const MapPlaceSchema = Type.Object({ label: Type.String(), lat: Type.Number(), lng: Type.Number() });
export type MapPlace = Static<typeof MapPlaceSchema>;
export const MapPlacesSchema = Type.Array(MapPlaceSchema);

/** POST /map/kml: a place (plant.kml) or a route (route.kml) as KML. */
export const MapKmlBodySchema = Type.Object({
  kind: StringEnum(['plant', 'route'] as const),
  name: Type.String({ maxLength: 300 }),
  address: Type.Optional(Type.String({ maxLength: 500 })),
  place: LatLngSchema,
  start: Type.Optional(LatLngSchema),
  path: Type.Optional(Type.Array(LatLngSchema, { maxItems: 50_000 })),
});
export type MapKmlBody = Static<typeof MapKmlBodySchema>;

/** GET /map/tiles/{z}/{x}/{y} */
export const MapTileParamsSchema = Type.Object({
  z: Type.Integer({ minimum: 0, maximum: 19 }),
  x: Type.Integer({ minimum: 0 }),
  y: Type.Integer({ minimum: 0 }),
});

/** POST /communication/sendMail (seed 001 section 7): the fixed subject, a short body with the link. */
export const SendMailBodySchema = Type.Object({
  to: Type.String({ pattern: PATTERNS.email.source, maxLength: 254 }),
  subject: Type.Literal('GeoLocation Link'),
  html: Type.String({ minLength: 1, maxLength: 5000 }),
});
export type SendMailBody = Static<typeof SendMailBodySchema>;
export const SendMailResultSchema = Type.Object({ ok: Type.Literal(true), message: Type.String() });
export type SendMailResult = Static<typeof SendMailResultSchema>;

/** GET /calendar/events?from=&to=&type= */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const CalendarQuerySchema = Type.Object({
  from: Day,
  to: Day,
  type: Type.Optional(StringEnum(CALENDAR_EVENT_TYPES)),
});
export type CalendarQuery = Static<typeof CalendarQuerySchema>;
export const CalendarEventSchema = Type.Object({
  id: Type.String(),
  type: StringEnum(CALENDAR_EVENT_TYPES),
  date: Day,
  title: Type.String(),
  model: Type.String(),
  documentId: Type.String(),
  url: Type.String({ description: 'the document in the web app' }),
});
export type CalendarEvent = Static<typeof CalendarEventSchema>;
export const CalendarEventsSchema = Type.Array(CalendarEventSchema);
