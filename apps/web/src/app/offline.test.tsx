import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MESSAGES, type AppConfig } from '@p2p/domain';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { OfflineScreen } from '../components/OfflineScreen.tsx';
import { api } from '../lib/api-client.ts';
import { offlineMessageStore, offlineStore, rememberOfflineRecord } from '../lib/offline.ts';
import { queryClient } from '../lib/query-client.ts';
import { resetSession, startSession } from '../lib/session.ts';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../test/render.tsx';
import { App } from './App.tsx';
import { OfflineRoute } from './offline.tsx';

const notice = { ts: '2026-11-26T08:00:00.000Z', message: 'Upgrade in progress until 10:00.' };

function serve(config: AppConfig) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('?')[0]!;
    if (path.startsWith('/api/config/app/')) return jsonResponse(config);
    if (path.startsWith('/api/config/navigation/')) return jsonResponse([]);
    if (path.startsWith('/api/communication/notifications')) return jsonResponse([]);
    if (path.startsWith('/api/profile/favorites/')) return jsonResponse([]);
    if (path === '/api/profile/user/groups')
      return jsonResponse({ groups: [], organization: [], options: [] });
    if (path.startsWith('/api/profile/user/home/')) return jsonResponse({});
    return jsonResponse(
      { message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } },
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  queryClient.clear();
  resetSession(null);
  offlineStore.set(false);
  offlineMessageStore.set(null);
});
afterEach(() => {
  resetSession(null);
  offlineMessageStore.set(null);
  window.history.replaceState(null, '', '/');
});

describe("the administrator's offline notice", () => {
  it('is remembered from the app configuration (a cleared one is forgotten) and the app stays usable', async () => {
    startSession('tok', testUser());
    window.history.replaceState(null, '', '/account');
    serve(testConfig({ offline: notice }));
    const { unmount } = render(<App />);
    // the account page is a lazily loaded chunk: slow when the whole suite runs
    expect(await screen.findByTestId('account-page')).toBeTruthy();
    expect(offlineMessageStore.get()).toBe(notice.message);
    expect(localStorage.getItem('p2p.offline.message')).toBe(notice.message);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    unmount();

    queryClient.clear();
    serve(testConfig({ offline: null }));
    render(<App />);
    expect(await screen.findByTestId('account-page')).toBeTruthy();
    expect(offlineMessageStore.get()).toBeNull();
    expect(localStorage.getItem('p2p.offline.message')).toBeNull();
  });

  it('is the text of the 502 banner, else the specification text', async () => {
    renderWithProviders(<OfflineNotice />);
    rememberOfflineRecord(notice);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    await api.get('/x').catch(() => undefined);
    expect((await screen.findByTestId('offline-notice')).textContent).toBe(notice.message);
    act(() => rememberOfflineRecord(null));
    expect(screen.getByTestId('offline-notice').textContent).toBe(MESSAGES.offline);
  });

  it('is shown in danger style by the offline screen when the server cannot be reached', async () => {
    rememberOfflineRecord(notice);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    render(<App />);
    const screenMessage = await screen.findByTestId('offline-message');
    expect(screenMessage.textContent).toBe(notice.message);
    expect(screenMessage.closest('[role="alert"]')?.className).toBe('offline-screen__message');
  });

  it('given to the offline screen wins over the remembered one', () => {
    rememberOfflineRecord({ ts: notice.ts, message: 'Older notice' });
    renderWithProviders(<OfflineScreen message={notice.message} pollMs={1e9} />);
    expect(screen.getByTestId('offline-message').textContent).toBe(notice.message);
  });

  it('/offline shows it, polls the service every 15 s and goes home once it answers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('', { status: 502, statusText: 'Bad Gateway' }))
      .mockResolvedValue(jsonResponse({ routes: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const goHome = vi.fn();
    renderWithProviders(<OfflineRoute goHome={goHome} />, { config: testConfig({ offline: notice }) });
    expect(screen.getByTestId('offline-message').textContent).toBe(notice.message);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/config/routes/en');
    expect(goHome).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it('/offline is the not-found view when no notice is set', () => {
    serve(testConfig());
    renderWithProviders(<OfflineRoute />);
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});
