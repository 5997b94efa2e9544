/**
 * The fetch boundary of the documents tests: answers as the server does for one model and one
 * stored document (read with the caller's offers, list, timeline, configurations). A test changes
 * the fields of the returned object, or adds `extra` answers checked first.
 */
import { vi } from 'vitest';
import type { ModelConfigResponse, PurchasingConfig } from '@p2p/domain';
import { sessionStore } from '../../../lib/session.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { listOf } from './order-fixtures.ts';
import { served, servedTimeline, type StoredDocument, type TimelineMessage } from './served.ts';

export type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

export interface MockServer {
  config: ModelConfigResponse;
  purchasing: PurchasingConfig;
  /** the stored document, answered at /api/purchasing/{model}/{id} */
  current: StoredDocument;
  messages: TimelineMessage[];
  /** answers checked before the defaults */
  extra: Handler;
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  calls: (method: string, path: string) => Array<Parameters<typeof fetch>>;
  /** the parsed JSON body of the n-th call of method and path */
  body: (method: string, path: string, n?: number) => unknown;
}

export const emptyPurchasing: PurchasingConfig = {
  models: [],
  currencies: [],
  defaultCurrency: 'EUR',
  taxCodes: [],
  priceConditions: [],
};

export function mockServer(config: ModelConfigResponse, current: StoredDocument): MockServer {
  const fetchMock = vi.fn<typeof fetch>();
  const server: MockServer = {
    config,
    purchasing: emptyPurchasing,
    current,
    messages: [],
    extra: () => undefined,
    fetch: fetchMock,
    calls: (method, path) =>
      fetchMock.mock.calls.filter(
        ([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path,
      ),
    body: (method, path, n = 0) => JSON.parse(String(server.calls(method, path)[n]![1]!.body)) as unknown,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const special = server.extra(url, init);
    if (special) return special;
    const model = server.config.name;
    const doc = `/api/purchasing/${model}/${String(server.current._id)}`;
    const user = sessionStore.get().user!;
    if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(server.config);
    if (url.pathname === '/api/config/purchasing') return jsonResponse(server.purchasing);
    if (url.pathname === `/api/communication/messages${doc.slice('/api/purchasing'.length)}`)
      return jsonResponse(servedTimeline(server.config, server.current._state.current, server.messages));
    if (url.pathname === doc && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(served(server.current, server.config, user));
    if (url.pathname === `/api/purchasing/${model}`) return jsonResponse(listOf(server.current));
    return jsonResponse(
      { message: 'Not found', key: 'not_found', _status: 404, data: { errors: [] } },
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return server;
}
