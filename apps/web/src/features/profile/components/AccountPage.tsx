import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { hasRole } from '@p2p/domain';
import { LanguageSelect } from '../../../components/LanguageSelect.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { isSupportedLanguage, setLanguage } from '../../../lib/i18n.ts';
import { useUser } from '../../../lib/session.ts';
import { saveUserConfig } from '../../../lib/user-config.ts';
import { AccountPhoto } from './AccountPhoto.tsx';

export interface AccountPageProps {
  /** the favorites list, composed by the route module */
  favorites?: ReactNode;
  /** the approvals delegation card, composed by the route module */
  delegation?: ReactNode;
}

export function AccountPage({ favorites, delegation }: AccountPageProps) {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!user) return null;

  const changeLanguage = async (lang: string) => {
    if (!isSupportedLanguage(lang)) return;
    setBusy(true);
    setFailure(null);
    setSaved(false);
    try {
      await saveUserConfig({ lang });
      await setLanguage(lang);
      setSaved(true);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--narrow" data-testid="account-page">
      <h1>{t('account.title')}</h1>
      <AccountPhoto user={user} />
      <dl className="details">
        <dt>{t('auth.name')}</dt>
        <dd data-testid="account-name">{user.name}</dd>
        <dt>{t('auth.username')}</dt>
        <dd data-testid="account-username">{user.username}</dd>
        <dt>{t('auth.email')}</dt>
        <dd data-testid="account-email">{user.email}</dd>
        <dt>{t('account.roles')}</dt>
        <dd data-testid="account-roles" className="tags">
          {(user.roles.length ? user.roles : [user.role]).map((r) => (
            <Tag key={r.key} value={r.name} severity={r.key === user.role.key ? undefined : 'secondary'} />
          ))}
        </dd>
        {user.supplier && (
          <>
            <dt>{t('account.supplier')}</dt>
            <dd>{user.supplier.name}</dd>
          </>
        )}
      </dl>
      <LanguageSelect
        languages={config.languages}
        value={i18n.language}
        disabled={busy}
        onChange={(l) => void changeLanguage(l)}
      />
      {saved && <Message severity="success" text={t('account.saved')} data-testid="account-saved" />}
      {failure && <Message severity="error" text={failure} data-testid="account-error" />}
      {favorites}
      {delegation}
      {hasRole(user, 'manager-supplier,admin') && (
        <p>
          <Link to="/account/registrations" data-testid="account-registrations-link">
            {t('auth.registrations.title')}
          </Link>
        </p>
      )}
    </div>
  );
}
