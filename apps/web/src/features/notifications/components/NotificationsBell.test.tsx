import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Notification } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';

let list: Notification[];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  list = [
    {
      _id: 'n1',
      text: '<b>Order 4500000001</b> was approved',
      link: '/orders/1',
      icon: 'pi pi-check',
      read: false,
      ts: '2026-01-01',
    },
    { _id: 'n2', text: 'Contract expires soon', link: null, icon: null, read: false, ts: '2026-01-02' },
    { _id: 'n3', text: 'Old news', read: true, ts: '2026-01-03' },
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET') return jsonResponse(list);
    if (url.startsWith('/api/communication/notifications/read/')) {
      const id = url.split('/').pop();
      list = list.map((n) => (n._id === id ? { ...n, read: true } : n));
    } else if (url === '/api/communication/notifications/all') list = [];
    else if (method === 'DELETE') list = list.filter((n) => n._id !== url.split('/').pop());
    return jsonResponse({ message: 'ok' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = () => fetchMock.mock.calls.map(([u, i]) => `${i?.method ?? 'GET'} ${String(u).split('?')[0]}`);

describe('NotificationsBell', () => {
  it('counts unread items, marks a notification read when its link opens, removes one and all', async () => {
    renderWithProviders(<NotificationsBell />);
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('2');

    fireEvent.click(screen.getByTestId('notifications-button'));
    expect(await screen.findByText('Order 4500000001')).toBeTruthy();
    expect(screen.getAllByTestId('notification')).toHaveLength(3);

    fireEvent.click(screen.getAllByText('Open')[0]!);
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('1'));
    expect(calls()).toContain('POST /api/communication/notifications/read/n1');

    fireEvent.click(await screen.findByText('Contract expires soon'));
    fireEvent.click(screen.getAllByTestId('notification-remove')[2]!);
    await waitFor(() => expect(calls()).toContain('DELETE /api/communication/notifications/n3'));

    fireEvent.click(screen.getByText('Remove all'));
    await waitFor(() => expect(calls()).toContain('DELETE /api/communication/notifications/all'));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
  });
});
