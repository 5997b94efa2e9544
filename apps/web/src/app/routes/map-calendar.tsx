import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CalendarEvent } from '@p2p/domain';
import { lazyPage } from './pages.tsx';

// each page is its own chunk (Leaflet and the Natural Earth outline load only with the map)
const MapPage = lazyPage(() => import('../../features/map/components/MapPage.tsx').then((m) => m.MapPage));
const CalendarPage = lazyPage(() =>
  import('../../features/calendar/components/CalendarPage.tsx').then((m) => m.CalendarPage),
);

const documentLink = (url: string, label: string) => (
  <Link to={url} data-testid="map-document-link">
    {label}
  </Link>
);

const eventLink = (e: CalendarEvent, children: ReactNode) => (
  <Link to={e.url} data-testid="cal-event-link" data-event-type={e.type}>
    {children}
  </Link>
);

/** The delivery map (/map/{markerData?}): a marker's order opens through the app's links. */
export function MapRoute() {
  return <MapPage documentLink={documentLink} />;
}

/** The calendar (/calendar): each event links to its document. */
export function CalendarRoute() {
  return <CalendarPage renderLink={eventLink} />;
}
