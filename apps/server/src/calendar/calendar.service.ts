import {
  CALENDAR_EVENT_TYPES,
  CALENDAR_MAX_RANGE_DAYS,
  type CalendarEvent,
  type CalendarEventType,
  type CalendarQuery,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import type { DocumentAccess, LoadedModel } from '../documents/document.access.ts';
import { AppError } from '../lib/app-error.ts';
import { calendarRepository, EVENT_SOURCES } from './calendar.repository.ts';

/** At most this many events of one source in one window. */
const MAX_PER_SOURCE = 1000;

const dayNumber = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / 86_400_000;
const validDay = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
};

/**
 * The calendar (seed 001 section 2.11, issue 10): events from the data, each a document the
 * caller may see. Every source is read through the document scope of its model exactly as its
 * list is (documents.access: tenant, role, supplier only its own company's documents in the
 * states it sees, and the working context), so a supplier never sees another supplier's dates.
 */
export function calendarService(db: Db, access: Pick<DocumentAccess, 'viewableModels'>) {
  const repo = calendarRepository(db);
  return {
    async events(auth: AuthContext, query: CalendarQuery): Promise<CalendarEvent[]> {
      const { from, to } = query;
      if (!validDay(from) || !validDay(to) || from > to)
        throw new AppError('bad_request', 'from and to must be days with from not after to.', {
          key: 'calendar.range',
        });
      if (dayNumber(to) - dayNumber(from) > CALENDAR_MAX_RANGE_DAYS)
        throw new AppError('bad_request', `At most ${CALENDAR_MAX_RANGE_DAYS} days at a time.`, {
          key: 'calendar.range-too-wide',
        });
      const types: readonly CalendarEventType[] = query.type ? [query.type] : CALENDAR_EVENT_TYPES;
      const models = new Map<string, LoadedModel['scope']>(
        (await access.viewableModels(auth)).map((m) => [m.model.name, m.scope]),
      );
      const out: CalendarEvent[] = [];
      for (const type of types) {
        for (const source of EVENT_SOURCES[type]) {
          const scope = models.get(source.model);
          if (!scope) continue; // a model the caller cannot view has no events for it
          for (const r of await repo.events(scope.listWhere, source, from, to, MAX_PER_SOURCE)) {
            out.push({
              id: `${type}:${source.model}:${r.id}`,
              type,
              date: r.date,
              title: [r.key, r.description].filter(Boolean).join(' - ') || `#${r.id}`,
              model: source.model,
              documentId: r.id,
              url: `/${source.model}/${r.id}`,
            });
          }
        }
      }
      return out.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;
