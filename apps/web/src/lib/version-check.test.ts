import { describe, expect, it, vi } from 'vitest';
import { VERSION_POLL_MS } from '@p2p/domain';
import {
  afterFirstScreen,
  APP_VERSION,
  CHUNK_RELOAD_KEY,
  FIRST_SCREEN_IDLE_TIMEOUT_MS,
  checkVersion,
  reloadForNewBuild,
  startVersionPolling,
} from './version-check.ts';

const versionResponse = (version: string) =>
  new Response(JSON.stringify({ version }), { status: 200, headers: { 'content-type': 'application/json' } });

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

  it('reloads once for a chunk that failed to load when a newer build is deployed', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => versionResponse('2000'));
    vi.stubGlobal('fetch', fetchMock);
    stubCaches();
    sessionStorage.clear();
    localStorage.setItem('p2p.session', '{"token":"x"}');
    const reload = vi.fn();

    await expect(reloadForNewBuild({ reload })).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000');
    // the reload still served this build: no second reload, no loop
    await expect(reloadForNewBuild({ reload })).resolves.toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // a later build that also loses a chunk may reload once itself
    await expect(reloadForNewBuild({ reload, current: '1500' })).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    sessionStorage.clear();
  });

  it('does not reload for a failed chunk while the same build is deployed or the server is away', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.clear();
    const reload = vi.fn();
    fetchMock.mockResolvedValueOnce(versionResponse('1000'));
    await expect(reloadForNewBuild({ reload })).resolves.toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(reloadForNewBuild({ reload })).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
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

  it('defers work past the first screen: after the page loaded, at an idle moment (5 s at most)', () => {
    const idle: Array<{ run: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, o?: { timeout?: number }) => {
      idle.push({ run, timeout: o?.timeout });
      return idle.length;
    });
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const fn = vi.fn();
    afterFirstScreen(fn);
    expect(idle).toHaveLength(0);
    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(fn).not.toHaveBeenCalled();
    expect(idle).toEqual([{ run: expect.any(Function), timeout: FIRST_SCREEN_IDLE_TIMEOUT_MS }]);
    idle[0]!.run();
    expect(fn).toHaveBeenCalledTimes(1);
    // a page already loaded waits for the idle moment only
    afterFirstScreen(fn);
    expect(idle).toHaveLength(2);
    state.mockRestore();
    vi.unstubAllGlobals();
  });
});
