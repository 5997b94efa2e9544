import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizedErrorBody, requestLanguage } from '../lib/error-handler.ts';

/** A map provider (tiles, routing, geocoder) that failed or answered nonsense: 502 to the caller. */
export class UpstreamError extends Error {
  constructor(
    readonly service: string,
    detail: string,
  ) {
    super(`The ${service} service did not answer: ${detail}`);
  }
}

const DEFAULT_TIMEOUT_MS = 8000;

/** GET `url` with a timeout; any network failure or status outside 2xx is an UpstreamError. */
export async function upstreamGet(
  service: string,
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (err) {
    throw new UpstreamError(service, err instanceof Error ? err.message : String(err));
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamError(service, `status ${res.status}`);
  }
  return res;
}

export async function upstreamJson(service: string, url: string, headers: Record<string, string> = {}) {
  const res = await upstreamGet(service, url, { accept: 'application/json', ...headers });
  try {
    return (await res.json()) as unknown;
  } catch {
    throw new UpstreamError(service, 'not JSON');
  }
}

/**
 * Runs `work`; an UpstreamError becomes a 502 in the error shape (others go to the error handler).
 * After a 502 the handler resolves to nothing: the reply is already sent.
 */
export async function orBadGateway<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    req.log.warn({ service: err.service, err: err.message }, 'map provider failed');
    const message = `The ${err.service} service is not available; try again later.`;
    await reply
      .code(502)
      .send(localizedErrorBody(502, message, `map.${err.service}-failed`, [], requestLanguage(req)));
    return undefined;
  }
}
