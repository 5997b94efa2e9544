import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { AdminPage } from './AdminPage.tsx';

const config = {
  name: 'order',
  list: { fields: [{ src: 'key', type: 'text' }] },
  form: { fields: [] },
  search: [],
  sort: [],
};
const admin = testUser({
  username: 'admin',
  role: { key: 'admin', name: 'Administrator' },
  roles: [{ key: 'admin', name: 'Administrator' }],
});

let version: number;
let putResponse: () => Response;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  version = 3;
  putResponse = () => jsonResponse({ model: 'order', version: version + 1 });
  toastStore.set([]);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input).split('?')[0];
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/models') {
      return jsonResponse([{ model: 'order', version, updatedAt: '2026-01-01T00:00:00Z', updatedBy: null }]);
    }
    if (method === 'GET' && url === '/api/admin/models/order')
      return jsonResponse({ model: 'order', version, config });
    if (method === 'GET' && url === '/api/admin/models/order/versions') {
      return jsonResponse([
        { version, createdAt: '2026-01-02T00:00:00Z', createdBy: 'admin' },
        { version: 1, createdAt: '2026-01-01T00:00:00Z', createdBy: null },
      ]);
    }
    if (method === 'GET' && url === '/api/admin/models/order/versions/1') {
      return jsonResponse({ model: 'order', version: 1, config: { ...config, sort: ['key'] } });
    }
    if (method === 'POST' && url === '/api/admin/models/order/validate') {
      return jsonResponse({
        valid: false,
        errors: [{ field: 'form.fields[3].src', message: "Duplicate field src 'key'." }],
      });
    }
    if (method === 'PUT' && url === '/api/admin/models/order') return putResponse();
    if (method === 'POST' && url === '/api/admin/models/order/restore/1')
      return jsonResponse({ model: 'order', version: version + 1 });
    return jsonResponse(
      { message: 'Not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', admin);
});
afterEach(() => resetSession('signout'));

const editor = () => screen.getByTestId('admin-editor') as HTMLTextAreaElement;
const saveButton = () => screen.getByTestId('admin-save') as HTMLButtonElement;
const requests = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, i]) => (i?.method ?? 'GET') === method && String(u).split('?')[0] === url);

async function openOrder() {
  renderWithProviders(<AdminPage />, { route: '/admin' });
  fireEvent.click(await screen.findByTestId('admin-model-order'));
  await waitFor(() => expect(editor().value).toBe(JSON.stringify(config, null, 2)));
}

describe('AdminPage', () => {
  it('tells non-admin users they are not allowed, without calling the admin API', () => {
    startSession('tok', testUser());
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(screen.getByTestId('admin-forbidden').textContent).toContain(
      'You are not allowed to manage configurations.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists models, shows the formatted config with line numbers and its version', async () => {
    await openOrder();
    expect(screen.getByTestId('admin-model-order').textContent).toContain('v3');
    expect(screen.getByTestId('admin-current-version').textContent).toBe('Version 3');
    expect(screen.getByTestId('admin-line-numbers').textContent?.split('\n')).toHaveLength(
      editor().value.split('\n').length,
    );
    const rows = await screen.findAllByTestId('admin-version');
    expect(rows).toHaveLength(2);
    // dd-MM-yyyy HH:mm (seed 000 section 9), in local time
    const created = new Date('2026-01-02T00:00:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(rows[0]!.querySelectorAll('td')[1]!.textContent).toBe(
      `${pad(created.getDate())}-${pad(created.getMonth() + 1)}-${created.getFullYear()} ${pad(created.getHours())}:${pad(created.getMinutes())}`,
    );
    expect(saveButton().disabled).toBe(true); // nothing changed yet
  });

  it('disables Save (and Validate) while the JSON is invalid', async () => {
    await openOrder();
    fireEvent.change(editor(), { target: { value: '{ "name": "order", ' } });
    expect(screen.getByTestId('admin-json-error').textContent).toContain('Invalid JSON');
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByTestId('admin-validate') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(editor(), { target: { value: JSON.stringify({ ...config, sort: ['key'] }) } });
    expect(screen.queryByTestId('admin-json-error')).toBeNull();
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(screen.getByTestId('admin-revert'));
    expect(editor().value).toBe(JSON.stringify(config, null, 2));
  });

  it('lists the server validation errors with their paths', async () => {
    await openOrder();
    fireEvent.click(screen.getByTestId('admin-validate'));
    const item = await screen.findByTestId('admin-error');
    expect(screen.getByTestId('admin-error-field').textContent).toBe('form.fields[3].src');
    expect(item.textContent).toContain("Duplicate field src 'key'.");
    expect(requests('POST', '/api/admin/models/order/validate')).toHaveLength(1);
  });

  it('saves with baseVersion and announces the new version; a refused save lists the errors', async () => {
    await openOrder();
    const edited = { ...config, sort: ['key'] };
    fireEvent.change(editor(), { target: { value: JSON.stringify(edited) } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(requests('PUT', '/api/admin/models/order')).toHaveLength(1));
    const body = JSON.parse(String(requests('PUT', '/api/admin/models/order')[0]![1]!.body)) as unknown;
    expect(body).toEqual({ config: edited, baseVersion: 3 });
    await waitFor(() =>
      expect(toastStore.get().map((m) => m.detail)).toContain('Configuration saved (version 4)'),
    );

    putResponse = () =>
      jsonResponse(
        {
          message: 'The configuration is not valid.',
          key: 'admin.config-invalid',
          _status: 400,
          data: { errors: [{ field: 'workflow.transitions[0].to', message: "Unknown state 'nowhere'." }] },
        },
        400,
        'Bad Request',
      );
    fireEvent.change(editor(), {
      target: { value: JSON.stringify({ ...config, sort: [], search: ['key'] }) },
    });
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('admin-error-field')).textContent).toBe('workflow.transitions[0].to');
  });

  it('shows a clear message on a stale save (409)', async () => {
    putResponse = () =>
      jsonResponse(
        { message: 'changed', key: 'admin.config-stale', _status: 409, data: { errors: [] } },
        409,
        'Conflict',
      );
    await openOrder();
    fireEvent.change(editor(), { target: { value: JSON.stringify({ ...config, sort: ['key'] }) } });
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('admin-error')).textContent).toContain(
      'The configuration was changed meanwhile.',
    );
  });

  it('views an old version in the editor and restores it', async () => {
    await openOrder();
    const rows = await screen.findAllByTestId('admin-version');
    fireEvent.click(rows[1]!.querySelector('[data-testid="admin-version-view"]')!);
    await waitFor(() => expect(editor().value).toContain('"key"\n  ]'));
    expect(screen.getByTestId('admin-viewing').textContent).toContain('Viewing version 1');

    fireEvent.click(rows[1]!.querySelector('[data-testid="admin-version-restore"]')!);
    await waitFor(() => expect(requests('POST', '/api/admin/models/order/restore/1')).toHaveLength(1));
    await waitFor(() =>
      expect(toastStore.get().map((m) => m.detail)).toContain('Version 1 restored as version 4'),
    );
  });

  it('keeps unsaved edits when the admin switches tab and back', async () => {
    renderWithProviders(<AdminPage approvalRules={<p data-testid="rules-tab">rules</p>} />, {
      route: '/admin',
    });
    fireEvent.click(await screen.findByTestId('admin-model-order'));
    await waitFor(() => expect(editor().value).toBe(JSON.stringify(config, null, 2)));
    fireEvent.change(editor(), { target: { value: '{"edited": true}' } });

    fireEvent.click(screen.getByRole('tab', { name: 'Approval rules' }));
    expect(await screen.findByTestId('rules-tab')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Configuration' }));
    expect(editor().value).toBe('{"edited": true}');
  });

  it('asks before switching model with unsaved edits, and stays on Cancel', async () => {
    const single = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).split('?')[0] === '/api/admin/models' && (init?.method ?? 'GET') === 'GET') {
        return jsonResponse([
          { model: 'order', version, updatedAt: '2026-01-01T00:00:00Z', updatedBy: null },
          { model: 'requisition', version: 1, updatedAt: '2026-01-01T00:00:00Z', updatedBy: null },
        ]);
      }
      return single(input, init);
    });
    await openOrder();
    fireEvent.change(editor(), { target: { value: '{"edited": true}' } });
    fireEvent.click(screen.getByTestId('admin-model-requisition'));
    const cancel = await screen.findByRole('button', { name: 'Stay on the page' });
    fireEvent.click(cancel);
    expect(editor().value).toBe('{"edited": true}');
    expect(screen.getByTestId('admin-model-order').getAttribute('aria-current')).toBe('true');
  });
});
