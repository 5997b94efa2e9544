export { NotificationsBell, NotificationsList, NotificationsPage } from './components/NotificationsBell.tsx';
