import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiErrorSchema,
  binaryResponse,
  described,
  errorResponses,
  MapConfigSchema,
  MapGeocodeQuerySchema,
  MapKmlBodySchema,
  MapMarkersSchema,
  MapPlacesSchema,
  MapRouteQuerySchema,
  MapRouteSchema,
  MapTileParamsSchema,
  SendMailBodySchema,
  SendMailResultSchema,
} from '@p2p/domain/api';
import { caller } from '../auth/auth.hook.ts';
import type { Services } from '../services.ts';
import { buildKml } from './map-kml.ts';
import { sendMapMail } from './map-mail.ts';
import { orBadGateway } from './map-upstream.ts';
import type { MapService } from './map.service.ts';

/** The answer when a provider (tiles, routing, geocoder, SMTP) fails. */
const BAD_GATEWAY = {
  502: described(ApiErrorSchema, 'The map provider or mail server failed or gave no usable answer'),
};

/** The delivery map (seed 001 sections 2.10, 4.5, 7 and 9). */
export const mapRoutes: FastifyPluginAsyncTypebox<{ services: Services; map: MapService }> = async (
  app,
  { services, map },
) => {
  const tags = ['map'];
  const lang = (l: string | undefined) => (l === 'pt' ? 'pt' : 'en');

  app.get(
    '/map/config',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getMapConfig',
        summary: 'What the map may use: tiles through the proxy, routing, address search, e-mail',
        response: { 200: described(MapConfigSchema, 'The map configuration'), ...errorResponses(401, 503) },
      },
    },
    () => map.config(),
  );

  app.get(
    '/map/markers',
    {
      config: { policy: 'documents' },
      schema: {
        tags,
        operationId: 'listMapMarkers',
        summary:
          "The plants (not for suppliers) and the delivery addresses of the open orders inside the caller's " +
          'scope, with coordinates geocoded once and stored',
        response: { 200: described(MapMarkersSchema, 'The markers'), ...errorResponses(401, 503) },
      },
    },
    (req) => map.markers(caller(req)),
  );

  app.get(
    '/map/route',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getMapRoute',
        summary:
          'The driving route between two points (lat,lng) from the routing provider; 502 when it fails',
        querystring: MapRouteQuerySchema,
        response: {
          200: described(MapRouteSchema, 'The route'),
          ...errorResponses(400, 401, 503),
          ...BAD_GATEWAY,
        },
      },
    },
    (req, reply) =>
      orBadGateway(req, reply, () => map.route(req.query.from, req.query.to, lang(caller(req).user.lang))),
  );

  app.get(
    '/map/geocode',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'searchMapPlaces',
        summary: 'Places matching an address (autocomplete) from the geocoder; 502 when it fails',
        querystring: MapGeocodeQuerySchema,
        response: {
          200: described(MapPlacesSchema, 'The places, best first'),
          ...errorResponses(400, 401, 503),
          ...BAD_GATEWAY,
        },
      },
    },
    (req, reply) =>
      orBadGateway(req, reply, () => map.geocode(req.query.q, req.query.lang ?? caller(req).user.lang)),
  );

  app.get(
    '/map/tiles/:z/:x/:y',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'getMapTile',
        summary: 'A base map tile from the configured tile server, cached; 502 when the tile server fails',
        produces: ['image/png'],
        params: MapTileParamsSchema,
        response: {
          200: binaryResponse('image/png', 'The tile image'),
          ...errorResponses(400, 401, 404, 503),
          ...BAD_GATEWAY,
        },
      },
    },
    (req, reply) =>
      orBadGateway(req, reply, async () => {
        const tile = await map.tile(req.params.z, req.params.x, req.params.y);
        await reply
          .header('content-type', tile.contentType)
          .header('cache-control', 'private, max-age=86400')
          .header('x-tile-cache', tile.cached ? 'hit' : 'miss')
          .send(tile.body);
      }),
  );

  app.post(
    '/map/kml',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'downloadMapKml',
        summary: "The delivery location as 'plant.kml' or the route as 'route.kml' (red path, width 3)",
        produces: ['application/vnd.google-earth.kml+xml'],
        body: MapKmlBodySchema,
        response: {
          200: binaryResponse('application/vnd.google-earth.kml+xml', 'The KML document'),
          ...errorResponses(400, 401, 503),
        },
      },
    },
    (req, reply) => {
      const { filename, kml } = buildKml(req.body);
      return reply
        .header('content-type', 'application/vnd.google-earth.kml+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(kml);
    },
  );

  app.post(
    '/communication/sendMail',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags,
        operationId: 'sendMapMail',
        summary:
          "Sends a location or route link by e-mail (subject 'GeoLocation Link', sanitised HTML) over SMTP; " +
          '503 when no SMTP server is configured',
        body: SendMailBodySchema,
        response: {
          200: described(SendMailResultSchema, 'Sent'),
          ...errorResponses(400, 401, 503),
          ...BAD_GATEWAY,
        },
      },
    },
    (req, reply) => orBadGateway(req, reply, () => sendMapMail(services.mail, caller(req), req.body)),
  );
};
