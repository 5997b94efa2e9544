import { describe, expect, it, vi } from 'vitest';
import { VERSION_POLL_MS } from '@p2p/domain';
import { APP_VERSION, checkVersion, startVersionPolling } from './version-check.ts';

const versionResponse = (version: string) => new Response(JSON.stringify({ version }), { status: 200, headers: { 'content-type': 'application/json' } });

function stubCaches() {
  const store = new Set(['workbox-1', 'p2p-old']);
  const cachesMock = {
    keys: vi.fn(async () => [...store]),
    delete: vi.fn(async (k: string) => store.delete(k)),
  };
  vi.stubGlobal('caches', cachesMock);
  return { store, cachesMock };
}

describe('version check', () => {
  it('bakes the build version into the bundle', () => {
    expect(APP_VERSION).toBe('1000');
  });

  it('clears Cache Storage, localStorage and sessionStorage and reloads on a newer version', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(versionResponse('2000'));
    vi.stubGlobal('fetch', fetchMock);
    const { store } = stubCaches();
    localStorage.setItem('p2p.session', '{"token":"x"}');
    sessionStorage.setItem('draft', '1');
    const reload = vi.fn();

    await expect(checkVersion({ reload })).resolves.toBe(true);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/version\.json\?ts=\d+$/);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.size).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('does nothing for the same or an older version, or when the file is missing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    stubCaches();
    localStorage.setItem('keep', '1');
    const reload = vi.fn();
    fetchMock.mockResolvedValueOnce(versionResponse('1000'));
    await expect(checkVersion({ reload })).resolves.toBe(false);
    fetchMock.mockResolvedValueOnce(versionResponse('999'));
    await expect(checkVersion({ reload })).resolves.toBe(false);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(checkVersion({ reload })).resolves.toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(checkVersion({ reload })).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('keep')).toBe('1');
  });

  it('polls every 10 minutes', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(versionResponse('1000'));
    vi.stubGlobal('fetch', fetchMock);
    const stop = startVersionPolling({ reload: vi.fn() });
    expect(VERSION_POLL_MS).toBe(600_000);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });
});
