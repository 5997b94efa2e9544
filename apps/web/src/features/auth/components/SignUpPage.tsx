import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { PATTERNS, isValidPassword } from '@p2p/domain';
import { activeDomain, useAppConfig } from '../../../lib/app-config.ts';
import { usePickedDomain } from '../../../lib/domain.ts';
import { startSession } from '../../../lib/session.ts';
import { PasswordMeter } from '../../../components/PasswordMeter.tsx';
import { signUp, useSignUpPolicy } from '../api/auth.ts';
import { authErrorText } from '../error-text.ts';
import { AuthCard } from './AuthCard.tsx';
import { TextField } from './FormField.tsx';

/** Sign-up as the domain's setting allows: closed, listed e-mail domains, or with approval. */
export function SignUpPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const domain = activeDomain(config, null, usePickedDomain());
  const policy = useSignUpPolicy(domain?.id).data;
  const closed = policy?.mode === 'off';
  const [pending, setPending] = useState(false);
  const [form, setForm] = useState({ username: '', name: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const emailError = form.email && !PATTERNS.email.test(form.email) ? t('validation.email') : null;
  const valid =
    form.username.trim() && form.name.trim() && form.email && !emailError && isValidPassword(form.password);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const res = await signUp({ ...form, username: form.username.trim(), domain: domain?.id });
      if (res.status === 'active' && res.token && res.user && res.expiresAt) {
        startSession(res.token, res.user, res.expiresAt);
        navigate('/', { replace: true });
      } else setPending(true);
    } catch (err) {
      setError(authErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.signUp.title')} logo={domain?.logo}>
      {pending || closed ? (
        <Message
          severity={pending ? 'success' : 'warn'}
          text={t(pending ? 'auth.signUp.pending' : 'auth.signUp.closed')}
          className="w-full"
          data-testid={pending ? 'signup-pending' : 'signup-closed'}
        />
      ) : (
        <form onSubmit={(e) => void submit(e)} className="auth-form" data-testid="signup-form">
          {policy?.mode === 'approval' && <p className="muted">{t('auth.signUp.approvalHint')}</p>}
          {policy?.mode === 'domains' && (
            <p className="muted">{t('auth.signUp.domainsHint', { domains: policy.domains.join(', ') })}</p>
          )}
          <TextField
            id="username"
            label={t('auth.username')}
            value={form.username}
            onChange={set('username')}
            autoComplete="username"
            required
          />
          <TextField
            id="name"
            label={t('auth.name')}
            value={form.name}
            onChange={set('name')}
            autoComplete="name"
            required
          />
          <TextField
            id="email"
            label={t('auth.email')}
            type="email"
            value={form.email}
            onChange={set('email')}
            autoComplete="email"
            error={emailError}
            required
          />
          <TextField
            id="password"
            label={t('auth.password')}
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            required
            hint={<PasswordMeter password={form.password} />}
          />
          {error && <Message severity="error" text={error} data-testid="signup-error" />}
          <Button
            type="submit"
            label={t('auth.signUp.submit')}
            icon="pi pi-user-plus"
            loading={busy}
            disabled={!valid}
            data-testid="signup-submit"
          />
        </form>
      )}
      <div className="auth-links">
        <Link to="/signin">{t('auth.signUp.signInLink')}</Link>
      </div>
    </AuthCard>
  );
}
