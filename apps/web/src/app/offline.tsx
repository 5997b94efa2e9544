import { NotFound } from '../components/NotFound.tsx';
import { OfflineScreen } from '../components/OfflineScreen.tsx';
import { useAppConfig } from '../lib/app-config.ts';

const goHomePage = () => window.location.assign('/');

/**
 * /offline: while an administrator's offline notice is set (AppConfig.offline), the offline screen
 * with it, polling every 15 s and going home once the service answers; otherwise the not-found view
 * (seed 000 section 2).
 */
export function OfflineRoute({ goHome = goHomePage }: { goHome?: () => void }) {
  const config = useAppConfig();
  return config.offline ? (
    <OfflineScreen message={config.offline.message} onAvailable={goHome} />
  ) : (
    <NotFound />
  );
}
