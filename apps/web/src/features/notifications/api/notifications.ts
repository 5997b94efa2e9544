import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Notification } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /communication/notifications: the server renders each text in the user's language, so the
 * language is part of the key and a change of language reads the list again.
 */
export const notificationsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['communication', 'notifications', lang],
    // no polling: the notification stream (notification-stream.ts) keeps it current
    queryFn: () => api.get<Notification[]>('/communication/notifications', { query: { ts: Date.now() } }),
  });
export const useNotifications = (enabled = true) => {
  const { i18n } = useTranslation();
  return useQuery({ ...notificationsQuery(i18n.language), enabled });
};

/** How many of the caller's notifications are unread (the same cached list as the bell's). */
export const useUnreadCount = (enabled: boolean): number =>
  (useNotifications(enabled).data ?? []).filter((n) => !n.read).length;

export const markNotificationRead = (id: string) =>
  api.post(`/communication/notifications/read/${encodeURIComponent(id)}`, {});
export const removeNotification = (id: string) =>
  api.delete(`/communication/notifications/${encodeURIComponent(id)}`);
export const removeAllNotifications = () => api.delete('/communication/notifications/all');
