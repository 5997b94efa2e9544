import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RouteConfig } from '@p2p/domain';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../test/render.tsx';
import { resetSession, startSession } from '../../lib/session.ts';
import { HomeRoute } from './home.tsx';

const model = (m: string): RouteConfig => ({
  path: `/${m}`,
  name: m,
  view: 'model',
  meta: { model: m, form: true, nav: 'purchasing' },
});
const config = testConfig({
  routes: ['requisition', 'order', 'contract', 'reception', 'complaint'].map(model),
});
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSession(null);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.startsWith('/api/profile/favorites/')) return jsonResponse([]);
    if (url.pathname.startsWith('/api/profile/user/home/')) return jsonResponse({});
    return jsonResponse(
      { message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } },
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('home route', () => {
  it('gives suppliers cards for their orders, contracts, receptions and complaints, and their favorites', async () => {
    const supplier = { key: 'supplier', name: 'Supplier' };
    startSession(
      'tok',
      testUser({ role: supplier, roles: [supplier], supplier: { _id: 's1', name: 'ACME' } }),
    );
    renderWithProviders(<HomeRoute assign={() => undefined} />, { config });
    const cards = screen.getByTestId('supplier-home').querySelectorAll('a');
    expect([...cards].map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([
      ['Orders', '/order'],
      ['Contracts', '/contract'],
      ['Receptions', '/reception'],
      ['Complaints', '/complaint'],
    ]);
    expect((await screen.findByTestId('favorites-empty')).textContent).toBe('No favorites to show');
  });

  it('shows other users the favorites card without the supplier cards', async () => {
    startSession('tok', testUser());
    renderWithProviders(<HomeRoute assign={() => undefined} />, { config });
    expect(await screen.findByTestId('favorites-card')).toBeTruthy();
    expect(screen.queryByTestId('supplier-home')).toBeNull();
  });
});
