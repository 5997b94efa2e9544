import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { CALENDAR_EVENT_TYPES, type CalendarEvent, type CalendarEventType } from '@p2p/domain';
import { AppDialog } from '../../../components/AppDialog.tsx';
import {
  addMonths,
  monthKey,
  monthOf,
  monthWeeks,
  rotateWeekdays,
  todayText,
  type MonthRef,
} from './month.ts';
import './calendar.css';

/** Events shown in a day cell before the '+N events' button takes the rest. */
export const EVENTS_PER_DAY = 2;

export interface MonthCalendarProps {
  month: MonthRef;
  onMonth: (m: MonthRef) => void;
  events: CalendarEvent[];
  /** 0 Sunday ... 6 Saturday */
  weekStart: number;
  /** days outside [minDate, maxDate] cannot be selected, and the months beyond are not offered */
  minDate?: string | null;
  maxDate?: string | null;
  /** the event-type dropdown, when given */
  type?: CalendarEventType | null;
  onType?: (type: CalendarEventType | null) => void;
  selected?: string | null;
  onSelectDay?: (day: string) => void;
  /** a link to an event's document (the route module decides how links are made) */
  renderLink: (event: CalendarEvent, children: ReactNode) => ReactNode;
  today?: string;
  loading?: boolean;
}

/**
 * A month grid (seed 001 section 2.11): Today, Previous and Next, the month-and-year heading,
 * weekday headers in the user's language, an optional event-type dropdown, and a per-day
 * '+N events' dialog whose events link to their documents.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { t, i18n } = useTranslation();
  const today = props.today ?? todayText();
  const { month, minDate, maxDate } = props;
  const [openDay, setOpenDay] = useState<string | null>(null);
  const weeks = useMemo(() => monthWeeks(month, props.weekStart), [month, props.weekStart]);
  const weekdays = rotateWeekdays(t('calendar.dayNamesShort').split(','), props.weekStart);
  const heading = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
    new Date(month.year, month.month, 1),
  );
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const e of props.events) map.set(e.date, [...(map.get(e.date) ?? []), e]);
    return map;
  }, [props.events]);
  const outside = (day: string) => Boolean((minDate && day < minDate) || (maxDate && day > maxDate));
  const prevAllowed = !minDate || monthKey(addMonths(month, -1)) >= minDate.slice(0, 7);
  const nextAllowed = !maxDate || monthKey(addMonths(month, 1)) <= maxDate.slice(0, 7);
  const todayMonth = monthOf(today);
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)),
    );
  const eventLine = (e: CalendarEvent) => (
    <span className={`cal-event cal-event--${e.type}`} title={e.title}>
      <span className="cal-event__type">{t(`eventsCalendar.types.${e.type}`)}</span> {e.title}
    </span>
  );

  return (
    <section className="cal" data-testid="calendar" aria-busy={props.loading ? true : undefined}>
      <header className="cal__toolbar">
        <div className="cal__nav">
          <Button
            label={t('eventsCalendar.today')}
            outlined
            onClick={() => props.onMonth(todayMonth)}
            data-testid="cal-today"
          />
          <Button
            icon="pi pi-chevron-left"
            text
            aria-label={t('eventsCalendar.previous')}
            disabled={!prevAllowed}
            onClick={() => props.onMonth(addMonths(month, -1))}
            data-testid="cal-prev"
          />
          <Button
            icon="pi pi-chevron-right"
            text
            aria-label={t('eventsCalendar.next')}
            disabled={!nextAllowed}
            onClick={() => props.onMonth(addMonths(month, 1))}
            data-testid="cal-next"
          />
        </div>
        <h2 className="cal__title" data-testid="cal-title" aria-live="polite">
          {heading}
        </h2>
        {props.onType && (
          <Dropdown
            // the dropdown shows no option for a null value: 'all' stands for no filter
            value={props.type ?? 'all'}
            options={[
              { label: t('eventsCalendar.allTypes'), value: 'all' },
              ...CALENDAR_EVENT_TYPES.map((v) => ({ label: t(`eventsCalendar.types.${v}`), value: v })),
            ]}
            onChange={(e) => props.onType?.(e.value === 'all' ? null : (e.value as CalendarEventType))}
            aria-label={t('eventsCalendar.type')}
            className="cal__type"
            data-testid="cal-type"
          />
        )}
      </header>
      <div className="cal__grid" role="grid" aria-label={heading}>
        <div className="cal__row cal__row--head" role="row">
          {weekdays.map((w) => (
            <div key={w} className="cal__weekday" role="columnheader">
              {w}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} className="cal__row" role="row">
            {week.map((day) => {
              const events = byDay.get(day) ?? [];
              const disabled = outside(day);
              const more = events.length - EVENTS_PER_DAY;
              return (
                <div
                  key={day}
                  role="gridcell"
                  aria-disabled={disabled || undefined}
                  aria-selected={props.selected === day}
                  data-day={day}
                  data-testid={`cal-day-${day}`}
                  className={[
                    'cal__day',
                    monthKey(monthOf(day)) !== monthKey(month) ? 'cal__day--other' : '',
                    day === today ? 'cal__day--today' : '',
                    disabled ? 'cal__day--disabled' : '',
                    props.selected === day ? 'cal__day--selected' : '',
                  ].join(' ')}
                >
                  <button
                    type="button"
                    className="cal__date"
                    disabled={disabled}
                    aria-label={dayLabel(day)}
                    onClick={() => props.onSelectDay?.(day)}
                  >
                    {+day.slice(8, 10)}
                  </button>
                  <ul className="cal__events">
                    {events.slice(0, EVENTS_PER_DAY).map((e) => (
                      <li key={e.id}>{props.renderLink(e, eventLine(e))}</li>
                    ))}
                  </ul>
                  {more > 0 && (
                    <button
                      type="button"
                      className="cal__more"
                      onClick={() => setOpenDay(day)}
                      data-testid="cal-more"
                    >
                      {t('eventsCalendar.more', { count: more })}
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <AppDialog
        visible={openDay !== null}
        onHide={() => setOpenDay(null)}
        header={openDay ? dayLabel(openDay) : ''}
        dismissableMask
        testId="cal-day-dialog"
      >
        <ul className="cal__list">
          {(openDay ? (byDay.get(openDay) ?? []) : []).map((e) => (
            <li key={e.id} onClick={() => setOpenDay(null)}>
              {props.renderLink(e, eventLine(e))}
            </li>
          ))}
        </ul>
      </AppDialog>
    </section>
  );
}
