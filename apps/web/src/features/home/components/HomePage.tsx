import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { Message } from 'primereact/message';
import { isSupplier } from '@p2p/domain';
import { DomainSelect } from '../../../components/DomainSelect.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useUser } from '../../../lib/session.ts';
import { saveUserConfig } from '../../../lib/user-config.ts';
import { getHome } from '../api/home.ts';
import { FavoritesList } from '../../favorites/index.ts';
import { modelRoutes } from '../../search/api/search.ts';

/** The models a supplier works with; suppliers have no sidebar, so their home links to them. */
export const SUPPLIER_HOME_MODELS = ['order', 'contract', 'reception', 'complaint'] as const;

export interface HomePageProps {
  /** test seam for leaving the app */
  assign?: (url: string) => void;
}

export function HomePage({ assign = (url) => window.location.assign(url) }: HomePageProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const user = useUser();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const userId = user?._id;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    getHome(userId)
      .then((res) => {
        if (live && res?.redirect) assign(res.redirect);
      })
      .catch(() => {
        if (live) navigate('/', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [userId, assign, navigate]);

  if (!user) return null;
  const changeDomain = async (domain: string) => {
    if (domain === user.domain) return;
    setFailure(null);
    try {
      await saveUserConfig({ domain });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="page" data-testid="home-page">
      <h1 data-testid="home-greeting">{t('home.greeting', { name: user.name })}</h1>
      <p className="muted">
        {t('home.currentGroup')}: <strong data-testid="home-group">{user.group?.name ?? t('shell.groups.none')}</strong>
      </p>
      {isSupplier(user) && (
        <nav className="home-cards" aria-label={t('home.supplierLinks')} data-testid="supplier-home">
          {SUPPLIER_HOME_MODELS.map((m) => {
            const route = modelRoutes(config).find((r) => r.model === m);
            return route ? (
              <Link key={m} to={route.path} className="card home-card" data-testid={`home-card-${m}`}>
                <i className="pi pi-folder-open" aria-hidden="true" /> {t(`models.${m}`, { defaultValue: m })}
              </Link>
            ) : null;
          })}
        </nav>
      )}
      <FavoritesList />
      {config.flags.domain && config.domains.length > 0 && (
        <section className="card">
          <h2>{t('home.domains')}</h2>
          <DomainSelect variant="cards" domains={config.domains} value={user.domain} onChange={(d) => void changeDomain(d)} />
          {failure && <Message severity="error" text={failure} />}
        </section>
      )}
    </div>
  );
}
