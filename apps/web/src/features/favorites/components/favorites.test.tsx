import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { FavoritesList } from './FavoritesList.tsx';

let groups: unknown[];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  toastStore.set([]);
  groups = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/profile/favorites/u1') return jsonResponse(groups);
    if (url.pathname === '/api/purchasing/order/7/favorite' && init?.method === 'POST') {
      groups = [];
      return jsonResponse({ favorite: false });
    }
    if (url.pathname === '/api/profile/user/config' && init?.method === 'POST') {
      groups = [];
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ message: 'Not found' }, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
});

const order = (n: number) => ({ _id: String(n), name: `Order ${n}`, url: `/order/${n}` });

describe('favorites', () => {
  it("shows 'No favorites to show' when the user has none", async () => {
    renderWithProviders(<FavoritesList />);
    expect((await screen.findByTestId('favorites-empty')).textContent).toBe('No favorites to show');
  });

  it('groups by label, shows 5 per group and goes to the item url', async () => {
    groups = [
      { label: 'Orders', model: 'order', route: '/order', items: [1, 2, 3, 4, 5, 6].map(order) },
      { label: 'Contracts', model: 'contract', route: '/contract', items: [{ _id: 'c1', name: 'Frame contract', url: '/contract/c1' }] },
    ];
    renderWithProviders(
      <Routes>
        <Route path="/" element={<FavoritesList />} />
        <Route path="/order/:id" element={<p data-testid="opened">opened</p>} />
      </Routes>,
    );
    const orders = await screen.findByTestId('favorites-group-order');
    expect(orders.querySelectorAll('li')).toHaveLength(5);
    expect(orders.querySelector('h3')?.textContent).toBe('Orders');
    expect(screen.getByTestId('favorites-group-contract').textContent).toContain('Frame contract');
    fireEvent.click(screen.getByTestId('favorite-item-order-2'));
    expect(await screen.findByTestId('opened')).toBeTruthy();
  });

  it('the list variant deletes an item after confirmation and reloads the list', async () => {
    groups = [{ label: 'Orders', model: 'order', route: '/order', items: [order(7)] }];
    renderWithProviders(<FavoritesList variant="list" />);
    fireEvent.click(await screen.findByTestId('favorite-delete-order-7'));
    expect(await screen.findByText('Are you sure you want to delete Order 7 from this list?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.detail)).toContain('Item deleted'));
    expect(fetchMock.mock.calls.filter(([u, i]) => String(u).endsWith('/purchasing/order/7/favorite') && i?.method === 'POST')).toHaveLength(1);
    expect((await screen.findByTestId('favorites-empty')).textContent).toBe('No favorites to show');
  });

  it('removes a favorite whose document is gone through /profile/user/config', async () => {
    groups = [{ label: 'Orders', model: 'order', route: '/order', items: [order(9)] }];
    renderWithProviders(<FavoritesList variant="list" />);
    fireEvent.click(await screen.findByTestId('favorite-delete-order-9'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.detail)).toContain('Item deleted'));
    const post = fetchMock.mock.calls.find(([u, i]) => String(u).endsWith('/profile/user/config') && i?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ favorites: { model: 'order', id: '9' } });
  });
});
