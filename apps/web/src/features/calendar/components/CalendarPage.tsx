import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router';
import {
  CALENDAR_EVENT_TYPES,
  CALENDAR_WEEK_START,
  type CalendarEvent,
  type CalendarEventType,
} from '@p2p/domain';
import { useCalendarEvents } from '../api/get-calendar-events.ts';
import { monthOf, monthWeeks, resolveBound, todayText } from './month.ts';
import { MonthCalendar } from './MonthCalendar.tsx';

const isType = (v: string | null): v is CalendarEventType =>
  v !== null && (CALENDAR_EVENT_TYPES as readonly string[]).includes(v);

/**
 * The calendar page: the current month by default (?month=yyyy-mm opens another), the events of
 * the visible days from the server, the type filter (?type=), and the bounds ?min= and ?max=
 * ('today' or a day).
 */
export function CalendarPage({
  renderLink,
}: {
  renderLink: (e: CalendarEvent, children: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = todayText();
  const minDate = resolveBound(params.get('min') ?? undefined);
  const maxDate = resolveBound(params.get('max') ?? undefined);
  const requested = params.get('month');
  const month = monthOf(requested && /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? `${requested}-01` : today);
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : null;
  const [selected, setSelected] = useState<string | null>(null);
  const weeks = monthWeeks(month, CALENDAR_WEEK_START);
  const events = useCalendarEvents(weeks[0]![0]!, weeks[weeks.length - 1]![6]!, type);

  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page cal-page" data-testid="calendar-page">
      <h1>{t('eventsCalendar.title')}</h1>
      {events.isError && <p className="cal__error">{t('eventsCalendar.failed')}</p>}
      <MonthCalendar
        month={month}
        onMonth={(m) => set('month', `${m.year}-${String(m.month + 1).padStart(2, '0')}`)}
        events={events.data ?? []}
        weekStart={CALENDAR_WEEK_START}
        minDate={minDate}
        maxDate={maxDate}
        type={type}
        onType={(v) => set('type', v)}
        selected={selected}
        onSelectDay={setSelected}
        renderLink={renderLink}
        today={today}
        loading={events.isFetching}
      />
    </div>
  );
}
