import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testUser } from '../test/render.tsx';
import { api } from './api-client.ts';
import { rememberFormRoutes, startEarlyRequests } from './early-requests.ts';
import { resetSession, startSession } from './session.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

/** Issue 11, opening a document cold: a reload's first calls start before the app's code is loaded. */

const fetchMock = vi.fn<typeof fetch>();
const asked = () => fetchMock.mock.calls.map(([u]) => String(u));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (u) => jsonResponse({ url: String(u) }));
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok-1', testUser());
  storage.set(STORAGE_KEYS.lang, 'pt');
});
afterEach(() => {
  resetSession(null);
  storage.remove(STORAGE_KEYS.formRoutes);
  storage.remove(STORAGE_KEYS.lang);
});

describe('early requests', () => {
  it("on a form's url, asks for the document first, then the user, the configurations and the organization", () => {
    rememberFormRoutes({ '/order': 'order', '/requisition': 'requisition' });
    expect(startEarlyRequests('/order/42/edit')).toBe(true);
    expect(asked()).toEqual([
      '/api/purchasing/order/42',
      '/api/profile/user/me',
      '/api/config/app/pt',
      '/api/config/model/pt/order',
      '/api/config/purchasing',
      '/api/profile/user/groups',
    ]);
    // the same headers as the app's calls
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('the app takes each answer once, for the same url and headers; later calls go to the network', async () => {
    rememberFormRoutes({ '/order': 'order' });
    startEarlyRequests('/order/42');
    expect(fetchMock).toHaveBeenCalledTimes(6);
    await expect(api.get('/purchasing/order/42')).resolves.toEqual({ url: '/api/purchasing/order/42' });
    expect(fetchMock).toHaveBeenCalledTimes(6);
    await api.get('/purchasing/order/42');
    expect(fetchMock).toHaveBeenCalledTimes(7);
    // another user's headers (a session changed since): not the early answer
    startSession('tok-2', testUser());
    await api.get('/config/purchasing');
    expect(fetchMock).toHaveBeenCalledTimes(8);
    expect((fetchMock.mock.calls[7]![1]!.headers as Record<string, string>).Authorization).toBe(
      'Bearer tok-2',
    );
  });

  it('asks no document for a new one or an unknown path, and nothing without a session', () => {
    rememberFormRoutes({ '/order': 'order' });
    expect(startEarlyRequests('/order/new')).toBe(true);
    expect(asked()).not.toContain('/api/purchasing/order/new');
    fetchMock.mockClear();
    expect(startEarlyRequests('/reports/3')).toBe(false);
    expect(asked()).toEqual(['/api/profile/user/me', '/api/config/app/pt']);
    fetchMock.mockClear();
    resetSession(null);
    expect(startEarlyRequests('/order/42')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
