import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEvent, CalendarEventType } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/** GET /calendar/events?from=&to=&type=: the caller's events of the visible days. */
export const getCalendarEvents = (from: string, to: string, type: CalendarEventType | null) =>
  api.get<CalendarEvent[]>('/calendar/events', { query: { from, to, type } });

export const calendarEventsQuery = (from: string, to: string, type: CalendarEventType | null) =>
  queryOptions({
    queryKey: ['calendar', 'events', from, to, type] as const,
    queryFn: () => getCalendarEvents(from, to, type),
    staleTime: 30_000,
    // the previous month stays on screen until the next one arrives
    placeholderData: keepPreviousData,
  });

export const useCalendarEvents = (from: string, to: string, type: CalendarEventType | null) =>
  useQuery(calendarEventsQuery(from, to, type));
