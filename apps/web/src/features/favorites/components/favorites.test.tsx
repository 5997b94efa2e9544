import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type {
  ApiErrorBody,
  FavoriteGroup,
  FavoriteToggle as FavoriteToggleAnswer,
  UserConfigResponse,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { FavoritesList } from './FavoritesList.tsx';
import { FavoriteToggle } from './FavoriteToggle.tsx';

/** The favorites the server holds for the user (GET /profile/favorites/u1). */
let groups: FavoriteGroup[];
let refuse: ApiErrorBody | null;
const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path,
  );

const order = (n: number) => ({ _id: String(n), name: `Order ${n}`, url: `/order/${n}` });
const without = (model: string, id: string) =>
  groups
    .map((g) => (g.model === model ? { ...g, items: g.items.filter((i) => i._id !== id) } : g))
    .filter((g) => g.items.length);

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  toastStore.set([]);
  groups = [];
  refuse = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/profile/favorites/u1') return jsonResponse(groups);
    if (url.pathname === '/api/profile/user/config' && init?.method === 'POST') {
      if (refuse) return jsonResponse(refuse, refuse._status, 'Refused');
      // the server removes the favorite and answers the user's configuration
      const { favorites } = JSON.parse(String(init.body)) as { favorites: { model: string; id: string } };
      groups = without(favorites.model, favorites.id);
      return jsonResponse({ user: testUser() } satisfies UserConfigResponse);
    }
    const toggle = /^\/api\/purchasing\/([^/]+)\/([^/]+)\/favorite$/.exec(url.pathname);
    if (toggle && init?.method === 'POST') {
      const model = toggle[1]!;
      const id = toggle[2]!;
      const was = groups.some((g) => g.model === model && g.items.some((i) => i._id === id));
      groups = was
        ? without(model, id)
        : [...groups, { label: 'Orders', model, route: `/${model}`, items: [order(Number(id))] }];
      return jsonResponse({ favorite: !was } satisfies FavoriteToggleAnswer);
    }
    return jsonResponse(
      { message: 'Not found', key: 'not_found', _status: 404, data: { errors: [] } } satisfies ApiErrorBody,
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('favorites list', () => {
  it("shows 'No favorites to show' when the user has none", async () => {
    renderWithProviders(<FavoritesList />);
    expect((await screen.findByTestId('favorites-empty')).textContent).toBe('No favorites to show');
  });

  it('groups by label, shows 5 per group and goes to the item url', async () => {
    groups = [
      { label: 'Orders', model: 'order', route: '/order', items: [1, 2, 3, 4, 5, 6].map(order) },
      {
        label: 'Contracts',
        model: 'contract',
        route: '/contract',
        items: [{ _id: 'c1', name: 'Frame contract', url: '/contract/c1' }],
      },
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

  it('the list variant removes an item through POST /profile/user/config after confirmation, then reloads the list', async () => {
    groups = [{ label: 'Orders', model: 'order', route: '/order', items: [order(7), order(9)] }];
    renderWithProviders(<FavoritesList variant="list" />);
    fireEvent.click(await screen.findByTestId('favorite-delete-order-7'));
    expect(await screen.findByText('Are you sure you want to delete Order 7 from this list?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastStore.get().map((t) => t.detail)).toContain('Item deleted'));
    const posts = calls('POST', '/api/profile/user/config');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ favorites: { model: 'order', id: '7' } });
    // the removal needs no access to the document: its own favorite toggle is not used
    expect(calls('POST', '/api/purchasing/order/7/favorite')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('favorite-item-order-7')).toBeNull());
    expect(screen.getByTestId('favorite-item-order-9')).toBeTruthy();
    expect(calls('GET', '/api/profile/favorites/u1')).toHaveLength(2);
  });

  it("keeps the item and shows the server's message when the removal is refused", async () => {
    groups = [{ label: 'Orders', model: 'order', route: '/order', items: [order(7)] }];
    refuse = {
      message: 'Too many requests, please try again later.',
      key: 'rate-limit',
      _status: 503,
      data: { errors: [] },
    };
    renderWithProviders(<FavoritesList variant="list" />);
    fireEvent.click(await screen.findByTestId('favorite-delete-order-7'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.detail)).toContain('Too many requests, please try again later.'),
    );
    expect(toastStore.get().map((t) => t.detail)).not.toContain('Item deleted');
    expect(screen.getByTestId('favorite-item-order-7')).toBeTruthy();
  });
});

describe('favorite star of a document', () => {
  it('shows whether the document is a favorite and toggles it through POST .../favorite', async () => {
    renderWithProviders(<FavoriteToggle model="order" id="7" />);
    const star = await screen.findByTestId('favorite-toggle');
    await waitFor(() => expect(calls('GET', '/api/profile/favorites/u1')).toHaveLength(1));
    expect(star.getAttribute('data-favorite')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe('Add to favorites');
    fireEvent.click(star);
    await waitFor(() => expect(calls('POST', '/api/purchasing/order/7/favorite')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('favorite-toggle').getAttribute('data-favorite')).toBe('true'),
    );
    expect(screen.getByTestId('favorite-toggle').getAttribute('aria-label')).toBe('Remove from favorites');
    // the favorites list is read again
    await waitFor(() => expect(calls('GET', '/api/profile/favorites/u1')).toHaveLength(2));
  });

  it('stars a favorite from the list, and a click does not reach the row around it', async () => {
    groups = [{ label: 'Orders', model: 'order', route: '/order', items: [order(7)] }];
    const onRow = vi.fn();
    renderWithProviders(
      <div onClick={onRow}>
        <FavoriteToggle model="order" id="7" size="small" testId="row-favorite-7" />
      </div>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('row-favorite-7').getAttribute('data-favorite')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('row-favorite-7'));
    await waitFor(() =>
      expect(screen.getByTestId('row-favorite-7').getAttribute('data-favorite')).toBe('false'),
    );
    expect(onRow).not.toHaveBeenCalled();
  });
});
