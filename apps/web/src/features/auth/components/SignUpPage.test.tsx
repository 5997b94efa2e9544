import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SignUpPolicy } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { resetSession, sessionStore } from '../../../lib/session.ts';
import { SignUpPage } from './SignUpPage.tsx';

let policy: SignUpPolicy;
let signUpAnswer: () => Response;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  policy = { mode: 'approval', domains: [] };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input).split('?')[0];
    if (url === '/api/auth/signup-policy') return jsonResponse(policy);
    if (url === '/api/auth/signup') return signUpAnswer();
    return jsonResponse(
      { message: 'Not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
      404,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  resetSession('signout');
  await i18n.changeLanguage('en');
});

/** Fills the form by field id (the labels follow the language). */
function fillAndSubmit() {
  const values = {
    username: 'pat',
    name: 'Pat Doe',
    email: 'pat@example.com',
    password: 'New-Passw0rd-2026!',
  };
  for (const [id, value] of Object.entries(values))
    fireEvent.change(document.getElementById(id)!, { target: { value } });
  fireEvent.click(screen.getByTestId('signup-submit'));
}

describe('SignUpPage', () => {
  it('with approval: says so, and after sign-up tells the account waits, without a session', async () => {
    signUpAnswer = () =>
      jsonResponse({ status: 'pending', message: 'Your account was created and waits for approval.' }, 201);
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    expect(await screen.findByText('New accounts wait for approval by an administrator.')).toBeTruthy();
    fillAndSubmit();
    expect((await screen.findByTestId('signup-pending')).textContent).toContain('waits for approval');
    expect(sessionStore.get().token).toBeNull();
  });

  it('closed: shows no form', async () => {
    policy = { mode: 'off', domains: [] };
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    expect((await screen.findByTestId('signup-closed')).textContent).toContain('Sign-up is closed');
    expect(screen.queryByTestId('signup-form')).toBeNull();
  });

  it('shows a refused e-mail domain in the user language', async () => {
    policy = { mode: 'domains', domains: ['acme.com'] };
    signUpAnswer = () =>
      jsonResponse(
        {
          message: 'Sign-up is open only to e-mail addresses of the organisation.',
          key: 'auth.sign-up-domain',
          _status: 403,
          data: { errors: [{ field: 'email', message: 'x' }] },
        },
        403,
      );
    await i18n.changeLanguage('pt');
    renderWithProviders(<SignUpPage />, { route: '/signup' });
    await screen.findByText(/acme\.com/);
    fillAndSubmit();
    await waitFor(() =>
      expect(screen.getByTestId('signup-error').textContent).toContain(
        'apenas a endereços de e-mail da organização',
      ),
    );
  });
});
