import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { ApiErrorBody, AuditEvent, AuditList } from '@p2p/domain';
import { resetSession, startSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { AuditHistoryLink } from './AuditHistoryLink.tsx';
import { AuditPage } from './AuditPage.tsx';

/** Events as GET /api/audit answers them (audit.service.ts toEvent). */
const update: AuditEvent = {
  _id: '12',
  at: '2026-11-26T10:15:00.000Z',
  actor: { _id: 'u-buyer', username: 'buyer', address: '10.1.2.3' },
  entity: 'document',
  entityId: '42',
  model: 'order',
  action: 'update',
  before: { 'data.description': 'Bolts', 'lines.0.price': '3.45000' },
  after: { 'data.description': 'Nuts', 'lines.0.price': '4.00000' },
  detail: null,
};
const transition: AuditEvent = {
  ...update,
  _id: '13',
  action: 'transition',
  before: { state: 'updated' },
  after: { state: 'approval' },
  detail: { action: 'submit-approval', comment: 'Please approve' },
};
const page: AuditList = { data: [transition, update], count: 2 };
const auditor = testUser({
  username: 'auditor',
  role: { key: 'auditor', name: 'Auditor' },
  roles: [{ key: 'auditor', name: 'Auditor' }],
});
const forbidden: ApiErrorBody = {
  message: 'Only auditors and administrators can read the audit trail.',
  key: 'audit.forbidden',
  _status: 403,
  data: { errors: [] },
};

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'));

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

beforeEach(() => {
  resetSession(null);
  startSession('tok', auditor);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/audit') return jsonResponse(page);
    if (url.pathname === '/api/audit/export')
      return new Response('id,at\r\n13,2026-11-26T10:15:00.000Z\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-2026-11-26.csv"',
          'x-p2p-truncated': 'false',
        },
      });
    return jsonResponse(forbidden, 403, 'Forbidden');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuditPage', () => {
  it('reads the filters from the address, lists the events and shows an event’s changed values', async () => {
    renderWithProviders(<AuditPage />, { route: '/audit?entity=document&entity_id=42' });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    const [url] = requested();
    expect(url!.pathname).toBe('/api/audit');
    expect(Object.fromEntries(url!.searchParams)).toMatchObject({
      entity: 'document',
      entity_id: '42',
      p: '1',
      l: '30',
    });
    expect(rows[0]!.textContent).toContain('buyer');
    expect(rows[0]!.textContent).toContain('10.1.2.3');
    expect(rows[0]!.textContent).toContain('State change');
    expect(rows[1]!.textContent).toContain('Changed');
    expect(screen.getByTestId('table-count').textContent).toBe('2 records');
    expect((screen.getByTestId('audit-filter-entity_id') as HTMLInputElement).value).toBe('42');

    fireEvent.click(within(rows[1]!).getByTestId('row-expand'));
    const changes = await screen.findAllByTestId('audit-change');
    expect(changes.map((c) => c.getAttribute('data-path'))).toEqual(['data.description', 'lines.0.price']);
    expect(changes[0]!.textContent).toBe('data.descriptionBoltsNuts');
  });

  it('applies the filters as the page address and asks the server again from page 1', async () => {
    renderWithProviders(
      <>
        <AuditPage />
        <Where />
      </>,
      { route: '/audit' },
    );
    await screen.findAllByTestId('table-row');
    fireEvent.change(screen.getByTestId('audit-filter-actor'), { target: { value: 'buyer' } });
    fireEvent.change(screen.getByTestId('audit-filter-action'), { target: { value: 'transition' } });
    fireEvent.click(screen.getByTestId('audit-apply'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/audit?actor=buyer&action=transition'),
    );
    await waitFor(() => expect(requested()).toHaveLength(2));
    expect(Object.fromEntries(requested()[1]!.searchParams)).toMatchObject({
      actor: 'buyer',
      action: 'transition',
      p: '1',
    });

    fireEvent.click(screen.getByTestId('audit-reset'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/audit'));
  });

  it('exports the same filters as CSV and saves the file the server names', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:csv';
        static override revokeObjectURL = () => undefined;
      },
    );
    renderWithProviders(<AuditPage />, { route: '/audit?entity=document&entity_id=42' });
    await screen.findAllByTestId('table-row');
    fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(saved).toEqual(['audit-2026-11-26.csv']));
    const exported = requested().find((u) => u.pathname === '/api/audit/export')!;
    expect(Object.fromEntries(exported.searchParams)).toMatchObject({
      format: 'csv',
      entity: 'document',
      entity_id: '42',
    });
    const init = fetchMock.mock.calls.find(([u]) => String(u).includes('/export'))![1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });
});

describe('AuditHistoryLink', () => {
  it('links a document to its audit history for the readers of the trail only', () => {
    const { unmount } = renderWithProviders(<AuditHistoryLink model="order" id="42" />);
    expect(screen.getByTestId('audit-history-link').getAttribute('href')).toBe(
      '/audit?entity=document&entity_id=42',
    );
    unmount();
    startSession('tok', testUser());
    renderWithProviders(<AuditHistoryLink model="order" id="42" />);
    expect(screen.queryByTestId('audit-history-link')).toBeNull();
  });
});
