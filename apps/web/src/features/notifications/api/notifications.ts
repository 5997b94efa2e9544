import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['communication', 'notifications'],
    // no polling: the notification stream (notification-stream.ts) keeps it current
    queryFn: () => api.get<Notification[]>('/communication/notifications', { query: { ts: Date.now() } }),
  });
export const useNotifications = (enabled = true) => useQuery({ ...notificationsQuery(), enabled });

export const markNotificationRead = (id: string) =>
  api.post(`/communication/notifications/read/${encodeURIComponent(id)}`, {});
export const removeNotification = (id: string) =>
  api.delete(`/communication/notifications/${encodeURIComponent(id)}`);
export const removeAllNotifications = () => api.delete('/communication/notifications/all');
