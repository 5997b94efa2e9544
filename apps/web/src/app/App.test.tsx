import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppConfig, RouteConfig } from '@p2p/domain';
import { jsonResponse, testConfig, testUser } from '../test/render.tsx';
import { queryClient } from '../lib/query-client.ts';
import { resetSession, sessionStore, startSession } from '../lib/session.ts';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { App } from './App.tsx';
import { appRoutes } from './route-table.tsx';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function serve(config: AppConfig, extra: Record<string, Handler> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    for (const [prefix, handler] of Object.entries(extra))
      if (path.startsWith(prefix)) return handler(url, init);
    if (path.startsWith('/api/config/app/')) return jsonResponse(config);
    if (path.startsWith('/api/config/navigation/')) return jsonResponse([{ label: 'Orders', to: '/orders' }]);
    if (path.startsWith('/api/communication/notifications'))
      return jsonResponse([
        {
          _id: 'n1',
          text: '<b>Order 1</b> approved',
          link: '/orders',
          icon: null,
          read: false,
          ts: '2026-01-01',
        },
        { _id: 'n2', text: 'Old', read: true, ts: '2026-01-01' },
      ]);
    if (path.startsWith('/api/profile/user/home/')) return jsonResponse({});
    if (path.startsWith('/api/profile/user/signout/')) return jsonResponse({ message: 'ok' });
    return jsonResponse(
      { message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } },
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ordersRoute: RouteConfig = {
  path: '/orders',
  name: 'orders',
  view: 'model',
  meta: { model: 'order', form: true },
};

beforeEach(() => {
  queryClient.clear();
  resetSession(null);
});
afterEach(() => {
  resetSession(null);
  window.history.replaceState(null, '', '/');
});

describe('route table', () => {
  it('adds the form route of model views with a form', () => {
    const paths = appRoutes(testConfig({ routes: [ordersRoute] })).map((r) => r.path);
    expect(paths).toContain('/orders');
    expect(paths).toContain('/orders/:id/:action?');
    expect(paths).toContain('/help/:doc?');
  });
});

describe('App', () => {
  it("remembers the document forms' paths for the next reload's early entry", async () => {
    storage.remove(STORAGE_KEYS.formRoutes);
    serve(testConfig({ routes: [ordersRoute] }));
    render(<App />);
    await waitFor(() => expect(storage.get(STORAGE_KEYS.formRoutes)).toBeTruthy());
    expect(JSON.parse(String(storage.get(STORAGE_KEYS.formRoutes)))).toEqual({ '/orders': 'order' });
  });

  it('sends signed-out visits to /signin with the full path as redirect, then back after sign-in', async () => {
    window.history.replaceState(null, '', '/orders?q=open');
    const fetchMock = serve(testConfig({ routes: [ordersRoute] }), {
      '/api/auth/signin': () => jsonResponse({ token: 'tok', expiresAt: '2030-01-01', user: testUser() }),
    });
    render(<App />);
    expect(await screen.findByText('Create an account')).toBeTruthy();
    expect(window.location.pathname).toBe('/signin');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/orders?q=open');
    expect(screen.getByLabelText('Domain')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'buyer' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'P2p-demo-2026!' } });
    fireEvent.click(screen.getByTestId('signin-submit'));

    expect(await screen.findByTestId('document-list-error')).toBeTruthy(); // the generic list view (its model config is not served here)
    expect(window.location.pathname + window.location.search).toBe('/orders?q=open');
    expect(screen.getByTestId('header-user-name').textContent).toBe('Hello, Bea Buyer');
    expect(screen.getByTestId('header-role-name').textContent).toBe('Buyer');
    expect(screen.getByTestId('group-button').textContent).toContain('Purchasing Lisbon');
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('1');
    const signinCall = fetchMock.mock.calls.find(([u]) => String(u) === '/api/auth/signin')!;
    expect(JSON.parse(String(signinCall[1]!.body))).toEqual({
      username: 'buyer',
      password: 'P2p-demo-2026!',
      domain: 'acme',
    });
  });

  it('signs out through the server and goes to /signin', async () => {
    startSession('tok', testUser());
    window.history.replaceState(null, '', '/');
    const fetchMock = serve(testConfig());
    render(<App />);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    fireEvent.click(screen.getByTestId('signout'));
    await waitFor(() => expect(window.location.pathname).toBe('/signin'));
    expect(window.location.search).toBe('');
    expect(sessionStore.get().user).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/profile/user/signout/u1'))).toBe(
      true,
    );
  });

  it('switches domain from the home page: the logo, the theme and the configuration follow', async () => {
    startSession('tok', testUser());
    window.history.replaceState(null, '', '/');
    const config = testConfig();
    const fetchMock = serve(config, {
      '/api/profile/user/config': () =>
        jsonResponse({
          token: 'tok-globex',
          user: testUser({ domain: 'globex', group: null, groups: [], context: {} }),
          domain: config.domains[1]!,
        }),
    });
    render(<App />);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.getByTestId('header-logo').getAttribute('src')).toBe('/logos/acme.svg');
    const configCalls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/config/app/')).length;
    const before = configCalls();

    fireEvent.click(screen.getByTestId('domain-globex'));
    await waitFor(() =>
      expect(screen.getByTestId('header-logo').getAttribute('src')).toBe('/logos/globex.svg'),
    );
    expect(document.getElementById('theme-link')?.getAttribute('href')).toBe(
      '/themes/lara-light-teal/theme.css',
    );
    expect(sessionStore.get().token).toBe('tok-globex');
    await waitFor(() => expect(configCalls()).toBeGreaterThan(before));
  });

  it('hides the sidebar and group button for suppliers', async () => {
    startSession(
      'tok',
      testUser({
        role: { key: 'supplier', name: 'Supplier' },
        roles: [{ key: 'supplier', name: 'Supplier' }],
      }),
    );
    window.history.replaceState(null, '', '/account');
    serve(testConfig());
    render(<App />);
    expect(await screen.findByTestId('account-page')).toBeTruthy();
    expect(screen.getByTestId('header-role-name').textContent).toBe('Supplier');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByTestId('group-button')).toBeNull();
  });

  it('goes to /signin with a redirect when the server says the token is not valid', async () => {
    startSession('tok', testUser());
    window.history.replaceState(null, '', '/account');
    serve(testConfig(), {
      '/api/communication/notifications': () =>
        jsonResponse(
          {
            message: 'The authentication token is not valid.',
            key: 'auth.token',
            _status: 401,
            data: { errors: [] },
          },
          401,
          'Unauthorized',
        ),
    });
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/account');
    expect(sessionStore.get().token).toBeNull();
  });

  it('shows not-found for unknown paths and for /offline', async () => {
    startSession('tok', testUser());
    window.history.replaceState(null, '', '/nowhere');
    serve(testConfig());
    render(<App />);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('maintenance mode shows not-found on every path, even signed out', async () => {
    window.history.replaceState(null, '', '/signin');
    serve(testConfig({ maintenance: true }));
    render(<App />);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByText('Create an account')).toBeNull();
  });

  it('shows the offline screen when the app config cannot be loaded', async () => {
    serve(testConfig(), {
      '/api/config/app/': () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    render(<App />);
    expect(await screen.findByTestId('offline-screen')).toBeTruthy();
  });

  it('goes to the external login when one is configured', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/', search: '', hash: '' });
    window.history.replaceState(null, '', '/account');
    serve(testConfig({ externalLoginUrl: 'https://login.example.com/' }));
    render(<App />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example.com/'));
    await act(async () => undefined);
  });
});
