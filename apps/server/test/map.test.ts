import type { DocumentList, MapConfig, MapMarkers, MapPlace, MapRoute } from '@p2p/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapEnvFrom } from '../src/config/env.ts';
import { startSmtpTestPeer, type SmtpTestPeer } from '../src/mail/smtp-test-peer.ts';
import { startMapTestPeers, TEST_TILE, type MapTestPeers } from '../src/map/map-test-peers.ts';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * The delivery map's server side (seed 001 sections 2.10, 7 and 9) against loopback peers that
 * speak the providers' protocols: tiles through the caching proxy, OSRM routes, Photon places,
 * the markers of plants and open orders (geocoded once, stored), and the e-mail over real SMTP.
 */

let t: TestApp;
let peers: MapTestPeers;
let smtp: SmtpTestPeer;
const tokens: Record<string, string> = {};
const USER_AGENT = 'p2p-map-test/1.0 (tests@p2p.invalid)';

beforeAll(async () => {
  peers = await startMapTestPeers();
  smtp = await startSmtpTestPeer();
  t = await createTestApp({
    env: {
      rateLimitMax: 100_000,
      smtpUrl: smtp.url,
      map: mapEnvFrom({
        TILE_URL: peers.tileUrl,
        TILE_USER_AGENT: USER_AGENT,
        OSRM_URL: peers.osrmUrl,
        GEOCODER_URL: peers.geocoderUrl,
      }),
    },
  });
  for (const u of ['buyer', 'supplier', 'supplier2']) tokens[u] = (await signIn(t.app, u)).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await peers?.close();
  await smtp?.close();
});

const get = <T>(url: string, user = 'buyer') => call<T>(t.app, 'GET', url, { token: tokens[user]! });
const tile = (z: number, x: number, y: number, token = tokens.buyer!) =>
  t.app.inject({
    method: 'GET',
    url: `/api/map/tiles/${z}/${x}/${y}`,
    headers: { authorization: `Bearer ${token}` },
  });
const tileCalls = () => peers.requests.filter((r) => r.path.startsWith('/tiles/'));

describe('map configuration', () => {
  it('says what the server can do', async () => {
    const res = await get<MapConfig>('/api/map/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tiles: true,
      attribution: '© OpenStreetMap contributors',
      routing: true,
      geocoder: true,
      mail: true,
    });
  });
});

describe('tile proxy', () => {
  it('fetches a tile once with the identifying User-Agent, then answers from its cache', async () => {
    const before = tileCalls().length;
    const first = await tile(5, 15, 12);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-tile-cache']).toBe('miss');
    // the browser keeps a tile for a day: panning back does not ask again
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    expect(Buffer.compare(first.rawPayload, TEST_TILE)).toBe(0);
    const calls = tileCalls().slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/tiles/5/15/12.png']);
    expect(calls[0]!.headers['user-agent']).toBe(USER_AGENT);

    const second = await tile(5, 15, 12);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-tile-cache']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, TEST_TILE)).toBe(0);
    expect(tileCalls().length).toBe(before + 1);
  });

  it('answers 502 in the error shape when the tile server fails, and serves cached tiles meanwhile', async () => {
    peers.fail('tiles', true);
    try {
      const res = await tile(5, 16, 12);
      expect(res.statusCode).toBe(502);
      expect(errorOf(res.json()).key).toBe('map.tiles-failed');
      expect((await tile(5, 15, 12)).statusCode).toBe(200);
    } finally {
      peers.fail('tiles', false);
    }
  });

  it('refuses tiles outside the zoom level and callers without a token', async () => {
    expect((await tile(2, 4, 0)).statusCode).toBe(404);
    expect((await tile(20, 0, 0)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/map/tiles/1/0/0' })).statusCode).toBe(401);
  });
});

describe('routing', () => {
  it('asks OSRM for the driving route (lng,lat order) and answers the path as lat/lng', async () => {
    const res = await get<MapRoute>('/api/map/route?from=38.7075,-9.1364&to=38.7353,-9.104');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.path).toEqual([
      { lat: 38.7075, lng: -9.1364 },
      { lat: 38.7353, lng: -9.1364 },
      { lat: 38.7353, lng: -9.104 },
    ]);
    expect(res.body.distance).toBeGreaterThan(5000);
    expect(res.body.distance).toBeLessThan(7000);
    expect(res.body.steps.map((s) => s.instruction)).toEqual([
      'depart (Rua A)',
      'turn left (Rua B)',
      'arrive',
    ]);
    const asked = peers.requests.filter((r) => r.path.startsWith('/osrm/')).at(-1)!;
    expect(asked.path).toMatch(/^\/osrm\/route\/v1\/driving\/-9\.1364,38\.7075;-9\.104,38\.7353\?/);
  });

  it('answers 502 when the routing server fails and 400 for a bad point', async () => {
    peers.fail('osrm', true);
    try {
      const res = await get('/api/map/route?from=38.7,-9.1&to=38.8,-9.2');
      expect(res.status).toBe(502);
      expect(errorOf(res.body).key).toBe('map.routing-failed');
    } finally {
      peers.fail('osrm', false);
    }
    expect((await get('/api/map/route?from=98.7,-9.1&to=38.8,-9.2')).status).toBe(400);
    expect((await get('/api/map/route?from=lisboa&to=38.8,-9.2')).status).toBe(400);
  });
});

describe('geocoding', () => {
  it('answers the places of the Photon server for an address', async () => {
    const res = await get<MapPlace[]>(`/api/map/geocode?q=${encodeURIComponent('Rua Augusta')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ label: 'Rua Augusta 100, Lisboa, Portugal', lat: 38.7108, lng: -9.1377 }]);
    expect((await get<MapPlace[]>('/api/map/geocode?q=nowhere-at-all')).body).toEqual([]);
  });
});

describe('markers', () => {
  const orderIds = async (user: string) =>
    new Set(
      (await get<DocumentList>('/api/purchasing/order?l=100', user)).body.items.map((o) => String(o._id)),
    );

  it('shows the plants and the open orders of the buyer at their stored coordinates', async () => {
    const res = await get<MapMarkers>('/api/map/markers');
    expect(res.status).toBe(200);
    const plants = res.body.items.filter((m) => m.kind === 'plant').map((m) => m.name);
    expect(plants).toEqual(expect.arrayContaining(['Lisboa Plant', 'Porto Plant', 'Madrid Plant']));
    const orders = res.body.items.filter((m) => m.kind === 'order');
    expect(orders.length).toBeGreaterThan(0);
    const lisboa = orders.find((m) => m.address.startsWith('Rua do Açúcar 88'));
    expect(lisboa).toMatchObject({ lat: 38.7353, lng: -9.104, url: `/order/${lisboa!.documentId}` });
    const visible = await orderIds('buyer');
    for (const m of orders) expect(visible.has(m.documentId!)).toBe(true);
  });

  it('shows a supplier no plant and only its own orders', async () => {
    for (const user of ['supplier', 'supplier2']) {
      const res = await get<MapMarkers>('/api/map/markers', user);
      expect(res.status).toBe(200);
      expect(res.body.items.filter((m) => m.kind === 'plant')).toEqual([]);
      const own = await orderIds(user);
      for (const m of res.body.items) expect(own.has(m.documentId!)).toBe(true);
    }
    const one = (await get<MapMarkers>('/api/map/markers', 'supplier')).body.items.map((m) => m.documentId);
    const two = new Set(
      (await get<MapMarkers>('/api/map/markers', 'supplier2')).body.items.map((m) => m.documentId),
    );
    expect(one.filter((id) => two.has(id))).toEqual([]);
  });

  it('geocodes a new delivery address once and stores it', async () => {
    const order = (await get<DocumentList>('/api/purchasing/order?l=1&state=created')).body.items[0]!;
    const address = { street: 'Praça do Comércio', postcode: '1100-148', city: 'Lisboa', country: 'PT' };
    await sql`update documents set data = data || ${JSON.stringify({ address })}::jsonb where id = ${order._id}`.execute(
      t.conn.db,
    );
    const photonCalls = () => peers.requests.filter((r) => r.path.startsWith('/photon/api')).length;
    const before = photonCalls();
    const first = await get<MapMarkers>('/api/map/markers');
    const marker = first.body.items.find((m) => m.documentId === String(order._id));
    expect(marker).toMatchObject({
      lat: 38.7075,
      lng: -9.1364,
      address: 'Praça do Comércio, 1100-148 Lisboa, PT',
    });
    expect(photonCalls()).toBe(before + 1);
    await get<MapMarkers>('/api/map/markers');
    expect(photonCalls()).toBe(before + 1);
    const stored = await sql<{ source: string }>`select source from map_places where kind = 'address'
      and ref = ${'praça do comércio, 1100-148 lisboa, pt'}`.execute(t.conn.db);
    expect(stored.rows).toEqual([{ source: 'geocoder' }]);
  });
});

describe('KML downloads', () => {
  it("answers 'route.kml' and 'plant.kml' as attachments", async () => {
    const route = await call<string>(t.app, 'POST', '/api/map/kml', {
      token: tokens.buyer!,
      body: {
        kind: 'route',
        name: 'Lisboa Plant',
        place: { lat: 38.7, lng: -9.1 },
        start: { lat: 38.8, lng: -9.2 },
        path: [
          { lat: 38.8, lng: -9.2 },
          { lat: 38.7, lng: -9.1 },
        ],
      },
    });
    expect(route.status).toBe(200);
    expect(route.headers['content-disposition']).toBe('attachment; filename="route.kml"');
    expect(route.body).toContain('<LineString><coordinates>-9.2,38.8 -9.1,38.7</coordinates></LineString>');
    const plant = await call(t.app, 'POST', '/api/map/kml', {
      token: tokens.buyer!,
      body: { kind: 'plant', name: 'Lisboa Plant', place: { lat: 38.7, lng: -9.1 } },
    });
    expect(plant.headers['content-disposition']).toBe('attachment; filename="plant.kml"');
    const noPath = await call(t.app, 'POST', '/api/map/kml', {
      token: tokens.buyer!,
      body: { kind: 'route', name: 'x', place: { lat: 38.7, lng: -9.1 } },
    });
    expect(noPath.status).toBe(400);
  });
});

describe('sendMail', () => {
  const link = 'https://www.google.com/maps/search/?api=1&query=38.7,-9.1';

  it("sends 'GeoLocation Link' over SMTP with the sanitised body", async () => {
    const res = await call(t.app, 'POST', '/api/communication/sendMail', {
      token: tokens.buyer!,
      body: {
        to: 'driver@example.com',
        subject: 'GeoLocation Link',
        html: `<p>Local de entrega: <a href="${link}">Lisboa Plant</a></p><script>alert(1)</script>`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await smtp.next(5000);
    expect(mail.to).toEqual(['driver@example.com']);
    expect(mail.header('subject')).toBe('GeoLocation Link');
    expect(mail.text).toContain(link);
    expect(mail.raw).not.toContain('<script>');
  });

  it('refuses another subject, a body without a link, and a bad address', async () => {
    const send = (body: object) =>
      call(t.app, 'POST', '/api/communication/sendMail', { token: tokens.buyer!, body });
    expect(
      (await send({ to: 'a@example.com', subject: 'Hello', html: `<a href="${link}">x</a>` })).status,
    ).toBe(400);
    expect((await send({ to: 'a@example.com', subject: 'GeoLocation Link', html: 'no link' })).status).toBe(
      400,
    );
    expect(
      (await send({ to: 'not-an-address', subject: 'GeoLocation Link', html: `<a href="${link}">x</a>` }))
        .status,
    ).toBe(400);
  });
});
