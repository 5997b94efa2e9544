import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { activeDomain, useAppConfig } from '../../../lib/app-config.ts';
import { pickDomain, usePickedDomain } from '../../../lib/domain.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { startSession } from '../../../lib/session.ts';
import { DomainSelect } from '../../../components/DomainSelect.tsx';
import { LanguageSelect } from '../../../components/LanguageSelect.tsx';
import { signIn } from '../api/auth.ts';
import { authErrorText } from '../error-text.ts';
import { AuthCard } from './AuthCard.tsx';
import { TextField } from './FormField.tsx';

/** Only same-origin paths are followed after sign-in. */
export const safeRedirect = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : '/';

export function SignInPage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const picked = usePickedDomain();
  const domain = activeDomain(config, null, picked);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const showDomains = config.flags.domain && config.domains.length > 1;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await signIn({ username: username.trim(), password, domain: domain?.id });
      startSession(res.token, res.user, res.expiresAt);
      if (res.user.lang) await setLanguage(res.user.lang);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      // one text for unknown users and wrong passwords alike; waits and locks in the user's language
      setError(authErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.signIn.title')} logo={domain?.logo}>
      <form onSubmit={(e) => void submit(e)} className="auth-form" data-testid="signin-form">
        {showDomains && (
          <DomainSelect domains={config.domains} value={domain?.id ?? null} onChange={pickDomain} />
        )}
        <TextField
          id="username"
          label={t('auth.username')}
          value={username}
          onChange={setUsername}
          autoComplete="username"
          required
        />
        <TextField
          id="password"
          label={t('auth.password')}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
        />
        {error && <Message severity="error" text={error} className="w-full" data-testid="signin-error" />}
        <Button
          type="submit"
          label={t('auth.signIn.submit')}
          icon="pi pi-sign-in"
          loading={busy}
          disabled={!username || !password}
          data-testid="signin-submit"
        />
      </form>
      <div className="auth-links">
        <Link to="/forgot-password" data-testid="forgot-password-link">
          {t('auth.signIn.forgotLink')}
        </Link>
        <Link to="/signup">{t('auth.signIn.signUpLink')}</Link>
        <Link to="/supplierRegistration">{t('auth.signIn.supplierLink')}</Link>
      </div>
      {config.languages.length > 1 && (
        <LanguageSelect
          languages={config.languages}
          value={i18n.language}
          onChange={(l) => void setLanguage(l)}
        />
      )}
    </AuthCard>
  );
}
