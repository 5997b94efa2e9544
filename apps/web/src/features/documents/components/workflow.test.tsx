import { beforeEach, describe, expect, it } from 'vitest';
import { REASONS, type ApiErrorBody } from '@p2p/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { resetSession, sessionStore, startSession } from '../../../lib/session.ts';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, daysAgo, manager, orderConfig, storedOrder, supplierUser } from '../test/order-fixtures.ts';
import { served, servedTimeline } from '../test/served.ts';
import { DocumentFormPage } from './pages.tsx';
import { TimelineView } from './TimelinePanel.tsx';

let server: MockServer;

beforeEach(() => {
  resetSession(null);
  startSession('tok', manager());
  server = mockServer(orderConfig, storedOrder());
});

const renderForm = (route = '/order/7') =>
  renderWithProviders(
    <Routes>
      <Route path="/order/:id/:action?" element={<DocumentFormPage model="order" path="/order" />} />
    </Routes>,
    { route },
  );

/** POST .../workflow answers the document moved to `to`, version 5, as the caller now reads it. */
const moveTo = (to: string) => {
  server.extra = (url, init) => {
    if (url.pathname !== '/api/purchasing/order/7/workflow' || init?.method !== 'POST') return undefined;
    server.current = storedOrder(to, { _version: 5 });
    return jsonResponse(served(server.current, orderConfig, sessionStore.get().user!));
  };
};

describe('workflow actions', () => {
  it('requires a comment for reject, posts the action with the version and shows the moved document', async () => {
    moveTo('rejected');
    renderForm();
    // the timeline comes after the first screen
    await waitFor(() => expect(server.calls('GET', '/api/communication/messages/order/7')).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('workflow-action-reject'));
    expect(screen.getByTestId('workflow-action-reject').textContent).toBe('Reject');
    const confirm = await screen.findByTestId('workflow-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('workflow-comment-required').textContent).toBe('A comment is required.');
    fireEvent.change(screen.getByTestId('workflow-comment'), { target: { value: '  Price too high ' } });
    expect((screen.getByTestId('workflow-confirm') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('workflow-confirm'));
    await waitFor(() => expect(server.calls('POST', '/api/purchasing/order/7/workflow')).toHaveLength(1));
    expect(server.body('POST', '/api/purchasing/order/7/workflow')).toEqual({
      action: 'reject',
      comment: 'Price too high',
      _version: 4,
    });
    await waitFor(() => expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('rejected'));
    await waitFor(() => expect(screen.queryByTestId('workflow-comment')).toBeNull());
    // the answer is the document: no further read of it
    expect(server.calls('GET', '/api/purchasing/order/7')).toHaveLength(1);
    // the timeline is read again
    await waitFor(() => expect(server.calls('GET', '/api/communication/messages/order/7')).toHaveLength(2));
  });

  it('does not require a comment for approve', async () => {
    moveTo('approved');
    renderForm();
    fireEvent.click(await screen.findByTestId('workflow-action-approve'));
    const confirm = await screen.findByTestId('workflow-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('workflow-comment-required')).toBeNull();
    fireEvent.click(confirm);
    await waitFor(() => expect(server.calls('POST', '/api/purchasing/order/7/workflow')).toHaveLength(1));
    expect(server.body('POST', '/api/purchasing/order/7/workflow')).toEqual({
      action: 'approve',
      _version: 4,
    });
    await waitFor(() => expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('approved'));
  });

  it("shows the server's offers: a disabled transition with its reason; a refusal as a notice", async () => {
    server.current = storedOrder('negotiation');
    const refusal: ApiErrorBody = {
      message: 'Not allowed',
      key: 'forbidden',
      _status: 403,
      data: { errors: [] },
    };
    server.extra = (url, init) =>
      url.pathname.endsWith('/workflow') && init?.method === 'POST'
        ? jsonResponse(refusal, 403, 'Forbidden')
        : undefined;
    const first = renderForm();
    // confirm in negotiation: offered to a manager, but only a buyer may confirm
    const confirmAction = (await screen.findByTestId('workflow-action-confirm')) as HTMLButtonElement;
    expect(confirmAction.disabled).toBe(true);
    expect(screen.getByTestId('workflow-action-wrap-confirm').getAttribute('title')).toBe(
      REASONS.confirmNegotiation,
    );
    expect(screen.queryByTestId('workflow-action-approve')).toBeNull();
    first.unmount();

    startSession('tok', buyer());
    renderForm();
    const enabled = (await screen.findByTestId('workflow-action-confirm')) as HTMLButtonElement;
    expect(enabled.disabled).toBe(false);
    fireEvent.click(enabled);
    fireEvent.click(await screen.findByTestId('workflow-confirm'));
    expect((await screen.findByTestId('form-errors')).textContent).toContain('Not allowed');
  });
});

describe('reopen', () => {
  const withReopen = {
    ...orderConfig,
    actions: [...orderConfig.actions, { name: 'reopen', label: 'Reopen', permission: 'A' }],
  };
  beforeEach(() => {
    startSession('tok', buyer());
    server.config = withReopen;
  });

  it('reopens a closed document through POST /reopen with the comment and version, then shows it updated', async () => {
    server.current = storedOrder('closed');
    server.extra = (url, init) => {
      if (url.pathname !== '/api/purchasing/order/7/reopen' || init?.method !== 'POST') return undefined;
      server.current = storedOrder('updated', { _version: 5 });
      return jsonResponse(served(server.current, withReopen, buyer()));
    };
    renderForm();
    const button = (await screen.findByTestId('workflow-action-reopen')) as HTMLButtonElement;
    expect(button.textContent).toBe('Reopen');
    expect(button.disabled).toBe(false);
    expect(screen.queryByTestId('action-edit')).toBeNull();
    fireEvent.click(button);
    // the comment is optional
    expect(((await screen.findByTestId('workflow-confirm')) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByTestId('workflow-comment'), { target: { value: ' Credit note received ' } });
    fireEvent.click(screen.getByTestId('workflow-confirm'));
    await waitFor(() => expect(server.calls('POST', '/api/purchasing/order/7/reopen')).toHaveLength(1));
    expect(server.body('POST', '/api/purchasing/order/7/reopen')).toEqual({
      comment: 'Credit note received',
      _version: 4,
    });
    expect(server.calls('POST', '/api/purchasing/order/7/workflow')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('updated'));
    expect(screen.queryByTestId('workflow-action-reopen')).toBeNull();
    expect(await screen.findByTestId('action-edit')).toBeTruthy();
  });

  it('shows reopen disabled with the reason past 365 days, and never to suppliers', async () => {
    server.current = storedOrder('archived', {
      _state: {
        current: 'archived',
        readonly: true,
        created: { ts: daysAgo(400), user: { _id: 'u1', name: 'Bea Buyer' } },
      },
    });
    const first = renderForm();
    const old = (await screen.findByTestId('workflow-action-reopen')) as HTMLButtonElement;
    expect(old.disabled).toBe(true);
    expect(screen.getByTestId('workflow-action-wrap-reopen').getAttribute('title')).toBe(REASONS.reopenLimit);
    first.unmount();

    startSession('tok', supplierUser());
    server.current = storedOrder('closed', { supplier: { _id: 's1', name: 'ACME' } });
    renderForm();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('workflow-action-reopen')).toBeNull();
  });

  it("shows the server's refusal (409 with the reason) as a notice and keeps the document", async () => {
    server.current = storedOrder('closed');
    const refusal: ApiErrorBody = {
      message: REASONS.reopenLimit,
      key: 'document.reopen-expired',
      _status: 409,
      data: { errors: [] },
    };
    server.extra = (url, init) =>
      url.pathname === '/api/purchasing/order/7/reopen' && init?.method === 'POST'
        ? jsonResponse(refusal, 409, 'Conflict')
        : undefined;
    renderForm();
    fireEvent.click(await screen.findByTestId('workflow-action-reopen'));
    fireEvent.click(await screen.findByTestId('workflow-confirm'));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(REASONS.reopenLimit);
    expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('closed');
  });
});

describe('timeline', () => {
  const bea = { _id: 'u2', name: 'Bea Buyer' };

  it("shows the server's steps and merged entries", async () => {
    server.messages = [
      { _id: 'm1', state: 'created', ts: '2026-03-01T09:00:00', user: bea, text: 'Created the order' },
      { _id: 'm2', state: 'created', ts: '2026-03-01T09:05:00', user: bea, text: 'Fixed a line' },
      {
        _id: 'm3',
        state: 'approval',
        ts: '2026-03-02T14:30:00',
        user: { _id: 'u3', name: 'Max Manager' },
        text: 'Looking',
      },
    ];
    renderForm();
    await waitFor(() => expect(screen.getAllByTestId('timeline-message')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('timeline-message');
    expect(within(first!).getByTestId('timeline-message-ts').textContent).toBe('01-03-2026 09:00');
    expect(within(first!).getByTestId('timeline-message-user').textContent).toBe('Bea Buyer');
    expect(within(first!).getByTestId('timeline-message-count').textContent).toContain('2 entries');
    expect(within(first!).getByTestId('timeline-message-state').textContent).toBe('Created');
    expect(within(second!).queryByTestId('timeline-message-count')).toBeNull();
    expect(within(second!).getByTestId('timeline-message-text').textContent).toBe('Looking');
    expect(screen.getByTestId('timeline-step-created').getAttribute('data-status')).toBe('completed');
    expect(screen.getByTestId('timeline-step-approval').getAttribute('data-status')).toBe('active');
    expect(screen.getByTestId('timeline-step-completed').getAttribute('data-status')).toBe('future');
    expect(screen.queryByTestId('timeline-step-updated')).toBeNull();
    expect(screen.queryByTestId('timeline-step-rejected')).toBeNull();
  });

  it('shows the entries as sent, without merging them again', () => {
    // a workflow that revisits its states: the server does not merge, the view shows each entry
    const timeline = servedTimeline(
      { ...orderConfig, workflow: { ...orderConfig.workflow!, repeats: true } },
      'created',
      [
        { _id: 'a', state: 'created', ts: '2026-03-01T09:00:00', user: bea, text: 'a' },
        { _id: 'b', state: 'created', ts: '2026-03-01T09:01:00', user: bea, text: 'b' },
      ],
    );
    renderWithProviders(<TimelineView timeline={timeline} stateLabel={(s) => s} lang="en" />);
    expect(screen.getAllByTestId('timeline-message')).toHaveLength(2);
    expect(screen.queryByTestId('timeline-message-count')).toBeNull();
  });

  it('says who decided an approval, on whose behalf, and who is still missing', () => {
    const decided = {
      decidedBy: { _id: 'u1', name: 'Diana Dias' },
      onBehalfOf: { _id: 'u2', name: 'Mário Matos' },
      decision: 'approve' as const,
      level: 1,
      missing: ['Carla Costa'],
      required: 2,
      approvedCount: 1,
    };
    const timeline = servedTimeline(orderConfig, 'approval', [
      { _id: 'a', state: 'approval', ts: '2026-03-01T09:00:00', user: bea, text: 'ok', approval: decided },
    ]);
    renderWithProviders(<TimelineView timeline={timeline} stateLabel={(s) => s} lang="en" />);
    expect(screen.getByTestId('timeline-approval').textContent).toBe(
      'Approved by Diana Dias on behalf of Mário Matos (level 1) · 1 of 2 approvals · still waiting for Carla Costa',
    );
  });

  it('says so when the timeline cannot be loaded', async () => {
    server.extra = (url) =>
      url.pathname === '/api/communication/messages/order/7'
        ? jsonResponse(
            { message: 'Boom', key: 'internal', _status: 500, data: { errors: [] } } satisfies ApiErrorBody,
            500,
            'Error',
          )
        : undefined;
    renderForm();
    expect((await screen.findByTestId('timeline-error')).textContent).toBe(
      'The timeline could not be loaded.',
    );
  });
});
