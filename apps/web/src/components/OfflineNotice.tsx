import { useTranslation } from 'react-i18next';
import { useOffline, useOfflineMessage } from '../lib/offline.ts';

/**
 * Top danger banner shown after a 502 answer until the next successful one: the administrator's
 * offline notice when one is set (seed 001 section 8), else the specification's offline text.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  const notice = useOfflineMessage();
  if (!offline) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice">
      {notice ?? t('messages.offline')}
    </div>
  );
}
