import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { API_BASE, OFFLINE_POLL_MS, OFFLINE_POLL_PATH } from '@p2p/domain';
import { useOfflineMessage } from '../lib/offline.ts';

/** The service answers GET /api/config/routes/en (seed 001 section 7). */
export const serviceAnswers = async (): Promise<boolean> =>
  (await fetch(API_BASE + OFFLINE_POLL_PATH, { cache: 'no-store' })).ok;

export interface OfflineScreenProps {
  /** the server's offline message; defaults to the remembered one, else the translated offline text */
  message?: string | null;
  pollMs?: number;
  /** the availability check; defaults to the service answering GET /api/config/routes/en */
  isAvailable?: () => Promise<boolean>;
  onAvailable?: () => void;
}

/**
 * Danger-style offline message (seed 001 section 2.6): the administrator's offline message when one
 * is set, else the specification's offline text. Checks availability every 15 s and reloads once the
 * service is available.
 */
export function OfflineScreen({
  message,
  pollMs = OFFLINE_POLL_MS,
  isAvailable = serviceAnswers,
  onAvailable,
}: OfflineScreenProps) {
  const { t } = useTranslation();
  const remembered = useOfflineMessage();
  useEffect(() => {
    let stopped = false;
    const id = setInterval(() => {
      isAvailable()
        .then((available) => {
          if (stopped || !available) return;
          stopped = true;
          clearInterval(id);
          (onAvailable ?? (() => window.location.reload()))();
        })
        .catch(() => undefined);
    }, pollMs);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [pollMs, isAvailable, onAvailable]);
  return (
    <div className="offline-screen" data-testid="offline-screen">
      <div className="offline-screen__message" role="alert">
        <i className="pi pi-exclamation-circle" aria-hidden="true" />
        <span data-testid="offline-message">{message || remembered || t('messages.offline')}</span>
      </div>
    </div>
  );
}
