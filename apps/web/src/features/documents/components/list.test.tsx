import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, DocumentListRow, ModelConfigResponse } from '@p2p/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { mockServer, type MockServer } from '../test/mock-server.ts';
import { buyer, listOf, orderConfig, storedOrder } from '../test/order-fixtures.ts';
import { served } from '../test/served.ts';
import { DocumentListPage } from './DocumentListPage.tsx';

const supplierModel: ModelConfigResponse = {
  ...orderConfig,
  name: 'supplier',
  label: 'Suppliers',
  list: {
    options: { pageSize: 30, sort: '-_id', trash: true },
    fields: [
      { src: 'description', label: 'Name', type: 'text' },
      { src: 'enabled', label: 'Enabled', type: 'enabled' },
    ],
  },
  form: {
    ...orderConfig.form,
    fields: [...orderConfig.form.fields, { src: 'enabled', label: 'Enabled', type: 'switch' }],
  },
  actions: [{ name: 'edit', label: 'Edit', permission: 'E' }],
  permissions: { supplierModel: true, editRoles: 'buyer', deleteRoles: 'buyer' },
};
const record = (id: string, enabled: boolean) =>
  storedOrder('created', {
    _id: id,
    model: 'supplier',
    doc: { type: 'supplier', subtype: null },
    description: `Supplier ${id}`,
    enabled,
  });

let server: MockServer;

beforeEach(() => {
  resetSession(null);
  startSession('tok', buyer());
  toastStore.set([]);
  server = mockServer(supplierModel, record('s1', true));
});

const lists = (path = '/api/purchasing/supplier') =>
  server.calls('GET', path).map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

const renderList = (route = '/supplier', meta?: Record<string, unknown>) =>
  renderWithProviders(
    <Routes>
      <Route path="/supplier" element={<DocumentListPage model="supplier" path="/supplier" meta={meta} />} />
      <Route path="/supplier/:id" element={<p data-testid="opened">opened</p>} />
    </Routes>,
    { route },
  );

describe('list filters of the route', () => {
  it("asks the list with the route's meta.filter and the url's query keys, and says it is filtered", async () => {
    renderList('/supplier?evaluation=due&p=9', {
      model: 'supplier',
      nav: 'purchasing',
      filter: { state: 'approval' },
    });
    await waitFor(() => expect(lists()).toHaveLength(1));
    // the url's page is the list's page (a shared link returns to the same place)
    expect(lists()[0]).toEqual({ state: 'approval', evaluation: 'due', p: '9', l: '30', s: '-_id', c: '1' });
    // the route's own filter is a note, named and valued in the reader's words
    expect(screen.getByTestId('list-filters').textContent).toBe('Filtered by State: Approval');
    // the link's filter is a notice of its own (the named filter has its own text)
    expect(screen.getByTestId('list-link-filters').textContent).toContain(
      'Filter from the link: waiting for evaluation (received, not evaluated yet)',
    );
  });

  it('starts again on page 1 when a link changes the filters', async () => {
    server.extra = (url) =>
      url.pathname === '/api/purchasing/supplier'
        ? jsonResponse({
            ...listOf(record('s1', true)),
            options: { count: 95, page: Number(url.searchParams.get('p')), pagesize: 30 },
          })
        : undefined;
    renderWithProviders(
      <>
        <Link to="/supplier?evaluation=due">due</Link>
        <Routes>
          <Route path="/supplier" element={<DocumentListPage model="supplier" path="/supplier" />} />
        </Routes>
      </>,
      { route: '/supplier' },
    );
    await waitFor(() => expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 4'));
    fireEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ p: '2' }));
    fireEvent.click(screen.getByText('due'));
    await waitFor(() =>
      expect(lists().at(-1)).toEqual({ evaluation: 'due', p: '1', l: '30', s: '-_id', c: '1' }),
    );
    await waitFor(() => expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 4'));
  });

  it('takes no filter without one, and lists the whole trash', async () => {
    renderList('/supplier');
    await waitFor(() => expect(lists()).toHaveLength(1));
    expect(Object.keys(lists()[0]!).sort()).toEqual(['c', 'l', 'p', 's']);
    expect(screen.queryByTestId('list-filters')).toBeNull();
    fireEvent.click(screen.getByTestId('list-trash'));
    await waitFor(() => expect(lists('/api/purchasing/supplier/trash')).toHaveLength(1));
  });

  it("shows the server's refusal of a filter the model does not declare", async () => {
    const refusal: ApiErrorBody = {
      message: "Filtering by 'colour' is not allowed.",
      key: 'document.filter-not-allowed',
      _status: 400,
      data: { errors: [{ field: 'colour', message: "Filtering by 'colour' is not allowed." }] },
    };
    server.extra = (url) =>
      url.pathname === '/api/purchasing/supplier' ? jsonResponse(refusal, 400, 'Bad Request') : undefined;
    renderList('/supplier?colour=red');
    expect((await screen.findByTestId('list-error')).textContent).toContain(
      "Filtering by 'colour' is not allowed.",
    );
  });
});

describe("the list's enabled switch", () => {
  const toggles = () => server.calls('PUT', '/api/purchasing/supplier/s1/toggle-enabled');

  it('switches through PUT .../toggle-enabled {value}, shows the new value at once and reads the list again', async () => {
    server.extra = (url, init) => {
      if (url.pathname !== '/api/purchasing/supplier/s1/toggle-enabled' || init?.method !== 'PUT')
        return undefined;
      server.current = record('s1', false);
      return jsonResponse(served(server.current, supplierModel, buyer()));
    };
    renderList();
    const toggle = (await screen.findByTestId('toggle-enabled-s1')).querySelector('input')!;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggles()).toHaveLength(1));
    expect(server.body('PUT', '/api/purchasing/supplier/s1/toggle-enabled')).toEqual({ value: false });
    expect(screen.getByTestId('toggle-enabled-s1').querySelector('input')!.checked).toBe(false);
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(screen.getByTestId('toggle-enabled-s1').querySelector('input')!.checked).toBe(false);
  });

  it('puts the switch back and says why when the server refuses', async () => {
    const refusal: ApiErrorBody = {
      message: 'You are not allowed to edit this document.',
      key: 'forbidden',
      _status: 403,
      data: { errors: [] },
    };
    server.extra = (url, init) =>
      url.pathname.endsWith('/toggle-enabled') && init?.method === 'PUT'
        ? jsonResponse(refusal, 403, 'Forbidden')
        : undefined;
    renderList();
    fireEvent.click((await screen.findByTestId('toggle-enabled-s1')).querySelector('input')!);
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.detail)).toContain('You are not allowed to edit this document.'),
    );
    expect(screen.getByTestId('toggle-enabled-s1').querySelector('input')!.checked).toBe(true);
  });

  it('is read-only for a user who may not edit the record', async () => {
    startSession(
      'tok',
      testUser({ role: { key: 'auditor', name: 'Auditor' }, roles: [{ key: 'auditor', name: 'Auditor' }] }),
    );
    renderList();
    expect((await screen.findByTestId('toggle-enabled-s1')).querySelector('input')!.disabled).toBe(true);
  });
});

describe('the trash', () => {
  const deleted = (id: string): DocumentListRow => ({
    ...record(id, true),
    _state: { ...record(id, true)._state, current: 'deleted' },
  });

  it('restores a document (then the trash reads again) and purges one after confirmation (admin level)', async () => {
    startSession(
      'tok',
      testUser({ role: { key: 'admin', name: 'Admin' }, roles: [{ key: 'admin', name: 'Admin' }] }),
    );
    let trash = [deleted('s2'), deleted('s3')];
    server.extra = (url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/purchasing/supplier/trash') return jsonResponse(listOf(...trash));
      if (url.pathname === '/api/purchasing/supplier/s2/restore' && method === 'POST') {
        trash = trash.filter((d) => d._id !== 's2');
        return jsonResponse(served(record('s2', true), supplierModel, buyer()));
      }
      if (url.pathname === '/api/purchasing/supplier/s3/purge' && method === 'DELETE') {
        trash = trash.filter((d) => d._id !== 's3');
        return jsonResponse({ ok: true });
      }
      return undefined;
    };
    renderList();
    fireEvent.click(await screen.findByTestId('list-trash'));
    const table = await screen.findByTestId('trash-table');
    await waitFor(() => expect(within(table).getAllByTestId('table-row')).toHaveLength(2));
    fireEvent.click(within(table).getAllByTestId('row-restore')[0]!);
    await waitFor(() => expect(within(table).getAllByTestId('table-row')).toHaveLength(1));
    expect(toastStore.get().map((t) => t.detail)).toContain('Document restored');
    fireEvent.click(within(table).getByTestId('row-purge'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(table).getByTestId('table-empty')).toBeTruthy());
    expect(server.calls('DELETE', '/api/purchasing/supplier/s3/purge')).toHaveLength(1);
  });
});
