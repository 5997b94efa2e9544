import { ApiError } from '../../lib/api-client.ts';

/** Error keys of the sign-in, sign-up and password-link answers, and their texts in the locales (en, pt). */
const TEXTS: Record<string, string> = {
  'auth.invalid-credentials': 'auth.errors.invalidCredentials',
  'auth.sign-in-throttled': 'messages.tooManyRequests',
  'auth.account-locked': 'auth.errors.accountLocked',
  'auth.account-pending': 'auth.errors.accountPending',
  'auth.account-disabled': 'auth.errors.accountDisabled',
  'auth.system-user': 'auth.errors.systemUser',
  'auth.sign-up-closed': 'auth.signUp.closed',
  'auth.sign-up-domain': 'auth.errors.signUpDomain',
  'auth.link-used': 'auth.setPassword.linkUsed',
  'auth.link-expired': 'auth.setPassword.linkExpired',
  'auth.link-invalid': 'auth.setPassword.linkInvalid',
  'error.too-many-requests': 'messages.tooManyRequests',
};

/** Field errors of a taken username or e-mail address (key auth.duplicate). */
const TAKEN: Record<string, string> = {
  username: 'auth.errors.usernameTaken',
  email: 'auth.errors.emailTaken',
};

/** The text of a failed sign-in or sign-up in the user's language; the server's text otherwise. */
export function authErrorText(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiError && err.key) {
    const text = TEXTS[err.key];
    if (text) return t(text);
    if (err.key === 'auth.duplicate' && err.errors.length)
      return err.errors
        .map((e) => {
          const text = e.field ? TAKEN[e.field] : undefined;
          return text ? t(text) : e.message;
        })
        .join(' ');
  }
  return err instanceof Error ? err.message : String(err);
}
