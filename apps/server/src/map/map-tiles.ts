import { notFound } from '../lib/app-error.ts';
import { UpstreamError, upstreamGet } from './map-upstream.ts';

export interface Tile {
  body: Buffer;
  contentType: string;
}

export interface TileProxyOptions {
  /** template with {z}, {x}, {y} (and optionally {s}: one of a, b, c) */
  url: string;
  /** the identifying User-Agent tile servers ask for (OpenStreetMap's tile usage policy) */
  userAgent: string;
  /** cache limits: total bytes and the age after which a tile is fetched again */
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
}

const MAX_TILE_BYTES = 2 * 1024 * 1024;

/**
 * Tiles from the configured tile server through the API: one identifying User-Agent, a bounded
 * in-memory cache (least recently used out first) so a map view does not ask the server again for
 * the tiles it already has, and one upstream request per tile however many callers wait for it.
 */
export function tileProxy(opts: TileProxyOptions) {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = opts.maxAgeMs ?? 24 * 60 * 60 * 1000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, Tile & { at: number }>();
  const pending = new Map<string, Promise<Tile>>();
  let bytes = 0;
  let upstreamCalls = 0;

  const evict = () => {
    for (const [key, tile] of cache) {
      if (bytes <= maxBytes) break;
      cache.delete(key);
      bytes -= tile.body.length;
    }
  };

  const fetchTile = async (z: number, x: number, y: number): Promise<Tile> => {
    const url = opts.url
      .replace('{z}', String(z))
      .replace('{x}', String(x))
      .replace('{y}', String(y))
      .replace('{s}', 'abc'[(x + y) % 3]!);
    upstreamCalls++;
    const res = await upstreamGet('tiles', url, { 'user-agent': opts.userAgent, accept: 'image/*' });
    const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
    if (!contentType.startsWith('image/')) throw new UpstreamError('tiles', `not an image (${contentType})`);
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length === 0 || body.length > MAX_TILE_BYTES) throw new UpstreamError('tiles', 'bad tile size');
    return { body, contentType };
  };

  return {
    /** The tile, from the cache when it holds a fresh copy; `cached` says which. */
    async get(z: number, x: number, y: number): Promise<Tile & { cached: boolean }> {
      const n = 2 ** z;
      if (x >= n || y >= n) throw notFound('No such tile.');
      const key = `${z}/${x}/${y}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < maxAgeMs) {
        // most recently used last
        cache.delete(key);
        cache.set(key, hit);
        return { body: hit.body, contentType: hit.contentType, cached: true };
      }
      let wait = pending.get(key);
      if (!wait) {
        wait = fetchTile(z, x, y).finally(() => pending.delete(key));
        pending.set(key, wait);
      }
      const tile = await wait;
      if (!cache.has(key)) {
        if (hit) bytes -= hit.body.length;
        cache.set(key, { ...tile, at: now() });
        bytes += tile.body.length;
        evict();
      }
      return { ...tile, cached: false };
    },
    stats: () => ({ tiles: cache.size, bytes, upstreamCalls }),
  };
}

export type TileProxy = ReturnType<typeof tileProxy>;
