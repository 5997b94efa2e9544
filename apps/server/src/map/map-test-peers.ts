import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback peers that speak the map providers' HTTP protocols, for tests and browser journeys:
 * OSRM's `/route/v1/driving/{lng},{lat};{lng},{lat}`, Photon's `/api?q=`, and a tile server
 * `/tiles/{z}/{x}/{y}.png`. Real HTTP on 127.0.0.1, so the server's providers run unchanged.
 */
export interface MapTestPeers {
  osrmUrl: string;
  geocoderUrl: string;
  tileUrl: string;
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** makes every answer of a service a 500 (or back) */
  fail(service: 'osrm' | 'photon' | 'tiles', failing: boolean): void;
  close(): Promise<void>;
}

/** A 1x1 PNG. */
export const TEST_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The places the fake geocoder knows. */
export const TEST_PLACES = [
  { name: 'Praça do Comércio', city: 'Lisboa', country: 'Portugal', lat: 38.7075, lng: -9.1364 },
  { name: 'Rua Augusta 100', city: 'Lisboa', country: 'Portugal', lat: 38.7108, lng: -9.1377 },
  { name: 'Avenida da Liberdade 110', city: 'Lisboa', country: 'Portugal', lat: 38.7197, lng: -9.1455 },
  { name: 'Estação de São Bento', city: 'Porto', country: 'Portugal', lat: 41.1456, lng: -8.6107 },
];

const haversine = (a: [number, number], b: [number, number]) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const [lng1, lat1] = a;
  const [lng2, lat2] = b;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

export async function startMapTestPeers(port = 0): Promise<MapTestPeers> {
  const failing = new Set<string>();
  const requests: MapTestPeers['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname + url.search, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const service = url.pathname.split('/')[1] ?? '';
    if (failing.has(service)) return json(500, { message: 'failing on purpose' });
    const route = /^\/osrm\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(
      url.pathname,
    );
    if (route) {
      const [a, b] = [
        [Number(route[1]), Number(route[2])] as [number, number],
        [Number(route[3]), Number(route[4])] as [number, number],
      ];
      // a dog-leg through the corner (a's longitude, b's latitude): three points, two steps
      const corner: [number, number] = [a[0], b[1]];
      const legs = [haversine(a, corner), haversine(corner, b)];
      const distance = legs[0]! + legs[1]!;
      return json(200, {
        code: 'Ok',
        routes: [
          {
            distance,
            duration: distance / 12,
            geometry: { type: 'LineString', coordinates: [a, corner, b] },
            legs: [
              {
                steps: [
                  { distance: legs[0], duration: legs[0]! / 12, name: 'Rua A', maneuver: { type: 'depart' } },
                  {
                    distance: legs[1],
                    duration: legs[1]! / 12,
                    name: 'Rua B',
                    maneuver: { type: 'turn', modifier: 'left' },
                  },
                  { distance: 0, duration: 0, name: '', maneuver: { type: 'arrive' } },
                ],
              },
            ],
          },
        ],
      });
    }
    if (url.pathname === '/photon/api') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 5);
      const hits = TEST_PLACES.filter((p) =>
        `${p.name} ${p.city}`.toLowerCase().includes(q.split(',')[0]!.trim()),
      );
      return json(200, {
        type: 'FeatureCollection',
        features: hits.slice(0, limit).map((p) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
          properties: { name: p.name, city: p.city, country: p.country },
        })),
      });
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(TEST_TILE);
    }
    json(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    osrmUrl: `${base}/osrm`,
    geocoderUrl: `${base}/photon`,
    tileUrl: `${base}/tiles/{z}/{x}/{y}.png`,
    requests,
    fail: (service, on) => (on ? failing.add(service) : failing.delete(service)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
