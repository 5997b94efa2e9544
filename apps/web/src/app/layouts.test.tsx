import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RouteConfig } from '@p2p/domain';
import { jsonResponse, testConfig, testUser } from '../test/render.tsx';
import { queryClient } from '../lib/query-client.ts';
import { resetSession, startSession } from '../lib/session.ts';
import { App } from './App.tsx';

const ordersRoute: RouteConfig = {
  path: '/orders',
  name: 'orders',
  view: 'model',
  meta: { model: 'order', form: true },
};
const config = testConfig({ routes: [ordersRoute] });

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = String(input).split('?')[0]!;
      if (path.startsWith('/api/config/app/')) return jsonResponse(config);
      if (path.startsWith('/api/config/navigation/'))
        return jsonResponse([
          { label: 'Home', to: '/' },
          { label: 'Orders', to: '/orders' },
        ]);
      if (path.startsWith('/api/communication/notifications')) return jsonResponse([]);
      if (path.startsWith('/api/profile/user/home/')) return jsonResponse({});
      return jsonResponse(
        { message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } },
        404,
        'Not Found',
      );
    }),
  );
}

/** The browser answers the phone media query (below 768 px) with `phone`. */
function screenIs(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  queryClient.clear();
  resetSession(null);
  startSession('tok', testUser());
  window.history.replaceState(null, '', '/');
  serve();
});
afterEach(() => {
  resetSession(null);
  window.history.replaceState(null, '', '/');
});

describe('AppLayout sidebar', () => {
  it('on a phone is a closed overlay on load that opens, closes and closes after navigating', async () => {
    localStorage.setItem('p2p.sidebar.open', 'true');
    screenIs(true);
    render(<App />);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('sidebar').className).toContain('app-sidebar--overlay');
    fireEvent.click(screen.getByTestId('sidebar-close'));
    expect(screen.queryByTestId('sidebar')).toBeNull();

    fireEvent.click(toggle);
    fireEvent.click(await screen.findByText('Orders'));
    await waitFor(() => expect(window.location.pathname).toBe('/orders'));
    expect(screen.queryByTestId('sidebar')).toBeNull();
    // the desktop's remembered state is not the phone's
    expect(localStorage.getItem('p2p.sidebar.open')).toBe('true');
  });

  it('on a desktop is a column, open as remembered, without a close button', async () => {
    screenIs(false);
    render(<App />);
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.getByTestId('sidebar').className).toBe('app-sidebar');
    expect(screen.queryByTestId('sidebar-close')).toBeNull();
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(localStorage.getItem('p2p.sidebar.open')).toBe('false');
  });
});
