import { Suspense, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { Outlet, useLocation } from 'react-router';
import { hasAppAccess, type Layout } from '@p2p/domain';
import { Loading } from '../components/Loading.tsx';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { Toasts } from '../components/Toasts.tsx';
import { activeDomain, useAppConfig } from '../lib/app-config.ts';
import { useSessionDomain } from '../lib/domain.ts';
import { useUser } from '../lib/session.ts';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { Header, Sidebar, useNavigation, usePhoneLayout } from '../features/shell/index.ts';
import { NotificationsBell, useUnreadCount } from '../features/notifications/index.ts';
import { HeaderSearch } from '../features/search/index.ts';
import { HelpPanel } from '../features/help/index.ts';
import { ScrollToTop } from './guards.tsx';

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <OfflineNotice />
      <Outlet />
      <Toasts />
    </>
  );
}

/**
 * default: header + sidebar; read: header + narrow content; large: header only; empty: content only.
 * Pages loaded on demand show <Loading /> in the content area until their chunk arrives.
 */
export function AppLayout({ layout }: { layout: Layout }) {
  const { i18n } = useTranslation();
  const config = useAppConfig();
  const user = useUser();
  const [sidebarOpen, setSidebarOpen] = useState(() => storage.get(STORAGE_KEYS.sidebarOpen) !== 'false');
  const [helpDoc, setHelpDoc] = useState<string | null>(null);
  const withHeader = layout !== 'empty' && Boolean(user);
  const withSidebar = layout === 'default' && hasAppAccess(user);
  const navigation = useNavigation(i18n.language, withSidebar);
  const entered = useSessionDomain();
  const logo = activeDomain(config, user, undefined, entered)?.logo;
  const unread = useUnreadCount(Boolean(user) && config.flags.notifications);

  // phones: the sidebar is an overlay, closed on every load and after every navigation; the
  // remembered open state is the desktop's
  const phone = usePhoneLayout();
  const location = useLocation();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [overlayAt, setOverlayAt] = useState(location.key);
  if (overlayAt !== location.key) {
    setOverlayAt(location.key);
    setOverlayOpen(false);
  }
  const closeOverlay = () => setOverlayOpen(false);
  const showSidebar = withSidebar && (phone ? overlayOpen : sidebarOpen);

  const toggleSidebar = () => {
    if (phone) {
      setOverlayOpen((open) => !open);
      return;
    }
    setSidebarOpen((open) => {
      storage.set(STORAGE_KEYS.sidebarOpen, String(!open));
      return !open;
    });
  };

  if (layout === 'empty') {
    return (
      <main className="layout layout--empty">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    );
  }
  return (
    <div className={`layout layout--${layout}`}>
      {withHeader && user && (
        <Header
          user={user}
          config={config}
          logo={logo}
          onToggleSidebar={withSidebar ? toggleSidebar : undefined}
          sidebarOpen={showSidebar}
          unread={unread}
          notifications={
            <>
              <HeaderSearch />
              <NotificationsBell />
            </>
          }
          onOpenHelp={setHelpDoc}
        />
      )}
      <div className="layout__body">
        {showSidebar && phone && (
          <div className="app-sidebar-backdrop" aria-hidden="true" onClick={closeOverlay} />
        )}
        {showSidebar && (
          <Sidebar
            items={navigation.data ?? []}
            onNavigate={phone ? closeOverlay : undefined}
            onClose={phone ? closeOverlay : undefined}
          />
        )}
        <main className={`layout__content${layout === 'read' ? ' layout__content--narrow' : ''}`}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {withHeader && <HelpPanel doc={helpDoc} onHide={() => setHelpDoc(null)} />}
    </div>
  );
}
