import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { PATTERNS } from '@p2p/domain';
import { activeDomain, useAppConfig } from '../../../lib/app-config.ts';
import { usePickedDomain } from '../../../lib/domain.ts';
import { forgotPassword } from '../api/auth.ts';
import { authErrorText } from '../error-text.ts';
import { AuthCard } from './AuthCard.tsx';
import { TextField } from './FormField.tsx';

/**
 * 'Forgot password': asks for the account's e-mail address. The answer is the same for every
 * address (the server tells no one who has an account), so the page says what happens next
 * without saying whether the address was known.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const domain = activeDomain(config, null, usePickedDomain());
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = PATTERNS.email.test(email.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      await forgotPassword({ email: email.trim(), ...(domain ? { domain: domain.id } : {}) });
      setSent(true);
    } catch (err) {
      setError(authErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.forgotPassword.title')} logo={domain?.logo}>
      {sent ? (
        <div data-testid="forgot-password-sent">
          <Message severity="success" className="w-full" text={t('auth.forgotPassword.sent')} />
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="auth-form" data-testid="forgot-password-form">
          <p>{t('auth.forgotPassword.intro')}</p>
          <TextField
            id="email"
            label={t('auth.email')}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            required
          />
          {error && (
            <Message severity="error" className="w-full" text={error} data-testid="forgot-password-error" />
          )}
          <Button
            type="submit"
            label={t('auth.forgotPassword.submit')}
            icon="pi pi-envelope"
            loading={busy}
            disabled={!valid}
            data-testid="forgot-password-submit"
          />
        </form>
      )}
      <div className="auth-links">
        <Link to="/signin">{t('auth.forgotPassword.signInLink')}</Link>
      </div>
    </AuthCard>
  );
}
