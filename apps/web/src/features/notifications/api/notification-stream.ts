import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Notification } from '@p2p/domain';
import { NOTIFICATION_EVENT, type NotificationStreamToken } from '@p2p/domain/api';
import { api } from '../../../lib/api-client.ts';
import { notificationsQuery } from './notifications.ts';

/** A short-lived token for the stream: EventSource cannot send the bearer header. */
export const createStreamToken = () => api.post<NotificationStreamToken>('/notifications/stream-token', {});

/** Wait before asking for a new token after the stream was refused (an expired token). */
const RECONNECT_MS = 5_000;

/**
 * Listens to the caller's notification stream and puts each new notification at the top of the
 * cached list, so the badge counts it at once. EventSource reconnects by itself after a dropped
 * connection; a refused one (the token expired) closes, and a new token opens it again. After any
 * reconnect the list is fetched once: events sent while disconnected are not replayed.
 */
export function useNotificationStream(enabled = true) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = notificationsQuery(lang).queryKey;
    let source: EventSource | null = null;
    let stopped = false;
    let opened = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    const connect = async () => {
      let url: string;
      try {
        url = (await createStreamToken()).url;
      } catch {
        return later();
      }
      if (stopped) return;
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        if (opened) void client.invalidateQueries({ queryKey: key });
        opened = true;
      };
      es.addEventListener(NOTIFICATION_EVENT, (event) => {
        const n = JSON.parse((event as MessageEvent<string>).data) as Notification;
        client.setQueryData(key, (old: Notification[] | undefined) => [
          n,
          ...(old ?? []).filter((x) => x._id !== n._id),
        ]);
      });
      es.onerror = () => {
        if (es.readyState !== EventSource.CLOSED) return;
        es.close();
        later();
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [client, enabled, lang]);
}
