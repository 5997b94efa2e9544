export { NotificationsBell, NotificationsList, NotificationsPage } from './components/NotificationsBell.tsx';
export { useUnreadCount } from './api/notifications.ts';
