import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAP_WARNINGS, type MapRoute } from '@p2p/domain';
import { i18n } from '../../../lib/i18n.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { encodeMarkerData } from './marker-data.ts';
import { MapPage } from './MapPage.tsx';

const ROUTE: MapRoute = {
  distance: 5400,
  duration: 600,
  path: [
    { lat: 38.7075, lng: -9.1364 },
    { lat: 38.7353, lng: -9.1364 },
    { lat: 38.7353, lng: -9.104 },
  ],
  steps: [{ instruction: 'depart (Rua A)', distance: 3000, duration: 300 }],
};

function serve() {
  const calls: Array<{ url: URL; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app');
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    switch (url.pathname) {
      case '/api/map/config':
        return jsonResponse({ tiles: false, attribution: null, routing: true, geocoder: true, mail: true });
      case '/api/map/geocode':
        return jsonResponse([{ label: 'Praça do Comércio, Lisboa, Portugal', lat: 38.7075, lng: -9.1364 }]);
      case '/api/map/route':
        return jsonResponse(ROUTE);
      case '/api/map/kml':
        return new Response('<kml/>', {
          headers: {
            'content-type': 'application/vnd.google-earth.kml+xml',
            'content-disposition': 'attachment; filename="route.kml"',
          },
        });
      default:
        return jsonResponse({ message: 'no' }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeAll(() => {
  // Leaflet measures its container; jsdom lays nothing out
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  URL.createObjectURL = vi.fn(() => 'blob:kml');
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

const markerData = encodeMarkerData({
  name: 'Lisboa Warehouse',
  address: 'Rua do Açúcar 88, 1950-010 Lisboa',
  location: { lat: 38.7353, lng: -9.104 },
});

const renderMap = () =>
  renderWithProviders(
    <Routes>
      <Route path="/map/:markerData?" element={<MapPage />} />
    </Routes>,
    { route: `/map/${markerData}` },
  );

describe('MapPage (Portuguese, as the map speaks)', () => {
  it('opens the marker panel, warns without a route, suggests one from an address and downloads route.kml', async () => {
    await i18n.changeLanguage('pt');
    try {
      const calls = serve();
      toastStore.set([]);
      renderMap();
      const marker = await screen.findByTestId('map-marker');
      fireEvent.click(marker);
      const panel = await screen.findByTestId('map-panel');
      expect(screen.getByTestId('map-panel-name').textContent).toBe('Lisboa Warehouse');
      expect(screen.getByTestId('map-panel-address').textContent).toBe('Rua do Açúcar 88, 1950-010 Lisboa');
      for (const label of ['Sugerir rota', 'Enviar para o telemóvel', 'Enviar por email', 'Download'])
        expect(within(panel).getByRole('button', { name: label })).toBeTruthy();
      expect(within(panel).queryByText('Rota Sugerida')).toBeNull();

      // no route yet: the download and the send of the route warn with the specification's words
      fireEvent.click(screen.getByTestId('map-download'));
      fireEvent.click(await screen.findByTestId('map-download-submit'));
      expect(toastStore.get().map((m) => m.detail)).toContain(MAP_WARNINGS.downloadWithoutRoute);
      fireEvent.click(screen.getByTestId('map-send-phone'));
      fireEvent.click(await screen.findByTestId('map-send-submit'));
      expect(toastStore.get().map((m) => m.detail)).toContain(MAP_WARNINGS.sendWithoutRoute);
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

      // the starting point from an address: Submit waits for a selected place
      fireEvent.click(screen.getByTestId('map-suggest'));
      const start = await screen.findByTestId('map-start-dialog');
      fireEvent.click(within(start).getByText('Morada'));
      const submit = within(start).getByTestId('map-start-submit') as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      const input = within(start).getByRole('combobox');
      fireEvent.change(input, { target: { value: 'Praça' } });
      fireEvent.click(await screen.findByText('Praça do Comércio, Lisboa, Portugal'));
      await waitFor(() => expect(submit.disabled).toBe(false));
      fireEvent.click(submit);

      expect(await within(panel).findByText('Rota Sugerida')).toBeTruthy();
      const asked = calls.find((c) => c.url.pathname === '/api/map/route')!;
      expect(Object.fromEntries(asked.url.searchParams)).toEqual({
        from: '38.7075,-9.1364',
        to: '38.7353,-9.104',
      });
      expect(screen.getByTestId('map-route-summary').textContent).toMatch(/5,4 km/);

      fireEvent.click(within(panel).getByText('Global'));
      fireEvent.click(screen.getByTestId('map-download'));
      fireEvent.click(await screen.findByTestId('map-download-submit'));
      await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/map/kml')).toBe(true));
      expect(calls.find((c) => c.url.pathname === '/api/map/kml')!.body).toEqual({
        kind: 'route',
        name: 'Lisboa Warehouse',
        address: 'Rua do Açúcar 88, 1950-010 Lisboa',
        place: { lat: 38.7353, lng: -9.104 },
        start: { lat: 38.7075, lng: -9.1364 },
        path: ROUTE.path,
      });
      await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    } finally {
      await i18n.changeLanguage('en');
    }
  }, 20_000);

  it('stays Portuguese when the interface is in English (the map language is pt)', async () => {
    await i18n.changeLanguage('en');
    serve();
    toastStore.set([]);
    renderMap();
    fireEvent.click(await screen.findByTestId('map-marker'));
    const panel = await screen.findByTestId('map-panel');
    expect(within(panel).getByRole('tab', { name: 'Global' })).toBeTruthy();
    for (const label of ['Sugerir rota', 'Enviar para o telemóvel', 'Enviar por email'])
      expect(within(panel).getByRole('button', { name: label })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Suggest route' })).toBeNull();
    fireEvent.click(screen.getByTestId('map-send-phone'));
    fireEvent.click(await screen.findByTestId('map-send-submit'));
    expect(toastStore.get().map((m) => m.detail)).toContain(MAP_WARNINGS.sendWithoutRoute);
  }, 20_000);
});
