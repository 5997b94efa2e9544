import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { HEADERS, MESSAGES, decodeContext } from '@p2p/domain';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { jsonResponse, testUser } from '../test/render.tsx';
import { ApiError, api } from './api-client.ts';
import { i18n } from './i18n.ts';
import { offlineStore } from './offline.ts';
import { resetSession, sessionStore, startSession } from './session.ts';
import { toastStore } from './toasts.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toastStore.set([]);
  offlineStore.set(false);
  startSession('tok-1', testUser());
});
afterEach(() => resetSession(null));

const errorBody = (message: string, status: number, errors: { field?: string; message: string }[] = []) => ({
  message,
  key: 'error.key',
  _status: status,
  data: { errors },
});

describe('api client', () => {
  it('sends the token, domain, user and encoded context headers', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }));
    await expect(api.get('/profile/user/me')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/profile/user/me');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers[HEADERS.domain]).toBe('acme');
    expect(headers[HEADERS.user]).toBe('buyer');
    expect(decodeContext(headers[HEADERS.context])).toEqual({ group: 'g1' });
  });

  it('posts JSON and reads 202 answers as text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('accepted', { status: 202 }));
    await expect(api.post('/x', { a: 1 })).resolves.toBe('accepted');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('builds the error message from the errors list, else the message, else status text', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        errorBody('Bad', 400, [
          { field: 'a', message: 'A wrong' },
          { field: 'b', message: 'B wrong' },
        ]),
        400,
        'Bad Request',
      ),
    );
    const err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('A wrong, B wrong');
    expect(err.status).toBe(400);
    expect(err.key).toBe('error.key');
    expect(err.errors).toHaveLength(2);

    fetchMock.mockResolvedValueOnce(jsonResponse(errorBody('Not allowed', 403), 403, 'Forbidden'));
    await expect(api.get('/x')).rejects.toThrow('Not allowed');

    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(api.get('/x')).rejects.toThrow('500 Internal Server Error');
  });

  it('resets the session on a 401 saying the token is not valid', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(errorBody(MESSAGES.tokenInvalid, 401), 401, 'Unauthorized'));
    await expect(api.get('/profile/user/me')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get().user).toBeNull();
    expect(sessionStore.get().token).toBeNull();
    expect(sessionStore.get().endedBy).toBe('invalid-token');
    expect(localStorage.getItem('p2p.session')).toBeNull();
  });

  it('keeps the session on other 401 answers (wrong password)', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(errorBody('Invalid username or password.', 401), 401, 'Unauthorized'),
    );
    await expect(api.post('/auth/signin', {})).rejects.toThrow('Invalid username or password.');
    expect(sessionStore.get().token).toBe('tok-1');
  });

  it('shows the offline notice on 502 and clears it on the next success', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <OfflineNotice />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect((await screen.findByTestId('offline-notice')).textContent).toBe(MESSAGES.offline);

    fetchMock.mockResolvedValueOnce(jsonResponse([]));
    await api.get('/x');
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('toasts the too-many-requests text on 503', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(errorBody(MESSAGES.tooManyRequests, 503), 503, 'Service Unavailable'),
    );
    await expect(api.get('/x')).rejects.toThrow(MESSAGES.tooManyRequests);
    expect(toastStore.get().map((t) => t.detail)).toEqual([MESSAGES.tooManyRequests]);
    expect(toastStore.get()[0]!.position).toBe('bottom-right');
  });

  it('toasts the network text when fetch fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe(MESSAGES.network);
    expect(err.status).toBe(0);
    const [toast] = toastStore.get();
    expect(toast!.detail).toBe(MESSAGES.network);
    expect(toast!.severity).toBe('error');
    expect(toast!.life).toBe(5000);
  });

  it('aborts calls that exceed their timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/x', { timeoutMs: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(((await pending) as ApiError).message).toBe(MESSAGES.network);
  });
});
