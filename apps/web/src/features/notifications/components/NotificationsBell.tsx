import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import type { Notification } from '@p2p/domain';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { showToast } from '../../../lib/toasts.ts';
import {
  markNotificationRead,
  notificationsQuery,
  removeAllNotifications,
  removeNotification,
  useNotifications,
} from '../api/notifications.ts';
import { useNotificationStream } from '../api/notification-stream.ts';

/** The notifications with their actions: open a link (marks it read), remove one, remove all. */
export function NotificationsList({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data } = useNotifications();
  const list = data ?? [];
  const key = notificationsQuery(i18n.language).queryKey;

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      showToast({ severity: 'error', detail: err instanceof Error ? err.message : String(err) });
    } finally {
      await client.invalidateQueries({ queryKey: key });
    }
  };

  const openLink = (n: Notification) => {
    if (!n.read) {
      client.setQueryData(key, (old: Notification[] | undefined) =>
        old?.map((x) => (x._id === n._id ? { ...x, read: true } : x)),
      );
      void run(() => markNotificationRead(n._id));
    }
    if (!n.link) return;
    if (/^https?:\/\//i.test(n.link)) window.open(n.link, '_blank', 'noopener');
    else {
      onNavigate?.();
      navigate(n.link);
    }
  };

  if (list.length === 0) {
    return (
      <p className="muted" data-testid="notifications-empty">
        {t('notifications.empty')}
      </p>
    );
  }
  return (
    <>
      <div className="notifications-actions">
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          icon="pi pi-trash"
          label={t('notifications.removeAll')}
          onClick={() => void run(removeAllNotifications)}
          data-testid="notifications-remove-all"
        />
      </div>
      <ul className="notifications-list">
        {list.map((n) => (
          <li
            key={n._id}
            className={`notification${n.read ? '' : ' notification--unread'}`}
            data-testid="notification"
            data-read={n.read}
          >
            <i className={n.icon || 'pi pi-info-circle'} aria-hidden="true" />
            <div className="notification__body">
              {/* notification text is html: sanitised by the server, purified again here */}
              <SafeHtml className="notification__text" html={n.text} />
              {n.link && (
                <a
                  href={n.link}
                  className="notification__link"
                  onClick={(e) => {
                    e.preventDefault();
                    openLink(n);
                  }}
                >
                  {t('notifications.open')}
                </a>
              )}
            </div>
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              size="small"
              aria-label={t('notifications.remove')}
              onClick={() => void run(() => removeNotification(n._id))}
              data-testid="notification-remove"
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The bell with the unread count, opening the notifications panel. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  useNotificationStream();
  const unread = (data ?? []).filter((n) => !n.read).length;
  return (
    <>
      <button
        type="button"
        className="icon-button notifications-bell p-overlay-badge"
        // the badge's number is part of the name (WCAG 2.5.3: the visible text is in the name)
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')}
        title={t('notifications.title')}
        onClick={() => setOpen(true)}
        data-testid="notifications-button"
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {unread > 0 && <Badge value={unread} severity="danger" data-testid="notifications-badge" />}
      </button>
      <SidePanel
        visible={open}
        onHide={() => setOpen(false)}
        position="right"
        title={t('notifications.title')}
        testId="notifications-panel"
      >
        <NotificationsList onNavigate={() => setOpen(false)} />
      </SidePanel>
    </>
  );
}

/** The notifications route (view 'list' named notifications). */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow" data-testid="notifications-page">
      <h1>{t('notifications.title')}</h1>
      <NotificationsList />
    </div>
  );
}
