import { addLocale, locale as setPrimeLocale } from 'primereact/api';
import { i18n, SUPPORTED_LANGUAGES } from './i18n.ts';

/** Weeks start on Sunday in every date picker and calendar (seed 000 section 9). */
export const FIRST_DAY_OF_WEEK = 0;
/** PrimeReact's pattern for dd-MM-yyyy (seed 000 section 9). */
export const CALENDAR_DATE_FORMAT = 'dd-mm-yy';

const list = (key: string, lng: string): string[] => i18n.t(key, { lng }).split(',');

/**
 * Registers a PrimeReact locale per interface language from the i18next texts (day and month names,
 * Today, Clear, the navigation labels), all with Sunday first and dd-mm-yy; then follows the interface
 * language so every PrimeReact component speaks it.
 */
function registerCalendarLocales(): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    addLocale(lng, {
      firstDayOfWeek: FIRST_DAY_OF_WEEK,
      dateFormat: CALENDAR_DATE_FORMAT,
      dayNames: list('calendar.dayNames', lng),
      dayNamesShort: list('calendar.dayNamesShort', lng),
      dayNamesMin: list('calendar.dayNamesMin', lng),
      monthNames: list('calendar.monthNames', lng),
      monthNamesShort: list('calendar.monthNamesShort', lng),
      today: i18n.t('calendar.today', { lng }),
      clear: i18n.t('calendar.clear', { lng }),
      weekHeader: i18n.t('calendar.weekHeader', { lng }),
      chooseDate: i18n.t('calendar.choose', { lng }),
      prevMonth: i18n.t('calendar.prevMonth', { lng }),
      nextMonth: i18n.t('calendar.nextMonth', { lng }),
      prevYear: i18n.t('calendar.prevYear', { lng }),
      nextYear: i18n.t('calendar.nextYear', { lng }),
    });
  }
  const follow = (lng: string) => {
    if ((SUPPORTED_LANGUAGES as readonly string[]).includes(lng)) setPrimeLocale(lng);
  };
  follow(i18n.language);
  i18n.on('languageChanged', follow);
}

let registered = false;
/** Idempotent: the date picker calls it before its first render. */
export function ensureCalendarLocales(): void {
  if (registered) return;
  registered = true;
  registerCalendarLocales();
}
