import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ApiErrorBody,
  AvailableWidget,
  Dashboard as DashboardAnswer,
  DashboardChanged,
  LayoutItem,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import type { ReportSlotProps } from '../slots.ts';
import { Dashboard } from './Dashboard.tsx';

/** Answers shaped like the server's (dashboard.service.ts): the role default has no user. */
const figure = (i: number, id: string): LayoutItem => ({
  i,
  x: (i - 1) * 4,
  y: 0,
  w: 4,
  h: 3,
  editable: true,
  widget: { component: 'v-query', componentId: id, params: {} },
});
const roleDefault: DashboardAnswer = {
  user: null,
  role: 'buyer',
  layout: [figure(1, 'draft-orders'), figure(2, 'order-errors')],
};
const available: AvailableWidget[] = [
  { _id: '0', name: 'Pending requisitions', type: 'user-activity', component: 'v-activity' },
  { _id: '1', name: 'Draft orders', type: 'user-activity', component: 'v-activity' },
  { _id: '12', name: 'Orders by supplier', type: 'user-query', component: 'v-query' },
  { _id: 'draft-orders', name: 'Draft orders', type: 'system-query', component: 'v-query' },
  { _id: 'order-errors', name: 'Order errors', type: 'system-query', component: 'v-query' },
];

let stored: DashboardAnswer;
let saveAnswer: ((layout: LayoutItem[]) => Response) | null;
const posted: LayoutItem[][] = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  resetSession(null);
  startSession('tok', testUser());
  toastStore.set([]);
  stored = structuredClone(roleDefault);
  saveAnswer = null;
  posted.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/profile/user/dashboard' && init?.method === 'POST') {
      const { layout } = JSON.parse(String(init.body)) as { layout: LayoutItem[] };
      posted.push(layout);
      if (saveAnswer) return saveAnswer(layout);
      stored = { user: 'u1', role: 'buyer', layout };
      return jsonResponse({
        ok: true,
        message: 'Dashboard saved',
        dashboard: stored,
      } satisfies DashboardChanged);
    }
    if (url.pathname === '/api/profile/user/dashboard') return jsonResponse(stored);
    if (url.pathname === '/api/profile/user/dashboard/reset') {
      stored = structuredClone(roleDefault);
      return jsonResponse({
        ok: true,
        message: 'Dashboard reset to the default of the Buyer role',
        dashboard: stored,
      } satisfies DashboardChanged);
    }
    if (url.pathname === '/api/profile/user/widgets') return jsonResponse(available);
    return jsonResponse(
      { message: 'Not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

const reportSlot = ({ queryId, editable }: ReportSlotProps) => {
  if (queryId === 'broken') throw new Error('chart failed');
  return <p data-testid="report-slot" data-editable={String(editable)}>{`report ${queryId}`}</p>;
};
const activitySlot = ({ kind, count }: { kind: number; count: number }) => (
  <p data-testid="activity-slot">{`activity ${kind} ${count}`}</p>
);
const renderDashboard = () =>
  renderWithProviders(<Dashboard renderReport={reportSlot} renderActivity={activitySlot} />);
const button = (name: string) => screen.getByRole('button', { name });
const slots = () => screen.getAllByTestId(/-slot$/).map((n) => n.textContent);
const toasts = () => toastStore.get().map((t) => [t.severity, t.detail]);

describe('the dashboard', () => {
  it('shows the role default through the report slot and offers Configure Dashboard, no Reset', async () => {
    renderDashboard();
    await waitFor(() => expect(slots()).toEqual(['report draft-orders', 'report order-errors']));
    expect(screen.getAllByTestId('report-slot').every((n) => n.dataset.editable === 'false')).toBe(true);
    expect(screen.queryByTestId('dashboard-save')).toBeNull();
    fireEvent.click(button('Configure Dashboard'));
    for (const name of ['Add widget', 'Save', 'Cancel']) expect(button(name)).toBeTruthy();
    // the role default is not the user's: nothing to reset
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByTestId('dashboard-widget-1').querySelector('.dashboard-widget__title')?.textContent,
      ).toBe('Draft orders'),
    );
    expect(screen.getAllByTestId('report-slot').every((n) => n.dataset.editable === 'true')).toBe(true);
  });

  it('adds an activity widget with the next id, 6 by 6, and saves the layout with the server’s notice', async () => {
    renderDashboard();
    await screen.findAllByTestId('report-slot');
    fireEvent.click(button('Configure Dashboard'));
    fireEvent.click(button('Add widget'));
    const drawer = await screen.findByTestId('dashboard-add-drawer');
    await within(drawer).findByTestId('dashboard-available-activity');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Draft orders' }));
    fireEvent.click(within(drawer).getByTestId('dashboard-add-save'));
    await waitFor(() => expect(slots()).toContain('activity 1 5'));
    fireEvent.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.at(-1)).toEqual({
      i: 3,
      x: 0,
      y: 3,
      w: 6,
      h: 6,
      editable: true,
      widget: { component: 'v-activity', params: { kind: 1, count: 5 } },
    });
    await waitFor(() => expect(toasts()).toEqual([['success', 'Dashboard saved']]));
    expect(button('Configure Dashboard')).toBeTruthy();
    expect(slots()).toContain('activity 1 5');
  });

  it('lists the caller’s reports on the Reports tab and adds one as a report widget', async () => {
    renderDashboard();
    await screen.findAllByTestId('report-slot');
    fireEvent.click(button('Configure Dashboard'));
    fireEvent.click(button('Add widget'));
    const drawer = await screen.findByTestId('dashboard-add-drawer');
    fireEvent.click(await within(drawer).findByText('Reports'));
    const list = await within(drawer).findByTestId('dashboard-available-reports');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Orders by supplier', 'Draft orders', 'Order errors']);
    fireEvent.click(within(list).getByRole('button', { name: 'Orders by supplier' }));
    fireEvent.click(within(drawer).getByTestId('dashboard-add-save'));
    await waitFor(() => expect(slots()).toContain('report 12'));
  });

  it('Cancel restores the last saved layout after a delete and a duplicate', async () => {
    renderDashboard();
    await screen.findAllByTestId('report-slot');
    fireEvent.click(button('Configure Dashboard'));
    const actions = () =>
      within(screen.getByTestId('dashboard-widget-1')).getByTestId('dashboard-widget-actions');
    fireEvent.click(actions());
    fireEvent.click(await screen.findByText('Duplicate'));
    await waitFor(() => expect(slots()).toHaveLength(3));
    fireEvent.click(actions());
    fireEvent.click(await screen.findByText('Delete'));
    await waitFor(() => expect(slots()).toEqual(['report order-errors', 'report draft-orders']));
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(slots()).toEqual(['report draft-orders', 'report order-errors']));
    expect(posted).toEqual([]);
  });

  it('opens the Edit widget drawer titled by component and name and keeps the settings on Save', async () => {
    stored = {
      user: 'u1',
      role: 'buyer',
      layout: [{ ...figure(1, 'x'), widget: { component: 'v-iframe', params: { url: '/help' } } }],
    };
    renderDashboard();
    await screen.findByTestId('frame-widget');
    fireEvent.click(button('Configure Dashboard'));
    fireEvent.click(within(screen.getByTestId('dashboard-widget-1')).getByTestId('dashboard-widget-actions'));
    fireEvent.click(await screen.findByText('Edit'));
    const drawer = await screen.findByTestId('dashboard-edit-drawer');
    expect(screen.getByText('Frame: /help')).toBeTruthy();
    const input = within(drawer).getByTestId('dashboard-settings-url');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    expect(within(drawer).getByTestId('dashboard-edit-save')).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'https://example.com/stats' } });
    fireEvent.click(within(drawer).getByTestId('dashboard-edit-save'));
    fireEvent.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]![0]!.widget.params).toEqual({ url: 'https://example.com/stats' });
  });

  it('resets the user’s own dashboard after a confirmation naming the role', async () => {
    stored = { user: 'u1', role: 'buyer', layout: [figure(1, 'order-errors')] };
    renderDashboard();
    await waitFor(() => expect(slots()).toEqual(['report order-errors']));
    fireEvent.click(button('Configure Dashboard'));
    fireEvent.click(button('Reset'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('default configuration of the Buyer role');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(slots()).toEqual(['report draft-orders', 'report order-errors']));
    expect(toasts()).toEqual([['success', 'Dashboard reset to the default of the Buyer role']]);
    expect(button('Configure Dashboard')).toBeTruthy();
  });

  it('shows the server’s refusal of a save as a failure notice and stays in edit mode', async () => {
    const refusal: ApiErrorBody = {
      message: 'The widget does not fit in the 12 columns of the grid.',
      key: 'dashboard.invalid',
      _status: 400,
      data: {
        errors: [{ field: 'layout.0.w', message: 'The widget does not fit in the 12 columns of the grid.' }],
      },
    };
    saveAnswer = () => jsonResponse(refusal, 400, 'Bad Request');
    renderDashboard();
    await screen.findAllByTestId('report-slot');
    fireEvent.click(button('Configure Dashboard'));
    fireEvent.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]![0]).toBe('error');
    expect(toasts()[0]![1]).toContain('does not fit in the 12 columns');
    expect(button('Cancel')).toBeTruthy();
  });

  it('keeps the other widgets when one fails to draw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stored = { user: 'u1', role: 'buyer', layout: [figure(1, 'broken'), figure(2, 'order-errors')] };
    renderDashboard();
    expect(await screen.findByTestId('dashboard-widget-failed')).toBeTruthy();
    expect(slots()).toEqual(['report order-errors']);
  });
});
