import { useTranslation } from '../lib/use-translation.ts';
import { useNetworkDown, useOffline, useOfflineMessage } from '../lib/offline.ts';

/**
 * Top danger banner on every view: without network (a request got no answer, or the browser is
 * offline) the network text until an answer comes; after a 502 answer until the next successful
 * one, the administrator's offline notice when one is set (seed 001 section 8), else the
 * specification's offline text.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  const networkDown = useNetworkDown();
  const notice = useOfflineMessage();
  if (networkDown)
    return (
      <div className="offline-notice" role="alert" data-testid="network-notice">
        {t('messages.network')}
      </div>
    );
  if (!offline) return null;
  return (
    <div className="offline-notice" role="alert" data-testid="offline-notice">
      {notice ?? t('messages.offline')}
    </div>
  );
}
