import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ApiErrorBody, ForgotPasswordResponse, PasswordLinkCheck } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { SetPasswordPage } from './SetPasswordPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
let linkAnswer: () => Response;
let setAnswer: () => Response;
const SENT: ForgotPasswordResponse = {
  message: 'If the address belongs to an account, a link to set a new password is on its way.',
};
const apiError = (status: number, key: string, message: string): ApiErrorBody => ({
  message,
  key,
  _status: status,
  data: { errors: [] },
});
const VALID: PasswordLinkCheck = { valid: true, username: 'requester', expiresAt: '2026-11-27T10:00:00Z' };

beforeEach(() => {
  linkAnswer = () => jsonResponse(VALID);
  setAnswer = () => jsonResponse({ message: 'Password set.' });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input).split('?')[0];
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/forgot-password' && method === 'POST') return jsonResponse(SENT);
    if (url === '/api/auth/set-password/tok123' && method === 'GET') return linkAnswer();
    if (url === '/api/auth/set-password/tok123' && method === 'POST') return setAnswer();
    return jsonResponse(apiError(404, 'error.not-found', 'Not found.'), 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const renderSetPassword = () =>
  renderWithProviders(
    <Routes>
      <Route path="/set-password/:id" element={<SetPasswordPage />} />
    </Routes>,
    { route: '/set-password/tok123' },
  );

describe('ForgotPasswordPage', () => {
  it('sends the address with the domain and says what happens next, whoever owns it', async () => {
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    const submit = screen.getByTestId('forgot-password-submit');
    fireEvent.change(document.getElementById('email')!, { target: { value: 'not-an-address' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(document.getElementById('email')!, { target: { value: ' ana@acme.test ' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('forgot-password-sent')).textContent).toContain(
      'a link to set a new password is on its way',
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/auth/forgot-password')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ email: 'ana@acme.test', domain: 'acme' });
  });

  it('shows the rate limit in Portuguese', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        apiError(503, 'error.too-many-requests', 'Too many requests, please try again later.'),
        503,
      ),
    );
    await i18n.changeLanguage('pt');
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    fireEvent.change(document.getElementById('email')!, { target: { value: 'ana@acme.test' } });
    fireEvent.click(screen.getByTestId('forgot-password-submit'));
    expect((await screen.findByTestId('forgot-password-error')).textContent).toContain('Demasiados pedidos');
  });
});

describe('SetPasswordPage', () => {
  it('checks the link first, then sets the password and offers sign-in', async () => {
    renderSetPassword();
    expect((await screen.findByTestId('set-password-account')).textContent).toContain('requester');
    fireEvent.change(document.getElementById('password')!, { target: { value: 'New-Passw0rd-2026!' } });
    fireEvent.change(document.getElementById('confirmPassword')!, {
      target: { value: 'New-Passw0rd-2026!' },
    });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    expect((await screen.findByTestId('set-password-done')).textContent).toContain('Your password was set.');
    const posted = fetchMock.mock.calls.find(
      ([u, i]) => String(u) === '/api/auth/set-password/tok123' && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({ password: 'New-Passw0rd-2026!' });
  });

  it('a used link says so and asks for no password', async () => {
    linkAnswer = () =>
      jsonResponse(
        apiError(
          404,
          'auth.link-used',
          'This link was already used. Ask for a new one with Forgot password.',
        ),
        404,
      );
    renderSetPassword();
    const box = await screen.findByTestId('set-password-link-error');
    expect(box.textContent).toContain('This link was already used.');
    expect(screen.queryByTestId('set-password-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('an expired link says so in Portuguese', async () => {
    linkAnswer = () =>
      jsonResponse(
        apiError(404, 'auth.link-expired', 'This link has expired. Ask for a new one with Forgot password.'),
        404,
      );
    await i18n.changeLanguage('pt');
    renderSetPassword();
    expect((await screen.findByTestId('set-password-link-error')).textContent).toContain(
      'Esta ligação expirou.',
    );
  });

  it('a link spent meanwhile shows the server reason on submit', async () => {
    setAnswer = () =>
      jsonResponse(
        apiError(
          404,
          'auth.link-used',
          'This link was already used. Ask for a new one with Forgot password.',
        ),
        404,
      );
    renderSetPassword();
    await screen.findByTestId('set-password-form');
    fireEvent.change(document.getElementById('password')!, { target: { value: 'New-Passw0rd-2026!' } });
    fireEvent.change(document.getElementById('confirmPassword')!, {
      target: { value: 'New-Passw0rd-2026!' },
    });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('set-password-error').textContent).toContain('already used'),
    );
  });
});
