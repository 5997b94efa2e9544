import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { ReportQuery, ReportQueryRequest, ReportSaved } from '@p2p/domain';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { servedConfig, servedReport, servedResult } from '../test/served.ts';
import { ReportBuilderPage } from './ReportBuilderPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
const saved: ReportSaved = { message: 'Report saved', id: '42' };
let report: ReportQuery = servedReport;

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

const config = testConfig({
  routes: [
    { path: '/order', name: 'order', view: 'model', meta: { model: 'order', form: true, nav: 'purchasing' } },
  ],
});

function open(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/query/:id" element={<ReportBuilderPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route, config },
  );
}

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path);
const toasts = () => toastStore.get().map((m) => m.detail);

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  toastStore.set([]);
  report = servedReport;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/config/query') return jsonResponse(servedConfig);
    if (url.pathname === '/api/reporting/query/1') return jsonResponse(report);
    if (url.pathname === '/api/reporting/query/save') return jsonResponse(saved);
    if (url.pathname === '/api/reporting/query/result') return jsonResponse(servedResult);
    return jsonResponse({ message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => resetSession(null));

describe('report builder (seed 001 sections 2.9, 4.4, 5)', () => {
  it('runs the checks in order with their exact messages and saves nothing while one fails', async () => {
    open('/query/create');
    fireEvent.click(await screen.findByTestId('report-save'));
    expect(toasts()).toEqual([
      'Query name is required',
      'Query source is required',
      'At least one Group By or Metric is required',
    ]);
    fireEvent.click(screen.getByTestId('report-preview'));
    expect(calls('/api/reporting/query/save')).toHaveLength(0);
    expect(calls('/api/reporting/query/result')).toHaveLength(0);
    // no source: nothing can be added
    expect(screen.getByTestId('add-groupby')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('add-metric')).toHaveProperty('disabled', true);
  });

  it('saves a duplicate without its empty rows and replaces the route with the new id', async () => {
    report = {
      ...servedReport,
      aggregation: { ...servedReport.aggregation, groupBy: [{ field: 'supplier' }, { field: '' }] },
    };
    open('/query/duplicate?from=1');
    expect(await screen.findByTestId('report-name')).toHaveProperty('value', 'By supplier (copy)');
    fireEvent.click(screen.getByTestId('report-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('/query/42'), {
      timeout: 5000,
    });
    const body = JSON.parse(String(calls('/api/reporting/query/save')[0]![1]!.body)) as ReportQueryRequest;
    expect(body._id).toBe('duplicate');
    expect(body.aggregation?.groupBy).toEqual([
      { field: 'supplier', direction: 'row', limit: null, skipEmpty: true, interval: null },
    ]);
    expect(toasts()).toContain('Report saved');
  });

  it('goes to the redirect of the query string after saving a new report', async () => {
    report = { ...servedReport };
    open('/query/duplicate?from=1&redirect=%2F%3Fadded%3D1');
    await screen.findByTestId('report-name');
    fireEvent.click(screen.getByTestId('report-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('/?added=1'), {
      timeout: 5000,
    });
  });

  it('opens a report the caller may not edit read-only', async () => {
    report = { ...servedReport, _editable: { ok: false } };
    open('/query/1');
    expect(await screen.findByTestId('report-name')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('report-save')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('add-groupby')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('add-sort')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('report-preview')).toHaveProperty('disabled', false);
  });

  it('previews the result; a row opens the list of its documents', async () => {
    open('/query/1');
    fireEvent.click(await screen.findByTestId('report-preview'));
    const row = await screen.findByText('Alfa Components Lda');
    const body = JSON.parse(String(calls('/api/reporting/query/result')[0]![1]!.body)) as ReportQueryRequest;
    expect(body.model).toMatchObject({ _id: 'order' });
    fireEvent.click(row);
    await waitFor(
      () =>
        expect(screen.getByTestId('where').textContent).toContain(
          `/order?${String(servedResult.items[0]!._filter)}`,
        ),
      { timeout: 5000 },
    );
  });

  it("shows a system query's pipeline parse error as the parse error's text", async () => {
    startSession(
      'tok',
      testUser({ role: { key: 'admin', name: 'Admin' }, roles: [{ key: 'admin', name: 'Admin' }] }),
    );
    report = {
      ...servedReport,
      type: 'system-query',
      aggregation: { pipeline: '[{"$match": {"plant": "P1"}}]' },
    };
    open('/query/1');
    const area = await screen.findByTestId('report-pipeline');
    expect(screen.queryByTestId('pipeline-error')).toBeNull();
    fireEvent.change(area, { target: { value: '[{"$match": }]' } });
    let parse = '';
    try {
      JSON.parse('[{"$match": }]');
    } catch (err) {
      parse = (err as Error).message;
    }
    expect(screen.getByTestId('pipeline-error').textContent).toContain(parse);
    fireEvent.click(screen.getByTestId('report-save'));
    expect(toasts()).toEqual([parse]);
    expect(calls('/api/reporting/query/save')).toHaveLength(0);
  });
});
