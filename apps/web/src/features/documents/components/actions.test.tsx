import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REASONS } from '@p2p/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { DocumentListPage } from './DocumentListPage.tsx';
import { DocumentFormPage } from './pages.tsx';
import { TimelineView } from './TimelinePanel.tsx';

const workflow = {
  states: [
    { index: 0, name: 'created', label: 'Created' },
    { index: 1, name: 'updated', label: 'Updated', optional: true },
    { index: 2, name: 'approval', label: 'Approval' },
    { index: 3, name: 'approved', label: 'Approved' },
    { index: 4, name: 'rejected', label: 'Rejected', back: true },
    { index: 5, name: 'completed', label: 'Completed' },
  ],
  transitions: [
    { name: 'submit-approval', label: 'Submit for approval', from: ['created', 'updated', 'rejected'], roles: 'buyer' },
    { name: 'approve', label: 'Approve', from: ['approval'], roles: 'manager,assigned' },
    { name: 'reject', label: 'Reject', from: ['approval'], roles: 'manager,assigned' },
  ],
};
const config = {
  name: 'order',
  label: 'Orders',
  list: { options: { pageSize: 30, sort: '-_id' }, fields: [{ src: 'description', label: 'Description', type: 'text' }] },
  form: { options: { editStart: false }, fields: [{ src: 'description', label: 'Description', type: 'text' }], groups: [{ key: 'general', label: 'General', fields: ['description'] }] },
  search: [],
  sort: [],
  actions: [
    { name: 'edit', label: 'Edit', permission: 'E' },
    { name: 'duplicate', label: 'Duplicate', permission: 'C' },
    { name: 'favorite', label: 'Favorite', permission: 'R' },
    { name: 'order-pdf', label: 'Order PDF', permission: 'R' },
  ],
  permissions: { supplierModel: true, editRoles: 'buyer' },
  workflow,
  readonly: [],
  submodels: [],
};
const doc = (state = 'approval', extra: Record<string, unknown> = {}) => ({
  _id: '7',
  key: null,
  description: 'Paper',
  doc: { type: 'order', subtype: 'P001' },
  _state: { current: state, created: { ts: '2026-01-01T00:00:00Z' } },
  _version: 4,
  lines: [],
  ...extra,
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
let current: ReturnType<typeof doc>;
let extra: Handler;
const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path);

const manager = () => testUser({ role: { key: 'manager', name: 'Manager' }, roles: [{ key: 'manager', name: 'Manager' }] });

beforeEach(() => {
  resetSession(null);
  startSession('tok', manager());
  current = doc();
  extra = () => undefined;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const special = extra(url, init);
    if (special) return special;
    if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(config);
    if (url.pathname === '/api/config/purchasing') return jsonResponse({});
    if (url.pathname === '/api/profile/favorites/u1') return jsonResponse([]);
    if (url.pathname === '/api/communication/messages/order/7') return jsonResponse([]);
    if (url.pathname === '/api/purchasing/order/7/workflow' && method === 'POST') {
      current = doc('approved', { _version: 5 });
      return jsonResponse(current);
    }
    if (url.pathname === '/api/purchasing/order/7') return jsonResponse(current);
    if (url.pathname === '/api/purchasing/order') return jsonResponse({ items: [{ _id: '7', description: 'Paper' }], options: { count: 1 } });
    return jsonResponse({ message: 'Not found' }, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderForm(route = '/order/7') {
  return renderWithProviders(
    <Routes>
      <Route path="/order" element={<DocumentListPage model="order" path="/order" />} />
      <Route path="/order/:id/:action?" element={<DocumentFormPage model="order" path="/order" />} />
    </Routes>,
    { route },
  );
}

describe('workflow actions', () => {
  it('requires a comment for reject, posts the action with the version and reloads the document', async () => {
    renderForm();
    fireEvent.click(await screen.findByTestId('workflow-action-reject'));
    expect(screen.getByTestId('workflow-action-reject').textContent).toBe('Reject');
    const confirm = await screen.findByTestId('workflow-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('workflow-comment-required').textContent).toBe('A comment is required.');
    fireEvent.change(screen.getByTestId('workflow-comment'), { target: { value: '  Price too high ' } });
    expect((screen.getByTestId('workflow-confirm') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('workflow-confirm'));
    await waitFor(() => expect(calls('POST', '/api/purchasing/order/7/workflow')).toHaveLength(1));
    const [, init] = calls('POST', '/api/purchasing/order/7/workflow')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ action: 'reject', comment: 'Price too high', _version: 4 });
    await waitFor(() => expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('approved'));
    expect(calls('GET', '/api/purchasing/order/7').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByTestId('workflow-comment')).toBeNull());
  });

  it('does not require a comment for approve', async () => {
    renderForm();
    fireEvent.click(await screen.findByTestId('workflow-action-approve'));
    const confirm = await screen.findByTestId('workflow-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('workflow-comment-required')).toBeNull();
    fireEvent.click(confirm);
    await waitFor(() => expect(calls('POST', '/api/purchasing/order/7/workflow')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/purchasing/order/7/workflow')[0]![1]!.body))).toEqual({ action: 'approve', _version: 4 });
  });

  it("prefers the server's _actions: a disabled action shows its reason; an error is shown as a notice", async () => {
    current = doc('approval', {
      _actions: {
        actions: [{ name: 'edit', label: 'Edit', permission: 'E', disabled: false }],
        transitions: [
          { name: 'approve', label: 'Approve', disabled: false, commentRequired: false, permission: 'A' },
          { name: 'confirm', label: 'Confirm', disabled: true, reason: 'Only a buyer can confirm a document in negotiation.', commentRequired: false, permission: 'A' },
        ],
      },
      _permissions: { edit: false, delete: false, duplicate: false },
    });
    extra = (url, init) =>
      url.pathname.endsWith('/workflow') && init?.method === 'POST' ? jsonResponse({ message: 'Not allowed', _status: 403 }, 403, 'Forbidden') : undefined;
    renderForm();
    const confirmAction = (await screen.findByTestId('workflow-action-confirm')) as HTMLButtonElement;
    expect(confirmAction.disabled).toBe(true);
    expect(screen.getByTestId('workflow-action-wrap-confirm').getAttribute('title')).toBe('Only a buyer can confirm a document in negotiation.');
    expect(screen.queryByTestId('workflow-action-reject')).toBeNull();
    // the server's lists also decide the other buttons: no favorite, PDF, edit or duplicate here
    expect(screen.queryByTestId('favorite-toggle')).toBeNull();
    expect(screen.queryByTestId('action-pdf')).toBeNull();
    expect(screen.queryByTestId('action-edit')).toBeNull();
    expect(screen.queryByTestId('action-duplicate')).toBeNull();
    fireEvent.click(screen.getByTestId('workflow-action-approve'));
    fireEvent.click(await screen.findByTestId('workflow-confirm'));
    expect((await screen.findByTestId('form-errors')).textContent).toContain('Not allowed');
  });
});

describe('taxonomy selects', () => {
  it('fills country selects from /taxonomy/country', async () => {
    const withCountry = {
      ...config,
      form: { ...config.form, fields: [...config.form.fields, { src: 'country', label: 'Delivery country', type: 'select', ref: 'countries' }], groups: [{ key: 'general', label: 'General', fields: ['description', 'country'] }] },
    };
    current = doc('approval', { country: 'PT' });
    extra = (url) => {
      if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(withCountry);
      if (url.pathname === '/api/taxonomy/country') return jsonResponse({ items: [{ _id: 'PT', key: 'PT', code: 'PT', label: 'Portugal', name: 'Portugal' }], options: { count: null, page: 1, pagesize: 100 } });
      return undefined;
    };
    renderForm();
    expect(await screen.findByText('Portugal')).toBeTruthy();
    const [u] = calls('GET', '/api/taxonomy/country')[0]!;
    expect(new URL(String(u), 'http://x').searchParams.get('l')).toBe('100');
  });
});

describe('timeline', () => {
  it('shows the workflow steps and merges consecutive messages of the same user and state', async () => {
    extra = (url) =>
      url.pathname === '/api/communication/messages/order/7'
        ? jsonResponse([
            { _id: 'm1', state: 'created', ts: '2026-03-01T09:00:00', user: { _id: 'u2', name: 'Bea Buyer' }, text: 'Created the order' },
            { _id: 'm2', state: 'created', ts: '2026-03-01T09:05:00', user: { _id: 'u2', name: 'Bea Buyer' }, text: 'Fixed a line' },
            { _id: 'm3', state: 'approval', ts: '2026-03-02T14:30:00', user: { _id: 'u3', name: 'Max Manager' }, text: 'Looking' },
          ])
        : undefined;
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

  it("keeps the server's merged entries ({steps, items} with counts)", async () => {
    extra = (url) =>
      url.pathname === '/api/communication/messages/order/7'
        ? jsonResponse({
            state: 'approval',
            steps: [],
            items: [
              { _id: 'm1', state: 'created', ts: '2026-03-01T09:00:00', user: { _id: 'u2', name: 'Bea Buyer' }, text: 'Created', count: 3 },
              { _id: 'm4', state: 'approval', ts: '2026-03-02T14:30:00', user: { _id: 'u2', name: 'Bea Buyer' }, text: null, count: 1 },
            ],
          })
        : undefined;
    renderForm();
    await waitFor(() => expect(screen.getAllByTestId('timeline-message')).toHaveLength(2));
    expect(within(screen.getAllByTestId('timeline-message')[0]!).getByTestId('timeline-message-count').textContent).toContain('3 entries');
  });

  it('does not merge when the workflow repeats', () => {
    const msgs = [
      { state: 'created', ts: '2026-03-01T09:00:00', user: { _id: 'u2', name: 'A' }, text: 'a' },
      { state: 'created', ts: '2026-03-01T09:01:00', user: { _id: 'u2', name: 'A' }, text: 'b' },
    ];
    renderWithProviders(
      <TimelineView config={{ ...config, workflow: { ...workflow, repeats: true } } as never} state="created" messages={msgs} stateLabel={(s) => s} lang="en" />,
    );
    expect(screen.getAllByTestId('timeline-message')).toHaveLength(2);
  });
});

describe('favorites, duplicate and PDF on the form', () => {
  it('toggles the favorite star of the form and of a list row', async () => {
    extra = (url, init) => (url.pathname.endsWith('/favorite') && init?.method === 'POST' ? jsonResponse({ favorite: true }) : undefined);
    renderForm();
    const star = await screen.findByTestId('favorite-toggle');
    expect(star.getAttribute('data-favorite')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe('Add to favorites');
    fireEvent.click(star);
    await waitFor(() => expect(calls('POST', '/api/purchasing/order/7/favorite')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('favorite-toggle').getAttribute('data-favorite')).toBe('true'));
  });

  it('stars list rows from the favorites list and toggles a row without opening it', async () => {
    extra = (url, init) => {
      if (url.pathname === '/api/profile/favorites/u1') return jsonResponse([{ label: 'Orders', model: 'order', route: '/order', items: [{ _id: '7', name: 'Paper', url: '/order/7' }] }]);
      if (url.pathname.endsWith('/favorite') && init?.method === 'POST') return jsonResponse({});
      return undefined;
    };
    renderForm('/order');
    await waitFor(() => expect(screen.getByTestId('row-favorite-7').getAttribute('data-favorite')).toBe('true'));
    fireEvent.click(screen.getByTestId('row-favorite-7'));
    await waitFor(() => expect(calls('POST', '/api/purchasing/order/7/favorite')).toHaveLength(1));
    expect(screen.getByTestId('document-list')).toBeTruthy();
  });

  it('duplicates through the server and opens the new document', async () => {
    startSession('tok', testUser());
    current = doc('created');
    extra = (url, init) => {
      if (url.pathname === '/api/purchasing/order/7/duplicate' && init?.method === 'POST') return jsonResponse({ ...doc('created'), _id: '8', description: 'Paper (copy)' });
      return undefined;
    };
    renderForm();
    fireEvent.click(await screen.findByTestId('action-duplicate'));
    await waitFor(() => expect(screen.getByTestId('form-title').textContent).toBe('Order #8'));
    expect(calls('POST', '/api/purchasing/order/7/duplicate')).toHaveLength(1);
  });

  it('fetches the order PDF with the bearer token and opens it through a blob URL', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as never);
    const createObjectURL = vi.fn(() => 'blob:pdf-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    extra = (url) =>
      url.pathname === '/api/purchasing/order-pdf/7' ? new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }) : undefined;
    renderForm();
    const button = await screen.findByTestId('action-pdf');
    expect(button.textContent).toBe('PDF');
    fireEvent.click(button);
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
    const [u, init] = calls('GET', '/api/purchasing/order-pdf/7')[0]!;
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const url = new URL(String(u), 'http://x');
    expect(url.searchParams.get('ts')).toMatch(/^\d+$/);
    expect(url.searchParams.get('view')).toBeNull();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('asks suppliers for the supplier view of the PDF', async () => {
    startSession('tok', testUser({ role: { key: 'supplier', name: 'Supplier' }, roles: [{ key: 'supplier', name: 'Supplier' }], supplier: { _id: 's1', name: 'ACME' } } as never));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as never);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf-2'), revokeObjectURL: vi.fn() }));
    current = doc('erp-done', { supplier: { _id: 's1', name: 'ACME' } });
    extra = (url) => (url.pathname === '/api/purchasing/order-pdf/7' ? new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } }) : undefined);
    renderForm();
    fireEvent.click(await screen.findByTestId('action-pdf'));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-2'));
    expect(new URL(String(calls('GET', '/api/purchasing/order-pdf/7')[0]![0]), 'http://x').searchParams.get('view')).toBe('supplier');
  });
});

const buyer = () => testUser();
const withReopen = { ...config, actions: [...config.actions, { name: 'reopen', label: 'Reopen', permission: 'E' }] };
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

describe('reopen', () => {
  it('reopens a closed document through POST /reopen with the comment and version, then shows it updated', async () => {
    startSession('tok', buyer());
    current = doc('closed', {
      _actions: { actions: [{ name: 'reopen', label: 'Reopen', permission: 'E', disabled: false }], transitions: [] },
      _permissions: { edit: false, delete: false, duplicate: false },
    });
    extra = (url, init) => {
      if (url.pathname === '/api/purchasing/order/7/reopen' && init?.method === 'POST') {
        current = doc('updated', { _version: 5, _permissions: { edit: true, delete: false, duplicate: false } });
        return jsonResponse(current);
      }
      return undefined;
    };
    renderForm();
    const button = (await screen.findByTestId('workflow-action-reopen')) as HTMLButtonElement;
    expect(button.textContent).toBe('Reopen');
    expect(button.disabled).toBe(false);
    expect(screen.queryByTestId('action-edit')).toBeNull();
    fireEvent.click(button);
    // the comment is optional
    expect((await screen.findByTestId('workflow-confirm') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByTestId('workflow-comment'), { target: { value: ' Credit note received ' } });
    fireEvent.click(screen.getByTestId('workflow-confirm'));
    await waitFor(() => expect(calls('POST', '/api/purchasing/order/7/reopen')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/purchasing/order/7/reopen')[0]![1]!.body))).toEqual({ comment: 'Credit note received', _version: 4 });
    expect(calls('POST', '/api/purchasing/order/7/workflow')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('updated'));
    expect(screen.queryByTestId('workflow-action-reopen')).toBeNull();
    expect(await screen.findByTestId('action-edit')).toBeTruthy();
  });

  it("shows the server's reason on a disabled reopen", async () => {
    startSession('tok', buyer());
    current = doc('archived', {
      _actions: { actions: [{ name: 'reopen', label: 'Reopen', permission: 'E', disabled: true, reason: REASONS.reopenLimit }], transitions: [] },
    });
    renderForm();
    const button = (await screen.findByTestId('workflow-action-reopen')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('workflow-action-wrap-reopen').getAttribute('title')).toBe(REASONS.reopenLimit);
  });

  it("shows the server's refusal (409 with the reason) as a notice and keeps the document", async () => {
    startSession('tok', buyer());
    current = doc('closed', { _actions: { actions: [{ name: 'reopen', label: 'Reopen', disabled: false }], transitions: [] } });
    extra = (url, init) =>
      url.pathname === '/api/purchasing/order/7/reopen' && init?.method === 'POST'
        ? jsonResponse({ message: REASONS.reopenLimit, key: 'document.reopen-expired', _status: 409, data: { errors: [] } }, 409, 'Conflict')
        : undefined;
    renderForm();
    fireEvent.click(await screen.findByTestId('workflow-action-reopen'));
    fireEvent.click(await screen.findByTestId('workflow-confirm'));
    expect((await screen.findByTestId('form-errors')).textContent).toContain(REASONS.reopenLimit);
    expect(screen.getByTestId('form-state').getAttribute('data-state')).toBe('closed');
  });

  it('follows the shared rule without server _actions: 365-day limit, and never for suppliers', async () => {
    extra = (url) => (url.pathname.startsWith('/api/config/model/') ? jsonResponse(withReopen) : undefined);
    startSession('tok', buyer());
    current = doc('closed', { _state: { current: 'closed', created: { ts: daysAgo(400) } } });
    const first = renderForm();
    const old = (await screen.findByTestId('workflow-action-reopen')) as HTMLButtonElement;
    expect(old.disabled).toBe(true);
    expect(old.getAttribute('data-reason')).toBe(REASONS.reopenLimit);
    first.unmount();

    current = doc('closed', { _state: { current: 'closed', created: { ts: daysAgo(30) } } });
    const second = renderForm();
    expect(((await screen.findByTestId('workflow-action-reopen')) as HTMLButtonElement).disabled).toBe(false);
    second.unmount();

    startSession('tok', testUser({ role: { key: 'supplier', name: 'Supplier' }, roles: [{ key: 'supplier', name: 'Supplier' }], supplier: { _id: 's1', name: 'ACME' } } as never));
    current = doc('closed', { supplier: { _id: 's1', name: 'ACME' } });
    renderForm();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('workflow-action-reopen')).toBeNull();
  });
});

describe('order deliveries', () => {
  const ships = [
    { _id: 'DLV-01', date: '2026-07-08', address: { name: 'Lisboa Warehouse', street: 'Rua do Açúcar 88', postcode: '1950-010', city: 'Lisboa', country: 'PT' }, lines: [10, 20] },
    { _id: 'DLV-02', date: '2026-07-15', address: { name: 'Porto Plant', street: 'Rua do Freixo 1071', postcode: '4300-219', city: 'Porto', country: 'PT' }, lines: [30] },
    { date: '2026-08-01', address: 'No id: cannot be printed' },
  ];

  it('lists the shipments of an order, each with its own PDF fetched with the bearer token', async () => {
    startSession('tok', buyer());
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as never);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ship-2'), revokeObjectURL: vi.fn() }));
    current = doc('erp-done', { ships });
    extra = (url) => (url.pathname === '/api/purchasing/order-pdf/7/DLV-02' ? new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }) : undefined);
    renderForm();
    const rows = await screen.findAllByTestId(/^shipment-DLV/);
    expect(rows).toHaveLength(2);
    expect(within(screen.getByTestId('shipment-DLV-01')).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'DLV-01',
      '08-07-2026',
      'Lisboa Warehouse, Rua do Açúcar 88, 1950-010 Lisboa, PT',
      '10, 20',
      'PDF',
    ]);
    const button = screen.getByTestId('shipment-pdf-DLV-02');
    expect(button.getAttribute('aria-label')).toBe('PDF of delivery DLV-02');
    fireEvent.click(button);
    await waitFor(() => expect(tab.location.href).toBe('blob:ship-2'));
    const [u, init] = calls('GET', '/api/purchasing/order-pdf/7/DLV-02')[0]!;
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(new URL(String(u), 'http://x').searchParams.get('ts')).toMatch(/^\d+$/);
    expect(calls('GET', '/api/purchasing/order-pdf/7')).toHaveLength(0);
  });

  it('shows an unknown delivery (404) as a notice, and no panel for an order without shipments', async () => {
    startSession('tok', buyer());
    vi.spyOn(window, 'open').mockImplementation(() => ({ location: { href: '' }, close: vi.fn() }) as never);
    current = doc('erp-done', { ships });
    extra = (url) => (url.pathname === '/api/purchasing/order-pdf/7/DLV-01' ? jsonResponse({ message: 'Delivery not found.', key: 'not_found', _status: 404, data: { errors: [] } }, 404, 'Not Found') : undefined);
    const first = renderForm();
    fireEvent.click(await screen.findByTestId('shipment-pdf-DLV-01'));
    expect((await screen.findByTestId('form-errors')).textContent).toContain('Delivery not found.');
    first.unmount();
    current = doc('erp-done');
    renderForm();
    await screen.findByTestId('action-pdf');
    expect(screen.queryByTestId('shipments')).toBeNull();
  });
});

describe('plants', () => {
  const organization = [
    {
      key: 'acme-portugal',
      type: 'company',
      label: 'Acme Portugal',
      group: { _id: 'g1' },
      children: [{ key: 'pt-lisboa', type: 'plant', label: 'Lisboa Plant', group: { _id: 'g2' } }],
    },
    { key: 'acme-shared', type: 'company', label: 'Acme Shared Services', group: { _id: 'g3' } },
  ];
  const plantField = { src: 'plant', label: 'Plant', type: 'select', ref: 'plants', filterable: true };
  const withPlant = {
    ...config,
    list: { ...config.list, fields: [...config.list.fields, plantField] },
    form: { ...config.form, fields: [...config.form.fields, plantField], groups: [{ key: 'general', label: 'General', fields: ['description', 'plant'] }] },
  };
  beforeEach(() => {
    extra = (url) => {
      if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(withPlant);
      if (url.pathname === '/api/profile/user/groups') return jsonResponse({ groups: [], organization, options: [] });
      if (url.pathname === '/api/purchasing/order') return jsonResponse({ items: [{ _id: '7', description: 'Paper', plant: 'pt-lisboa' }, { _id: '8', description: 'Pens', plant: 'acme-shared' }], options: { count: 2 } });
      return undefined;
    };
  });

  it('shows the plant name of the organization tree in the form, keeping the key as the value', async () => {
    current = doc('approval', { plant: 'pt-lisboa' });
    renderForm();
    expect(await screen.findByText('Lisboa Plant')).toBeTruthy();
    expect(screen.queryByText('pt-lisboa')).toBeNull();
    expect(calls('GET', '/api/profile/user/groups')).toHaveLength(1);
  });

  it('shows plant names in the list, and the key when the tree does not know it', async () => {
    const list = renderForm('/order');
    expect(await screen.findByText('Lisboa Plant')).toBeTruthy();
    expect(screen.getByText('Acme Shared Services')).toBeTruthy();
    expect(screen.queryByText('pt-lisboa')).toBeNull();
    list.unmount();
    current = doc('approval', { plant: 'xx-unknown' });
    renderForm();
    expect(await screen.findByText('xx-unknown')).toBeTruthy();
  });

  it('offers the plants by name when editing and saves the key', async () => {
    startSession('tok', buyer());
    current = doc('created', { plant: 'pt-lisboa' });
    extra = ((prev) => (url: URL, init: RequestInit | undefined) => {
      if (url.pathname === '/api/purchasing/order/7' && init?.method === 'PUT') return jsonResponse({ ...current, ...JSON.parse(String(init.body)), _version: 5 });
      return prev(url, init);
    })(extra);
    renderForm();
    fireEvent.click(await screen.findByTestId('action-edit'));
    await screen.findByTestId('action-save');
    expect(await screen.findByText('Lisboa Plant')).toBeTruthy();
    fireEvent.click(screen.getByTestId('action-save'));
    await waitFor(() => expect(calls('PUT', '/api/purchasing/order/7')).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT', '/api/purchasing/order/7')[0]![1]!.body)).plant).toBe('pt-lisboa');
  });
});

describe('approved supplier records', () => {
  // as models/supplier.json ships it: approved is edit-hidden generically, editable for this model
  const supplierConfig = {
    ...config,
    name: 'supplier',
    label: 'Suppliers',
    actions: [{ name: 'edit', label: 'Edit', permission: 'E' }],
    permissions: { supplierModel: true, editRoles: 'manager-supplier,supplier,supplier-user', createRoles: 'manager-supplier', editableStates: ['approved'] },
    workflow: { states: [{ index: 0, name: 'created' }, { index: 1, name: 'approved' }], transitions: [] },
    readonly: ['completed', 'closed', 'archived', 'erp-done', 'rfq', 'deleted'],
  };
  const record = (supplier: string) => ({ ...doc('approved'), _id: '9', doc: { type: 'supplier', subtype: null }, description: 'Alfa', supplier: { _id: supplier, name: 'Alfa' } });
  const renderSupplier = () =>
    renderWithProviders(
      <Routes>
        <Route path="/supplier/:id/:action?" element={<DocumentFormPage model="supplier" path="/supplier" />} />
      </Routes>,
      { route: '/supplier/9' },
    );
  const supplierUser = () => testUser({ role: { key: 'supplier', name: 'Supplier' }, roles: [{ key: 'supplier', name: 'Supplier' }], supplier: { _id: 's1', name: 'Alfa' } } as never);
  let served: ReturnType<typeof record>;
  beforeEach(() => {
    extra = (url) => {
      if (url.pathname.startsWith('/api/config/model/')) return jsonResponse(supplierConfig);
      if (url.pathname === '/api/purchasing/supplier/9') return jsonResponse(served);
      return undefined;
    };
  });

  it('shows Edit to the supplier on its own approved record, and to the supplier manager', async () => {
    startSession('tok', supplierUser());
    served = record('s1');
    const first = renderSupplier();
    fireEvent.click(await screen.findByTestId('action-edit'));
    expect(await screen.findByTestId('action-save')).toBeTruthy();
    first.unmount();
    startSession('tok', testUser({ role: { key: 'manager-supplier', name: 'Supplier manager' }, roles: [{ key: 'manager-supplier', name: 'Supplier manager' }] }));
    renderSupplier();
    expect(await screen.findByTestId('action-edit')).toBeTruthy();
  });

  it("shows no Edit on another company's record or to a buyer", async () => {
    startSession('tok', supplierUser());
    served = record('s2');
    const first = renderSupplier();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('action-edit')).toBeNull();
    first.unmount();
    startSession('tok', buyer());
    served = record('s1');
    renderSupplier();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('action-edit')).toBeNull();
  });
});
