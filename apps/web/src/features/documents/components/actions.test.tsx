import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, ModelConfigResponse, UserGroupsResponse } from '@p2p/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import type { FavoriteSlot } from '../slots.ts';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, listOf, manager, orderConfig, storedOrder, supplierUser } from '../test/order-fixtures.ts';
import { served } from '../test/served.ts';
import { DocumentListPage } from './DocumentListPage.tsx';
import { DocumentFormPage } from './pages.tsx';

let server: MockServer;

beforeEach(() => {
  resetSession(null);
  startSession('tok', manager());
  server = mockServer(orderConfig, storedOrder());
});

/** The favorites feature's star as the route module hands it over: here, a marker of what it gets. */
const Star: FavoriteSlot = ({ model, id, size, testId = 'favorite-toggle' }) => (
  <span data-testid={testId} data-model={model} data-id={id} data-size={size ?? 'normal'} />
);

function renderForm(route = '/order/7', favorite?: FavoriteSlot) {
  return renderWithProviders(
    <Routes>
      <Route path="/order" element={<DocumentListPage model="order" path="/order" favorite={favorite} />} />
      <Route
        path="/order/:id/:action?"
        element={<DocumentFormPage model="order" path="/order" favorite={favorite} />}
      />
    </Routes>,
    { route },
  );
}

const pdf = (body = '%PDF-1.4') =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/pdf' } });
const openTab = (blob: string) => {
  const tab = { location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => tab as never);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => blob), revokeObjectURL: vi.fn() }));
  return tab;
};

describe('favorites, duplicate and PDF on the form', () => {
  it('shows the star the route module gives, on the form and on each list row, where the model offers it', async () => {
    const form = renderForm('/order/7', Star);
    const star = await screen.findByTestId('favorite-toggle');
    expect([star.dataset.model, star.dataset.id, star.dataset.size]).toEqual(['order', '7', 'normal']);
    form.unmount();
    renderForm('/order', Star);
    const row = await screen.findByTestId('row-favorite-7');
    expect([row.dataset.model, row.dataset.id, row.dataset.size]).toEqual(['order', '7', 'small']);
  });

  it('shows no star without one from the route module, or where the server does not offer favorite', async () => {
    const first = renderForm();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('favorite-toggle')).toBeNull();
    first.unmount();
    server.config = { ...orderConfig, actions: orderConfig.actions.filter((a) => a.name !== 'favorite') };
    renderForm('/order/7', Star);
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('favorite-toggle')).toBeNull();
  });

  it('duplicates through the server and opens the new document', async () => {
    startSession('tok', buyer());
    server.current = storedOrder('created');
    server.extra = (url, init) => {
      if (url.pathname !== '/api/purchasing/order/7/duplicate' || init?.method !== 'POST') return undefined;
      server.current = storedOrder('created', { _id: '8', description: 'Paper (copy)' });
      return jsonResponse(served(server.current, orderConfig, buyer()));
    };
    renderForm();
    fireEvent.click(await screen.findByTestId('action-duplicate'));
    await waitFor(() => expect(screen.getByTestId('form-title').textContent).toBe('Order #8'));
    expect(screen.getByTestId('field-description').textContent).toContain('Paper (copy)');
    expect(server.calls('POST', '/api/purchasing/order/7/duplicate')).toHaveLength(1);
  });

  it('fetches the order PDF with the bearer token and opens it through a blob URL', async () => {
    const tab = openTab('blob:pdf-1');
    server.extra = (url) => (url.pathname === '/api/purchasing/order-pdf/7' ? pdf() : undefined);
    renderForm();
    const button = await screen.findByTestId('action-pdf');
    expect(button.textContent).toBe('PDF');
    fireEvent.click(button);
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
    const [u, init] = server.calls('GET', '/api/purchasing/order-pdf/7')[0]!;
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const url = new URL(String(u), 'http://x');
    expect(url.searchParams.get('ts')).toMatch(/^\d+$/);
    expect(url.searchParams.get('view')).toBeNull();
  });

  it('asks for the supplier view of the PDF for a user acting as a supplier only', async () => {
    openTab('blob:pdf-2');
    server.current = storedOrder('erp-done', { supplier: { _id: 's1', name: 'ACME' } });
    server.extra = (url) => (url.pathname === '/api/purchasing/order-pdf/7' ? pdf() : undefined);
    const views = () =>
      server
        .calls('GET', '/api/purchasing/order-pdf/7')
        .map(([u]) => new URL(String(u), 'http://x').searchParams.get('view'));
    startSession('tok', supplierUser());
    const first = renderForm();
    fireEvent.click(await screen.findByTestId('action-pdf'));
    await waitFor(() => expect(views()).toEqual(['supplier']));
    first.unmount();
    // a buyer who is also registered as a supplier contact works as a buyer
    const both = testUser({
      roles: [
        { key: 'buyer', name: 'Buyer' },
        { key: 'supplier', name: 'Supplier' },
      ],
      supplier: { _id: 's1', name: 'ACME' },
    });
    startSession('tok', both);
    renderForm();
    fireEvent.click(await screen.findByTestId('action-pdf'));
    await waitFor(() => expect(views()).toEqual(['supplier', null]));
  });
});

describe('order deliveries', () => {
  const ships = [
    {
      _id: 'DLV-01',
      date: '2026-07-08',
      address: {
        name: 'Lisboa Warehouse',
        street: 'Rua do Açúcar 88',
        postcode: '1950-010',
        city: 'Lisboa',
        country: 'PT',
      },
      lines: [10, 20],
    },
    {
      _id: 'DLV-02',
      date: '2026-07-15',
      address: {
        name: 'Porto Plant',
        street: 'Rua do Freixo 1071',
        postcode: '4300-219',
        city: 'Porto',
        country: 'PT',
      },
      lines: [30],
    },
    { date: '2026-08-01', address: 'No id: cannot be printed' },
  ];

  beforeEach(() => startSession('tok', buyer()));

  it('lists the shipments of an order, each with its own PDF fetched with the bearer token', async () => {
    const tab = openTab('blob:ship-2');
    server.current = storedOrder('erp-done', { ships });
    server.extra = (url) => (url.pathname === '/api/purchasing/order-pdf/7/DLV-02' ? pdf() : undefined);
    renderForm();
    const rows = await screen.findAllByTestId(/^shipment-DLV/);
    expect(rows).toHaveLength(2);
    expect(
      within(screen.getByTestId('shipment-DLV-01'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
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
    const [u, init] = server.calls('GET', '/api/purchasing/order-pdf/7/DLV-02')[0]!;
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(new URL(String(u), 'http://x').searchParams.get('ts')).toMatch(/^\d+$/);
    expect(server.calls('GET', '/api/purchasing/order-pdf/7')).toHaveLength(0);
  });

  it('shows an unknown delivery (404) as a notice, and no panel for an order without shipments', async () => {
    openTab('blob:none');
    server.current = storedOrder('erp-done', { ships });
    const missing: ApiErrorBody = {
      message: 'Delivery not found.',
      key: 'not_found',
      _status: 404,
      data: { errors: [] },
    };
    server.extra = (url) =>
      url.pathname === '/api/purchasing/order-pdf/7/DLV-01'
        ? jsonResponse(missing, 404, 'Not Found')
        : undefined;
    const first = renderForm();
    fireEvent.click(await screen.findByTestId('shipment-pdf-DLV-01'));
    expect((await screen.findByTestId('form-errors')).textContent).toContain('Delivery not found.');
    first.unmount();
    server.current = storedOrder('erp-done');
    renderForm();
    await screen.findByTestId('action-pdf');
    expect(screen.queryByTestId('shipments')).toBeNull();
  });
});

describe('taxonomy selects', () => {
  it('fills country selects from /taxonomy/country', async () => {
    const country = { src: 'country', label: 'Delivery country', type: 'select', ref: 'countries' };
    server.config = {
      ...orderConfig,
      form: {
        ...orderConfig.form,
        fields: [...orderConfig.form.fields, country],
        groups: [{ key: 'general', label: 'General', fields: ['description', 'country'] }],
      },
    };
    server.current = storedOrder('approval', { country: 'PT' });
    server.extra = (url) =>
      url.pathname === '/api/taxonomy/country'
        ? jsonResponse({
            items: [{ _id: 'PT', key: 'PT', code: 'PT', label: 'Portugal', name: 'Portugal' }],
            options: { count: null, page: 1, pagesize: 100 },
          })
        : undefined;
    renderForm();
    expect(await screen.findByText('Portugal')).toBeTruthy();
    const [u] = server.calls('GET', '/api/taxonomy/country')[0]!;
    expect(new URL(String(u), 'http://x').searchParams.get('l')).toBe('100');
  });
});

describe('plants', () => {
  const groups: UserGroupsResponse = {
    groups: [],
    options: [],
    organization: [
      {
        key: 'acme-portugal',
        type: 'company',
        label: 'Acme Portugal',
        group: { _id: 'g1' },
        children: [{ key: 'pt-lisboa', type: 'plant', label: 'Lisboa Plant', group: { _id: 'g2' } }],
      },
      { key: 'acme-shared', type: 'company', label: 'Acme Shared Services', group: { _id: 'g3' } },
    ],
  };
  const plantField = { src: 'plant', label: 'Plant', type: 'select', ref: 'plants', filterable: true };
  const withPlant: ModelConfigResponse = {
    ...orderConfig,
    list: { ...orderConfig.list, fields: [...orderConfig.list.fields, plantField] },
    form: {
      ...orderConfig.form,
      fields: [...orderConfig.form.fields, plantField],
      groups: [{ key: 'general', label: 'General', fields: ['description', 'plant'] }],
    },
  };
  beforeEach(() => {
    server.config = withPlant;
    server.extra = (url) => {
      if (url.pathname === '/api/profile/user/groups') return jsonResponse(groups);
      if (url.pathname === '/api/purchasing/order')
        return jsonResponse(
          listOf(
            storedOrder('approval', { plant: 'pt-lisboa' }),
            storedOrder('approval', { _id: '8', description: 'Pens', plant: 'acme-shared' }),
          ),
        );
      return undefined;
    };
  });

  it('shows the plant name of the organization tree in the form, keeping the key as the value', async () => {
    server.current = storedOrder('approval', { plant: 'pt-lisboa' });
    renderForm();
    expect(await screen.findByText('Lisboa Plant')).toBeTruthy();
    expect(screen.queryByText('pt-lisboa')).toBeNull();
    expect(server.calls('GET', '/api/profile/user/groups')).toHaveLength(1);
  });

  it('shows plant names in the list, and the key when the tree does not know it', async () => {
    const list = renderForm('/order');
    expect(await screen.findByText('Lisboa Plant')).toBeTruthy();
    expect(screen.getByText('Acme Shared Services')).toBeTruthy();
    expect(screen.queryByText('pt-lisboa')).toBeNull();
    list.unmount();
    server.current = storedOrder('approval', { plant: 'xx-unknown' });
    renderForm();
    expect(await screen.findByText('xx-unknown')).toBeTruthy();
  });

  it('offers the plants by name when editing and saves the key', async () => {
    startSession('tok', buyer());
    server.current = storedOrder('created', { plant: 'pt-lisboa' });
    const lists = server.extra;
    server.extra = (url, init) =>
      url.pathname === '/api/purchasing/order/7' && init?.method === 'PUT'
        ? jsonResponse(
            served(
              { ...server.current, ...(JSON.parse(String(init.body)) as object), _version: 5 },
              withPlant,
              buyer(),
            ),
          )
        : lists(url, init);
    renderForm();
    fireEvent.click(await screen.findByTestId('action-edit'));
    await screen.findByTestId('action-save');
    expect(await screen.findByText('Lisboa Plant')).toBeTruthy();
    fireEvent.click(screen.getByTestId('action-save'));
    await waitFor(() => expect(server.calls('PUT', '/api/purchasing/order/7')).toHaveLength(1));
    expect(server.body('PUT', '/api/purchasing/order/7')).toMatchObject({ plant: 'pt-lisboa', _version: 4 });
  });
});

describe('approved supplier records', () => {
  // as models/supplier.json ships it: approved is edit-hidden generically, editable for this model
  const supplierConfig: ModelConfigResponse = {
    ...orderConfig,
    name: 'supplier',
    label: 'Suppliers',
    actions: [{ name: 'edit', label: 'Edit', permission: 'E' }],
    permissions: {
      supplierModel: true,
      editRoles: 'manager-supplier,supplier,supplier-user',
      createRoles: 'manager-supplier',
      editableStates: ['approved'],
    },
    workflow: {
      states: [
        { index: 0, name: 'created', label: 'Created' },
        { index: 1, name: 'approved', label: 'Approved' },
      ],
      transitions: [],
    },
    readonly: ['completed', 'closed', 'archived', 'erp-done', 'rfq', 'deleted'],
  };
  const record = (supplier: string) =>
    storedOrder('approved', {
      _id: '9',
      model: 'supplier',
      doc: { type: 'supplier', subtype: null },
      description: 'Alfa',
      supplier: { _id: supplier, name: 'Alfa' },
    });
  const renderSupplier = () =>
    renderWithProviders(
      <Routes>
        <Route
          path="/supplier/:id/:action?"
          element={<DocumentFormPage model="supplier" path="/supplier" />}
        />
      </Routes>,
      { route: '/supplier/9' },
    );
  beforeEach(() => {
    server.config = supplierConfig;
  });

  it('shows Edit to the supplier on its own approved record, and to the supplier manager', async () => {
    startSession('tok', supplierUser());
    server.current = record('s1');
    const first = renderSupplier();
    fireEvent.click(await screen.findByTestId('action-edit'));
    expect(await screen.findByTestId('action-save')).toBeTruthy();
    first.unmount();
    startSession(
      'tok',
      testUser({
        role: { key: 'manager-supplier', name: 'Supplier manager' },
        roles: [{ key: 'manager-supplier', name: 'Supplier manager' }],
      }),
    );
    renderSupplier();
    expect(await screen.findByTestId('action-edit')).toBeTruthy();
  });

  it("shows no Edit on another company's record or to a buyer", async () => {
    startSession('tok', supplierUser());
    server.current = record('s2');
    const first = renderSupplier();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('action-edit')).toBeNull();
    first.unmount();
    startSession('tok', buyer());
    server.current = record('s1');
    renderSupplier();
    await screen.findByTestId('form-state');
    expect(screen.queryByTestId('action-edit')).toBeNull();
  });
});
