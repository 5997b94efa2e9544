import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { Notification } from '@p2p/domain';
import { NOTIFICATION_EVENT, type NotificationStreamToken } from '@p2p/domain/api';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';

/** The browser's EventSource, driven by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? [])
      fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

let list: Notification[];
let gets = 0;
let minted = 0;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  FakeEventSource.made = [];
  gets = 0;
  minted = 0;
  list = [{ _id: 'n1', text: 'Old news', read: false, ts: '2026-01-01T00:00:00.000Z' }];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/notifications/stream-token') && init?.method === 'POST') {
      minted++;
      const link: NotificationStreamToken = {
        url: `/api/notifications/stream?access_token=t${minted}`,
        expiresAt: '2026-01-01T00:05:00.000Z',
      };
      return jsonResponse(link);
    }
    gets++;
    return jsonResponse(list);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell on the live stream', () => {
  it('counts a streamed notification at once, without polling', async () => {
    renderWithProviders(<NotificationsBell />);
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('1');
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const source = FakeEventSource.made[0]!;
    expect(source.url).toBe('/api/notifications/stream?access_token=t1');
    act(() => source.open());
    const streamed: Notification = {
      _id: 'n2',
      text: '<b>Order 4500000001</b> was submitted for approval.',
      link: '/order/1',
      icon: 'pi pi-sync',
      read: false,
      ts: '2026-01-02T00:00:00.000Z',
    };
    act(() => source.emit(NOTIFICATION_EVENT, streamed));
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('2'));
    expect(gets).toBe(1);
  });

  it('after a refused stream it asks a new token and fetches the list once when reopened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<NotificationsBell />);
      await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
      act(() => FakeEventSource.made[0]!.open());
      await waitFor(() => expect(gets).toBe(1));
      list = [...list, { _id: 'n3', text: 'Missed while away', read: false, ts: '2026-01-03T00:00:00.000Z' }];
      act(() => FakeEventSource.made[0]!.refuse());
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(FakeEventSource.made).toHaveLength(2));
      expect(FakeEventSource.made[1]!.url).toBe('/api/notifications/stream?access_token=t2');
      act(() => FakeEventSource.made[1]!.open());
      await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('2'));
      expect(gets).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
