import { useTranslation } from 'react-i18next';
import { useOffline } from '../lib/offline.ts';

/** Top banner shown after a 502 answer until the next successful one. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice">
      {t('messages.offline')}
    </div>
  );
}
