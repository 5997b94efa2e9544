import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MESSAGES, OFFLINE_POLL_MS } from '@p2p/domain';
import { i18n } from '../lib/i18n.ts';
import { OfflineScreen } from './OfflineScreen.tsx';

const renderScreen = (props: Parameters<typeof OfflineScreen>[0]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <OfflineScreen {...props} />
    </I18nextProvider>,
  );

describe('OfflineScreen', () => {
  it('shows the offline message and polls /api/config/routes/en every 15 s until it answers, then reloads', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock
      .mockRejectedValueOnce(new TypeError('down'))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValue(new Response('[]', { status: 200 }));
    const onAvailable = vi.fn();
    renderScreen({ onAvailable });
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.offline);
    expect(OFFLINE_POLL_MS).toBe(15_000);

    await act(() => vi.advanceTimersByTimeAsync(14_999));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/config/routes/en');
    expect(onAvailable).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onAvailable).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onAvailable).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shows the server's message when given", () => {
    renderScreen({ message: 'Back at 10:00' });
    expect(screen.getByTestId('offline-screen').textContent).toContain('Back at 10:00');
  });
});
