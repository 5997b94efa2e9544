import { beforeEach, describe, expect, it } from 'vitest';
import type { ModelConfigResponse } from '@p2p/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppConfigContext } from '../../../lib/app-config.ts';
import { i18n } from '../../../lib/i18n.ts';
import { resetSession, startSession } from '../../../lib/session.ts';
import { testConfig, testUser } from '../../../test/render.tsx';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { orderConfig, storedOrder } from '../test/order-fixtures.ts';
import { DocumentFormPage } from './pages.tsx';

/**
 * Issue 11, "No lost work": leaving a form with unsaved changes asks first (the app's data router,
 * as App.tsx builds it), and the approval dialog shows the value and refuses a requisition at 0.00.
 */

const requisition: ModelConfigResponse = {
  ...orderConfig,
  name: 'requisition',
  label: 'Requisitions',
  actions: [{ name: 'edit', label: 'Edit', permission: 'E' }],
  permissions: { editRoles: 'buyer,requester' },
  readonly: ['approval'],
  workflow: {
    states: [
      { index: 0, name: 'created', label: 'Created' },
      { index: 1, name: 'approval', label: 'Approval' },
    ],
    transitions: [
      {
        name: 'submit-approval',
        label: 'Submit for approval',
        from: ['created'],
        roles: 'requester,buyer',
        to: 'approval',
      },
    ],
  },
};
const requester = () =>
  testUser({
    username: 'requester',
    role: { key: 'requester', name: 'Requester' },
    roles: [{ key: 'requester', name: 'Requester' }],
  });
const stored = (state: string, value: string) =>
  storedOrder(state, {
    model: 'requisition',
    doc: { type: 'requisition', subtype: 'R001' },
    requester: { _id: 'u1', name: 'Bea Buyer' },
    value,
    currency: 'EUR',
  });

let server: MockServer;
beforeEach(() => {
  resetSession(null);
  startSession('tok', requester());
  server = mockServer(requisition, stored('created', '0.00'));
});

function renderApp(start = '/requisition/7') {
  const router = createMemoryRouter(
    [
      {
        path: '/requisition/:id/:action?',
        element: (
          <>
            <Link to="/elsewhere" data-testid="go-elsewhere">
              elsewhere
            </Link>
            <DocumentFormPage model="requisition" path="/requisition" />
          </>
        ),
      },
      { path: '/elsewhere', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [start] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AppConfigContext.Provider value={testConfig()}>
          <RouterProvider router={router} />
        </AppConfigContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('leaving a form with unsaved changes', () => {
  it('asks before a route change; Stay keeps the changes, Leave goes', async () => {
    const router = renderApp();
    fireEvent.click(await screen.findByTestId('action-edit'));
    const input = await screen.findByDisplayValue('Paper');
    fireEvent.change(input, { target: { value: 'Paper, recycled' } });
    fireEvent.click(screen.getByTestId('go-elsewhere'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('leave-guard-message').textContent).toBe(
      'You have changes that are not saved. Leave this page and lose them?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByTestId('leave-guard-message')).toBeNull());
    expect(router.state.location.pathname).toBe('/requisition/7');
    expect(screen.getByDisplayValue('Paper, recycled')).toBeTruthy();

    fireEvent.click(screen.getByTestId('go-elsewhere'));
    const again = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('asks the browser on reload or tab close only while something is unsaved', async () => {
    renderApp();
    fireEvent.click(await screen.findByTestId('action-edit'));
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(await screen.findByDisplayValue('Paper'), { target: { value: 'Pens' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('lets an unchanged form go without a question', async () => {
    renderApp();
    fireEvent.click(await screen.findByTestId('action-edit'));
    await screen.findByTestId('action-save');
    fireEvent.click(screen.getByTestId('go-elsewhere'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });
});

describe('submitting a requisition for approval', () => {
  it('shows the value in the dialog and refuses 0.00 with the server’s message', async () => {
    renderApp();
    fireEvent.click(await screen.findByTestId('workflow-action-submit-approval'));
    const dialog = await screen.findByTestId('workflow-dialog');
    expect(within(dialog).getByTestId('workflow-value').textContent).toBe('Value: 0.00 EUR');
    expect(within(dialog).getByTestId('workflow-refusal').textContent).toContain(
      'A requisition valued 0.00 cannot be submitted for approval: enter an estimated price on its lines.',
    );
    expect(within(dialog).getByTestId('workflow-confirm').hasAttribute('disabled')).toBe(true);
  });

  it('submits a priced requisition, showing its value with the currency', async () => {
    server.current = stored('created', '1234.5');
    renderApp();
    fireEvent.click(await screen.findByTestId('workflow-action-submit-approval'));
    const dialog = await screen.findByTestId('workflow-dialog');
    expect(within(dialog).getByTestId('workflow-value').textContent).toBe('Value: 1,234.50 EUR');
    expect(within(dialog).queryByTestId('workflow-refusal')).toBeNull();
    expect(within(dialog).getByTestId('workflow-confirm').hasAttribute('disabled')).toBe(false);
  });

  it('offers the requester no Edit while the requisition is in approval (the domain verdict)', async () => {
    server.current = stored('approval', '1234.5');
    renderApp();
    expect(await screen.findByTestId('form-state')).toBeTruthy();
    expect(screen.queryByTestId('action-edit')).toBeNull();
  });
});
