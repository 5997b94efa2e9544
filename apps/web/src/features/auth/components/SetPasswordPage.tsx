import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { isValidPassword } from '@p2p/domain';
import { PasswordMeter } from '../../../components/PasswordMeter.tsx';
import { setPassword } from '../api/auth.ts';
import { TextField } from './FormField.tsx';

export function SetPasswordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== password ? t('auth.setPassword.mismatch') : null;
  const valid = isValidPassword(password) && confirm === password;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const res = await setPassword(id, { password });
      setDone(res?.message || t('auth.setPassword.done'));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--narrow">
      <h1>{t('auth.setPassword.title')}</h1>
      {done ? (
        <div className="set-password-done" data-testid="set-password-done">
          <Message severity="success" text={done} />
          <p>
            <Link to="/signin">{t('auth.setPassword.signInLink')}</Link>
          </p>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="auth-form" data-testid="set-password-form">
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
          {error && <Message severity="error" text={error} data-testid="set-password-error" />}
          <Button
            type="submit"
            label={t('auth.setPassword.submit')}
            icon="pi pi-key"
            loading={busy}
            disabled={!valid}
            data-testid="set-password-submit"
          />
        </form>
      )}
    </div>
  );
}
