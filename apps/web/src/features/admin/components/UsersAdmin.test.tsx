import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { resetSession } from '../../../lib/session.ts';
import { UsersAdmin } from './UsersAdmin.tsx';

const user = (over: Partial<AdminUser>): AdminUser => ({
  _id: 'u1',
  username: 'buyer',
  name: 'Bea Buyer',
  email: 'buyer@acme.test',
  role: 'buyer',
  status: 'active',
  approvable: false,
  createdAt: '2026-01-01T00:00:00Z',
  signIn: { failures: 0, locked: false, blockedUntil: null },
  ...over,
});
const users = [
  user({ _id: 'p1', username: 'pat', status: 'pending', approvable: true, role: 'requester' }),
  user({ _id: 'l1', username: 'locked', signIn: { failures: 20, locked: true, blockedUntil: null } }),
  user({ passwordResetRequestedAt: '2026-11-26T14:05:00Z' }),
];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'GET' && url === '/api/admin/users') return jsonResponse(users);
    if (url === '/api/admin/users/l1/unlock')
      return jsonResponse({ message: 'Account unlocked.', user: { ...users[1], signIn: users[2]!.signIn } });
    if (url === '/api/admin/users/u1/password-link' && init?.method === 'POST')
      return jsonResponse({
        message: 'Password link created.',
        url: 'https://p2p.example.test/set-password/tokXYZ',
        path: '/set-password/tokXYZ',
        expiresAt: '2026-11-27T10:00:00Z',
        delivery: 'shown',
      });
    if (url === '/api/admin/users/p1/approve')
      return jsonResponse({
        message: 'Account approved.',
        user: { ...users[0], status: 'active', approvable: false },
      });
    return jsonResponse(
      { message: 'Not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => resetSession('signout'));

const row = (username: string) =>
  screen.getAllByTestId('admin-user').find((r) => r.getAttribute('data-username') === username)!;

describe('UsersAdmin', () => {
  it('shows the lock and lifts it with Unlock', async () => {
    renderWithProviders(<UsersAdmin />, { route: '/admin' });
    await screen.findAllByTestId('admin-user');
    expect(within(row('locked')).getByTestId('admin-user-locked')).toBeTruthy();
    expect(within(row('buyer')).queryByTestId('admin-user-unlock')).toBeNull();
    fireEvent.click(within(row('locked')).getByTestId('admin-user-unlock'));
    await waitFor(() => expect(within(row('locked')).queryByTestId('admin-user-locked')).toBeNull());
    expect(
      fetchMock.mock.calls.some(([u, i]) => u === '/api/admin/users/l1/unlock' && i?.method === 'POST'),
    ).toBe(true);
  });

  it('approves a pending sign-up', async () => {
    renderWithProviders(<UsersAdmin />, { route: '/admin' });
    await screen.findAllByTestId('admin-user');
    expect(within(row('pat')).getByText('Waiting for approval')).toBeTruthy();
    fireEvent.click(within(row('pat')).getByTestId('admin-user-approve'));
    await waitFor(() => expect(within(row('pat')).getByText('Active')).toBeTruthy());
    expect(within(row('pat')).queryByTestId('admin-user-approve')).toBeNull();
  });

  it('shows a Forgot password request and makes the link, shown in full', async () => {
    renderWithProviders(<UsersAdmin />, { route: '/admin' });
    await screen.findAllByTestId('admin-user');
    expect(within(row('buyer')).getByTestId('admin-user-reset-requested').textContent).toMatch(
      /Password link requested 26-11-2026 \d\d:\d\d/,
    );
    // pending accounts get no link
    expect(within(row('pat')).queryByTestId('admin-user-password-link')).toBeNull();
    fireEvent.click(within(row('buyer')).getByTestId('admin-user-password-link'));
    const made = await screen.findByTestId('admin-password-link');
    expect(made.textContent).toContain('buyer');
    expect(screen.getByTestId('admin-password-link-url').getAttribute('href')).toBe(
      'https://p2p.example.test/set-password/tokXYZ',
    );
  });
});
