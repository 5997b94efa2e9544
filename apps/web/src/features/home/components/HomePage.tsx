import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isSupplier } from '@p2p/domain';
import { DomainSelect } from '../../../components/DomainSelect.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { enterDomain } from '../../../lib/domain.ts';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { currentGroupName } from '../../../lib/working-context.ts';
import { getHome, switchDomain } from '../api/home.ts';
import './home.css';

/** The models a supplier works with; suppliers have no sidebar, so their home links to them. */
export const SUPPLIER_HOME_MODELS = ['order', 'contract', 'reception', 'complaint', 'rfx-proposal'] as const;

export interface HomePageProps {
  /** the list route of each model ('/order' for order), from the server's routes */
  modelRoutes?: ReadonlyArray<{ model: string; path: string }>;
  /** the favorites card, composed by the route module */
  favorites?: ReactNode;
  /** the recent activity card (seed 001 section 2.2), composed by the route module */
  activity?: ReactNode;
  /** the user's chats, composed by the route module */
  chats?: ReactNode;
  /** test seam for leaving the app */
  assign?: (url: string) => void;
}

const leaveApp = (url: string) => window.location.assign(url);

/** The failures the api client has not already announced (network and 503 toast there). */
const alreadyToasted = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 503);

export function HomePage({ modelRoutes = [], favorites, activity, chats, assign = leaveApp }: HomePageProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const user = useUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [switching, setSwitching] = useState(false);
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

  /** A new session of the same username in the other domain; the server's refusal shows as a toast. */
  const changeDomain = async (domain: string) => {
    if (domain === user.domain || switching) return;
    setSwitching(true);
    try {
      const answer = await switchDomain(domain);
      enterDomain(answer, client);
      showToast({ severity: 'success', detail: t('domainSwitch.done', { name: answer.domain.name }) });
    } catch (err) {
      if (!alreadyToasted(err))
        showToast({ severity: 'error', detail: err instanceof Error ? err.message : String(err) });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div className="page" data-testid="home-page">
      <h1 data-testid="home-greeting">{t('home.greeting', { name: user.name })}</h1>
      <p className="muted">
        {t('home.currentGroup')}:{' '}
        <strong data-testid="home-group">{currentGroupName(user) || t('shell.groups.none')}</strong>
      </p>
      {isSupplier(user) && (
        <nav className="home-cards" aria-label={t('home.supplierLinks')} data-testid="supplier-home">
          {SUPPLIER_HOME_MODELS.map((m) => {
            const route = modelRoutes.find((r) => r.model === m);
            return route ? (
              <Link key={m} to={route.path} className="card home-card" data-testid={`home-card-${m}`}>
                <i className="pi pi-folder-open" aria-hidden="true" /> {t(`models.${m}`, { defaultValue: m })}
              </Link>
            ) : null;
          })}
        </nav>
      )}
      <div className="home-grid">
        {activity}
        {favorites}
        {chats}
      </div>
      {config.flags.domain && config.domains.length > 1 && (
        <section className="card" data-testid="home-domains">
          <h2>{t('home.domains')}</h2>
          <DomainSelect
            variant="cards"
            domains={config.domains}
            value={user.domain}
            disabled={switching}
            onChange={(d) => void changeDomain(d)}
          />
        </section>
      )}
    </div>
  );
}
