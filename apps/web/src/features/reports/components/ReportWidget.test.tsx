import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { ApiErrorBody, ExportRequest, ReportQueryRequest, RouteConfig } from '@p2p/domain';
import { offlineStore } from '../../../lib/offline.ts';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import {
  servedPendingReport,
  servedPendingResult,
  servedPeriods,
  servedReport,
  servedResult,
} from '../test/served.ts';
import { ReportWidget } from './ReportWidget.tsx';

const fetchMock = vi.fn<typeof fetch>();
let hang = false;
let exportFails = false;
const tooMany: ApiErrorBody = {
  message: 'data must NOT have more than 100000 items',
  key: 'error.validation',
  _status: 400,
  data: { errors: [{ field: 'data', message: 'data must NOT have more than 100000 items' }] },
};

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path);

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  toastStore.set([]);
  offlineStore.set(false);
  hang = false;
  exportFails = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/reporting/query/1') return jsonResponse(servedReport);
    if (url.pathname === '/api/reporting/query/pending-evaluations') return jsonResponse(servedPendingReport);
    if (url.pathname === '/api/reporting/config/timePeriod') return jsonResponse(servedPeriods);
    if (url.pathname === '/api/reporting/query/result') {
      const body = JSON.parse(String(init?.body)) as ReportQueryRequest;
      if ('what' in body && body.what) return jsonResponse(servedPendingResult);
      if (hang)
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return jsonResponse(servedResult);
    }
    if (url.pathname === '/api/reporting/export-data')
      return exportFails
        ? jsonResponse(tooMany, 400, 'Bad Request')
        : new Response(new Blob(['x']), {
            headers: { 'content-disposition': 'attachment; filename="By supplier.xlsx"' },
          });
    return jsonResponse({ message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

describe('report widget (v-query)', () => {
  it('runs the report with the chosen period and shows the pickers only when editable', async () => {
    const onParamsChange = vi.fn();
    const view = renderWithProviders(
      <ReportWidget
        queryId="1"
        params={{ tr: 'last-30-days' }}
        editable={false}
        onParamsChange={onParamsChange}
      />,
    );
    expect(await screen.findByText('Alfa Components Lda')).toBeTruthy();
    const body = JSON.parse(String(calls('/api/reporting/query/result')[0]![1]!.body)) as ReportQueryRequest;
    expect(body.params).toEqual({ tr: 'last-30-days' });
    expect(screen.queryByTestId('chart-picker')).toBeNull();
    expect(screen.queryByTestId('period-picker')).toBeNull();
    view.rerender(
      <ReportWidget queryId="1" params={{ tr: 'last-30-days' }} editable onParamsChange={onParamsChange} />,
    );
    expect(screen.getByTestId('chart-picker')).toBeTruthy();
    expect(screen.getByTestId('period-picker')).toBeTruthy();
  });

  it('shows the progress of a long report and cancels its request', async () => {
    hang = true;
    renderWithProviders(
      <ReportWidget queryId="1" params={{}} editable={false} onParamsChange={() => undefined} />,
    );
    expect(await screen.findByTestId('report-progress')).toBeTruthy();
    const signal = calls('/api/reporting/query/result')[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    fireEvent.click(screen.getByTestId('report-cancel'));
    expect(await screen.findByTestId('report-cancelled')).toBeTruthy();
    expect(signal.aborted).toBe(true);
    expect(screen.queryByTestId('report-progress')).toBeNull();
  });

  it('exports the rows shown as xlsx; a failed export shows the error', async () => {
    renderWithProviders(
      <ReportWidget queryId="1" params={{}} editable={false} onParamsChange={() => undefined} />,
    );
    fireEvent.click(await screen.findByTestId('report-export-xlsx'));
    await waitFor(() => expect(calls('/api/reporting/export-data')).toHaveLength(1), { timeout: 5000 });
    const sent = JSON.parse(String(calls('/api/reporting/export-data')[0]![1]!.body)) as ExportRequest;
    expect(sent).toMatchObject({
      format: 'xlsx',
      name: 'By supplier',
      headers: [
        { src: 'supplier', label: 'Supplier' },
        { src: 'count', label: 'Count' },
      ],
      data: [
        { supplier: 'Alfa Components Lda', count: 8 },
        { supplier: 'Beta Logistics SA', count: 6 },
      ],
    });
    exportFails = true;
    fireEvent.click(screen.getByTestId('report-export-csv'));
    await waitFor(
      () =>
        expect(toastStore.get().map((m) => [m.severity, m.detail])).toContainEqual([
          'error',
          tooMany.message,
        ]),
      { timeout: 5000 },
    );
  });
});

const listRoute = (m: string): RouteConfig => ({
  path: `/${m}`,
  name: m,
  view: 'model',
  meta: { model: m, form: true, nav: 'purchasing' },
});
function Landed() {
  const at = useLocation();
  return <p data-testid="landed">{`${at.pathname}${at.search}`}</p>;
}

describe('drilling a figure over two lists', () => {
  it('offers the lists by name and count and opens the one picked with its exact filter', async () => {
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <ReportWidget
              queryId="pending-evaluations"
              params={{}}
              editable={false}
              onParamsChange={() => undefined}
            />
          }
        />
        <Route path="/contract-evaluation" element={<Landed />} />
      </Routes>,
      { config: testConfig({ routes: ['order-evaluation', 'contract-evaluation'].map(listRoute) }) },
    );
    fireEvent.click(await screen.findByText('Pending evaluations', { selector: 'td, td *' }));
    const choice = await screen.findByTestId('report-drill-choice');
    expect(within(choice).getByText('Which list do you want to open?')).toBeTruthy();
    expect(
      within(choice)
        .getAllByRole('button')
        .filter((b) => b.dataset.testid?.startsWith('report-drill-'))
        .map((b) => b.textContent),
    ).toEqual(['Order evaluations (1)', 'Contract evaluations (1)']);
    fireEvent.click(within(choice).getByTestId('report-drill-contract-evaluation'));
    expect((await screen.findByTestId('landed')).textContent).toBe(
      '/contract-evaluation?_state.current=created%2Cupdated',
    );
  });
});
