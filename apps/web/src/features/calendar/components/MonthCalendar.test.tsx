import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '@p2p/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { MonthCalendar } from './MonthCalendar.tsx';
import { monthWeeks, resolveBound } from './month.ts';

const event = (n: number, date: string, type: CalendarEvent['type'] = 'delivery'): CalendarEvent => ({
  id: `${type}:order:${n}`,
  type,
  date,
  title: `450001230${n} - Order ${n}`,
  model: 'order',
  documentId: String(n),
  url: `/order/${n}`,
});
const link = (e: CalendarEvent, children: ReactNode) => (
  <a href={e.url} data-testid="event-link">
    {children}
  </a>
);
const march = { year: 2026, month: 2 };

describe('month grid', () => {
  it('lays whole weeks from Monday or Sunday', () => {
    const monday = monthWeeks(march, 1);
    expect(monday[0]![0]).toBe('2026-02-23');
    expect(monday.at(-1)![6]).toBe('2026-04-05');
    expect(monday).toHaveLength(6);
    const sunday = monthWeeks(march, 0);
    expect(sunday[0]![0]).toBe('2026-03-01');
    expect(sunday).toHaveLength(5);
    // February 2026 starts on a Sunday and has 28 days: four rows from Sunday
    expect(monthWeeks({ year: 2026, month: 1 }, 0)).toHaveLength(4);
  });

  it("reads 'today' and days as bounds", () => {
    expect(resolveBound('today', new Date(2026, 10, 26))).toBe('2026-11-26');
    expect(resolveBound('2026-03-04')).toBe('2026-03-04');
    expect(resolveBound('soon')).toBeNull();
  });
});

describe('MonthCalendar', () => {
  it('shows the heading, weekday headers from Monday, and the navigation', () => {
    const onMonth = vi.fn();
    renderWithProviders(
      <MonthCalendar
        month={march}
        onMonth={onMonth}
        events={[]}
        weekStart={1}
        renderLink={link}
        today="2026-11-26"
      />,
    );
    expect(screen.getByTestId('cal-title').textContent).toContain('March 2026');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    fireEvent.click(screen.getByTestId('cal-prev'));
    fireEvent.click(screen.getByTestId('cal-next'));
    fireEvent.click(screen.getByTestId('cal-today'));
    expect(onMonth.mock.calls.map((c) => c[0])).toEqual([
      { year: 2026, month: 1 },
      { year: 2026, month: 3 },
      { year: 2026, month: 10 },
    ]);
  });

  it("shows two events a day and the rest behind '+N events', whose dialog links every event", async () => {
    const events = [1, 2, 3, 4].map((n) => event(n, '2026-03-15'));
    renderWithProviders(
      <MonthCalendar
        month={march}
        onMonth={() => undefined}
        events={events}
        weekStart={1}
        renderLink={link}
      />,
    );
    const day = screen.getByTestId('cal-day-2026-03-15');
    expect(within(day).getAllByTestId('event-link')).toHaveLength(2);
    fireEvent.click(within(day).getByTestId('cal-more'));
    expect(within(day).getByTestId('cal-more').textContent).toContain('+2 events');
    const dialog = await screen.findByTestId('cal-day-dialog');
    const links = within(dialog).getAllByTestId('event-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/order/1',
      '/order/2',
      '/order/3',
      '/order/4',
    ]);
    expect(dialog.textContent).toContain('March 15, 2026');
  });

  it('disables the days outside the bounds and the months beyond them', () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <MonthCalendar
        month={march}
        onMonth={() => undefined}
        events={[]}
        weekStart={1}
        renderLink={link}
        minDate="2026-03-10"
        maxDate="2026-03-20"
        onSelectDay={onSelect}
      />,
    );
    expect((screen.getByTestId('cal-prev') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('cal-next') as HTMLButtonElement).disabled).toBe(true);
    const before = within(screen.getByTestId('cal-day-2026-03-09')).getByRole('button');
    const inside = within(screen.getByTestId('cal-day-2026-03-10')).getByRole('button');
    expect((before as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(screen.getByTestId('cal-day-2026-03-21')).getByRole('button') as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(inside);
    expect(onSelect).toHaveBeenCalledWith('2026-03-10');
  });

  it('speaks Portuguese: heading, weekdays and the event-type dropdown', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('pt');
    try {
      renderWithProviders(
        <MonthCalendar
          month={march}
          onMonth={() => undefined}
          events={[1, 2, 3].map((n) => event(n, '2026-03-02', 'contract-expiry'))}
          weekStart={1}
          renderLink={link}
          type={null}
          onType={() => undefined}
        />,
      );
      expect(screen.getByTestId('cal-title').textContent).toMatch(/março de 2026/i);
      expect(screen.getAllByRole('columnheader')[0]!.textContent).toMatch(/seg/i);
      expect(screen.getByTestId('cal-more').textContent).toContain('+1 evento');
      expect(screen.getByTestId('cal-type').textContent).toContain('Todos os eventos');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
