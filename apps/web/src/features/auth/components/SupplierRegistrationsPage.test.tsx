import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SupplierApprovalResponse, SupplierRegistration } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SupplierRegistrationsPage } from './SupplierRegistrationsPage.tsx';

const registration = (id: string, company: string): SupplierRegistration => ({
  _id: id,
  status: 'pending',
  createdAt: '2026-11-20T09:00:00Z',
  acceptTerms: true,
  company: {
    name: company,
    vat: 'PT501234567',
    address: { street: 'Rua 1', postcode: '1000-001', city: 'Lisboa', country: 'PT' },
  },
  contact: { name: 'Olga', email: `${id}@omega.test`, username: id },
});
let pending: SupplierRegistration[];
const fetchMock = vi.fn<typeof fetch>();
const APPROVED: SupplierApprovalResponse = {
  message: 'Registration approved.',
  userId: 'u9',
  setPasswordPath: '/set-password/abcDEF123',
  setPasswordUrl: 'https://p2p.example.test/set-password/abcDEF123',
  mailed: false,
};

beforeEach(() => {
  pending = [registration('r1', 'Omega Parts'), registration('r2', 'Sigma Tools')];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input).split('?')[0];
    if (url === '/api/auth/supplier-registrations' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(pending);
    if (url === '/api/auth/supplier-registrations/r1/approve') {
      pending = pending.filter((r) => r._id !== 'r1');
      return jsonResponse(APPROVED);
    }
    if (url === '/api/auth/supplier-registrations/r2/reject') {
      pending = pending.filter((r) => r._id !== 'r2');
      return jsonResponse({ message: 'Registration rejected.' });
    }
    return jsonResponse(
      { message: 'Not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('SupplierRegistrationsPage', () => {
  it('approving shows the full set-password URL and says it was not mailed', async () => {
    renderWithProviders(<SupplierRegistrationsPage />, { route: '/account/registrations' });
    const row = await screen.findByTestId('registration-r1');
    fireEvent.click(within(row).getByTestId('registration-approve'));
    const result = await screen.findByTestId('approval-result');
    expect(result.textContent).toContain('Omega Parts approved.');
    expect(result.textContent).toContain('No e-mail was sent');
    expect(screen.getByTestId('set-password-link').getAttribute('href')).toBe(APPROVED.setPasswordUrl);
    await waitFor(() => expect(screen.queryByTestId('registration-r1')).toBeNull());
  });

  it('rejects only after confirming', async () => {
    renderWithProviders(<SupplierRegistrationsPage />, { route: '/account/registrations' });
    const row = await screen.findByTestId('registration-r2');
    fireEvent.click(within(row).getByTestId('registration-reject'));
    expect(await screen.findByText(/Reject the registration of Sigma Tools\?/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/r2/reject'))).toBe(false);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByTestId('rejection-result')).textContent).toContain('Sigma Tools rejected');
    expect(
      fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/r2/reject') && i?.method === 'POST'),
    ).toBe(true);
  });
});
