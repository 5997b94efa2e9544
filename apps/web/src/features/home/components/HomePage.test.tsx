import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { HEADERS, type ApiErrorBody } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import type { DomainSwitchAnswer } from '../../../lib/domain.ts';
import { resetSession, sessionStore, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { HomePage } from './HomePage.tsx';

const config = testConfig();
const globex = config.domains[1]!;
const fetchMock = vi.fn<typeof fetch>();
type Handler = (init: RequestInit | undefined) => Response;

function serve(extra: Record<string, Handler> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0]!;
    if (extra[path]) return extra[path](init);
    if (path.startsWith('/api/profile/user/home/')) return jsonResponse({});
    if (path === '/api/purchasing/order')
      return jsonResponse({ items: [], options: { count: 0, page: 1, pagesize: 30 } });
    const notFound: ApiErrorBody = {
      message: 'Not found',
      key: 'not-found',
      _status: 404,
      data: { errors: [] },
    };
    return jsonResponse(notFound, 404, 'Not Found');
  });
}

function OrderList() {
  const list = useQuery({
    queryKey: ['table', '/purchasing/order'],
    queryFn: () => api.get('/purchasing/order'),
  });
  return <p data-testid="list-status">{list.status}</p>;
}

const listCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/purchasing/order'));
const headersOf = (call: Parameters<typeof fetch> | undefined) =>
  (call?.[1]?.headers ?? {}) as Record<string, string>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toastStore.set([]);
  startSession('tok-acme', testUser());
});
afterEach(() => {
  resetSession(null);
  document.getElementById('theme-link')?.remove();
});

describe('home page domain selector', () => {
  it('switches to the other domain: new session, its theme, everything fetched again', async () => {
    const answer: DomainSwitchAnswer = {
      token: 'tok-globex',
      expiresAt: '2030-01-01T00:00:00.000Z',
      user: testUser({ _id: 'u9', domain: 'globex', group: null, groups: [], context: {} }),
      domain: globex,
    };
    serve({ '/api/profile/user/config': () => jsonResponse(answer) });
    renderWithProviders(
      <>
        <HomePage />
        <OrderList />
      </>,
      { config },
    );
    await waitFor(() => expect(screen.getByTestId('list-status').textContent).toBe('success'));
    expect(screen.getByTestId('domain-acme').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('domain-globex'));
    await waitFor(() => expect(sessionStore.get().token).toBe('tok-globex'));
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/profile/user/config')!;
    expect(call[1]!.method).toBe('POST');
    expect(JSON.parse(String(call[1]!.body))).toEqual({ domain: 'globex' });
    expect(headersOf(call).Authorization).toBe('Bearer tok-acme');

    expect(sessionStore.get().user?.domain).toBe('globex');
    expect(localStorage.getItem('p2p.domain')).toBe('globex');
    expect(document.getElementById('theme-link')?.getAttribute('href')).toBe(
      '/themes/lara-light-teal/theme.css',
    );
    expect(screen.getByTestId('domain-globex').getAttribute('aria-checked')).toBe('true');
    expect(toastStore.get().map((t) => [t.severity, t.detail])).toEqual([
      ['success', 'You are now working in Globex.'],
    ]);

    // the list on screen is read again, as the new session in the new domain
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(headersOf(listCalls()[1]).Authorization).toBe('Bearer tok-globex');
    expect(headersOf(listCalls()[1])[HEADERS.domain]).toBe('globex');
  });

  it("shows the server's refusal as a toast and stays in the domain", async () => {
    const refusal: ApiErrorBody = {
      message: 'You have no account in domain Globex.',
      key: 'profile.domain-no-account',
      _status: 403,
      data: { errors: [] },
    };
    serve({ '/api/profile/user/config': () => jsonResponse(refusal, 403, 'Forbidden') });
    renderWithProviders(<HomePage />, { config });
    fireEvent.click(screen.getByTestId('domain-globex'));
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
    expect(toastStore.get()[0]).toMatchObject({
      severity: 'error',
      detail: 'You have no account in domain Globex.',
    });
    expect(sessionStore.get().token).toBe('tok-acme');
    expect(sessionStore.get().user?.domain).toBe('acme');
    expect(screen.getByTestId('domain-acme').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('domain-globex') as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks nothing when the current domain is clicked', () => {
    serve();
    renderWithProviders(<HomePage />, { config });
    fireEvent.click(screen.getByTestId('domain-acme'));
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/profile/user/config')).toBe(false);
  });

  it('shows the selector only when the domain flag is on', () => {
    serve();
    renderWithProviders(<HomePage />, { config: testConfig({ flags: { ...config.flags, domain: false } }) });
    expect(screen.getByTestId('home-page')).toBeTruthy();
    expect(screen.queryByTestId('domain-selector')).toBeNull();
  });

  it('names the location the user works in as the current group', () => {
    serve();
    startSession(
      'tok-acme',
      testUser({
        group: null,
        locations: [{ _id: 'loc-1', key: 'lisboa-wh', name: 'Lisboa warehouse' }],
        workgroups: [],
        context: { location: 'loc-1' },
      }),
    );
    renderWithProviders(<HomePage />, { config });
    expect(screen.getByTestId('home-group').textContent).toBe('Lisboa warehouse');
  });
});
