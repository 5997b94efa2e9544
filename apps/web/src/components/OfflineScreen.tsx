import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, OFFLINE_POLL_MS, OFFLINE_POLL_PATH } from '@p2p/domain';

export interface OfflineScreenProps {
  /** the server's offline message; defaults to the translated offline text */
  message?: string;
  pollMs?: number;
  onAvailable?: () => void;
}

/** Danger-style offline message; polls GET /api/config/routes/en every 15 s and reloads once it answers. */
export function OfflineScreen({ message, pollMs = OFFLINE_POLL_MS, onAvailable }: OfflineScreenProps) {
  const { t } = useTranslation();
  useEffect(() => {
    let stopped = false;
    const id = setInterval(() => {
      fetch(API_BASE + OFFLINE_POLL_PATH, { cache: 'no-store' })
        .then((res) => {
          if (stopped || !res.ok) return;
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
  }, [pollMs, onAvailable]);
  return (
    <div className="offline-screen" data-testid="offline-screen">
      <div className="offline-screen__message" role="alert">
        <i className="pi pi-exclamation-circle" aria-hidden="true" />
        <span>{message ?? t('messages.offline')}</span>
      </div>
    </div>
  );
}
