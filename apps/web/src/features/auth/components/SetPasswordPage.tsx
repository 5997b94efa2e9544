import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { isValidPassword } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { PasswordMeter } from '../../../components/PasswordMeter.tsx';
import { activeDomain, useAppConfig } from '../../../lib/app-config.ts';
import { usePickedDomain } from '../../../lib/domain.ts';
import { setPassword, usePasswordLink } from '../api/auth.ts';
import { authErrorText } from '../error-text.ts';
import { AuthCard } from './AuthCard.tsx';
import { TextField } from './FormField.tsx';

/**
 * The page a set-password link opens, in the sign-in layout. The link is checked first: a used,
 * expired or unknown link says so (with the way to a new one) instead of asking for a password
 * that could not be saved.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const config = useAppConfig();
  const domain = activeDomain(config, null, usePickedDomain());
  const link = usePasswordLink(id);
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== password ? t('auth.setPassword.mismatch') : null;
  const valid = isValidPassword(password) && confirm === password;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      await setPassword(id, { password });
      setDone(true);
    } catch (err) {
      setError(authErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const body = () => {
    if (done)
      return (
        <div className="set-password-done" data-testid="set-password-done">
          <Message severity="success" className="w-full" text={t('auth.setPassword.done')} />
          <p>
            <Link to="/signin">{t('auth.setPassword.signInLink')}</Link>
          </p>
        </div>
      );
    if (link.isPending) return <Loading />;
    if (link.error)
      return (
        <div data-testid="set-password-link-error">
          <Message severity="warn" className="w-full" text={authErrorText(link.error, t)} />
          <p className="auth-links">
            <Link to="/forgot-password">{t('auth.setPassword.newLink')}</Link>
          </p>
        </div>
      );
    return (
      <form onSubmit={(e) => void submit(e)} className="auth-form" data-testid="set-password-form">
        <p data-testid="set-password-account">
          {t('auth.setPassword.forAccount', { username: link.data.username })}
        </p>
        <TextField
          id="password"
          label={t('auth.password')}
          type="password"
          value={password}
          onChange={setPasswordValue}
          autoComplete="new-password"
          required
          hint={<PasswordMeter password={password} />}
        />
        <TextField
          id="confirmPassword"
          label={t('auth.setPassword.confirm')}
          type="password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={mismatch}
          required
        />
        {error && (
          <Message severity="error" className="w-full" text={error} data-testid="set-password-error" />
        )}
        <Button
          type="submit"
          label={t('auth.setPassword.submit')}
          icon="pi pi-key"
          loading={busy}
          disabled={!valid}
          data-testid="set-password-submit"
        />
      </form>
    );
  };

  return (
    <AuthCard title={t('auth.setPassword.title')} logo={domain?.logo}>
      {body()}
    </AuthCard>
  );
}
