import type { AppConfig } from '@p2p/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession, startSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { OfflineNoticeEditor } from './OfflineNoticeEditor.tsx';

/** The answer of PUT /api/config/offline, as the server gives it (config.service.ts setOffline). */
const answer = (message: string | null): { offline: AppConfig['offline'] } => ({
  offline: message ? { ts: '2026-11-26T10:00:00.000Z', message } : null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession('signout');
});

describe('OfflineNoticeEditor', () => {
  it('saves the notice with PUT /api/config/offline and clears it with null', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { message: string | null };
      return jsonResponse(answer(body.message));
    });
    vi.stubGlobal('fetch', fetchMock);
    startSession('tok', testUser({ role: { key: 'admin', name: 'Administrator' } }));
    renderWithProviders(<OfflineNoticeEditor />);
    expect(screen.getByTestId('admin-offline-state').textContent).toBe('No notice is set.');
    expect((screen.getByTestId('admin-offline-clear') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('admin-offline-message'), {
      target: { value: 'Planned downtime on Saturday from 14:00 to 16:00.' },
    });
    fireEvent.click(screen.getByTestId('admin-offline-save'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-offline-state').textContent).toBe(
        'Current notice: Planned downtime on Saturday from 14:00 to 16:00.',
      ),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/config/offline');
    expect(init?.method).toBe('PUT');

    fireEvent.click(screen.getByTestId('admin-offline-clear'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-offline-state').textContent).toBe('No notice is set.'),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ message: null });
  });

  it('starts from the notice of the app configuration', () => {
    startSession('tok', testUser());
    renderWithProviders(<OfflineNoticeEditor />, {
      config: { ...testConfig(), offline: { ts: '2026-11-26T10:00:00.000Z', message: 'Back at 16:00.' } },
    });
    expect((screen.getByTestId('admin-offline-message') as HTMLTextAreaElement).value).toBe('Back at 16:00.');
  });
});
