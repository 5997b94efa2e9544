import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { CalendarPage } from './CalendarPage.tsx';

const link = (e: CalendarEvent, children: ReactNode) => (
  <a href={e.url} data-testid="event-link">
    {children}
  </a>
);

describe('CalendarPage', () => {
  it('asks the server for the visible days of the month and shows its events', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      jsonResponse([
        {
          id: 'delivery:order:7',
          type: 'delivery',
          date: '2026-03-15',
          title: '4500012307 - Valves',
          model: 'order',
          documentId: '7',
          url: '/order/7',
        },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CalendarPage renderLink={link} />, {
      route: '/calendar?month=2026-03&type=delivery',
    });
    const day = await screen.findByTestId('cal-day-2026-03-15');
    await waitFor(() => expect(within(day).getByTestId('event-link').getAttribute('href')).toBe('/order/7'));
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/calendar/events');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2026-02-23',
      to: '2026-04-05',
      type: 'delivery',
    });
    expect(screen.getByTestId('cal-title').textContent).toContain('March 2026');
  });
});
