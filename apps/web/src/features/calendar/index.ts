export { CalendarPage } from './components/CalendarPage.tsx';
export { MonthCalendar, type MonthCalendarProps } from './components/MonthCalendar.tsx';
