import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { hasAppAccess, hasRole, isIhub, type AppConfig, type SessionUser } from '@p2p/domain';
import { signOut } from '../../../lib/auth.ts';
import { useConnectionLost } from '../../../lib/offline.ts';
import { currentGroupName } from '../../../lib/working-context.ts';
import { useUserGroups } from '../api/shell.ts';
import { GroupDrawer } from './GroupDrawer.tsx';
import { useHeaderMenu } from './use-header-menu.ts';

export interface HeaderProps {
  user: SessionUser;
  config: AppConfig;
  logo?: string | null;
  onToggleSidebar?: () => void;
  /** the sidebar is shown (the toggle reports it as expanded) */
  sidebarOpen?: boolean;
  /** the notifications bell (rendered when flags.notifications) */
  notifications?: ReactNode;
  /** unread notifications: on phones the bell is inside the menu, so its button shows the count */
  unread?: number;
  /** opens the help panel: without a doc the general help, else the help of that doc */
  onOpenHelp?: (doc: string) => void;
}

/**
 * The help document of a path: its first segment in kebab-case ('home' for /); the read view
 * (/read/:type/:id) takes its model's help.
 */
export const helpDocForPath = (pathname: string): string => {
  const [first, second] = pathname.split('/').filter(Boolean);
  const segment = first === 'read' && second ? second : (first ?? 'home');
  return segment.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
};

export const initials = (name: string): string => {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const last = trimmed.lastIndexOf(' ');
  return (trimmed[0] + (last > 0 ? (trimmed[last + 1] ?? '') : '')).toUpperCase();
};

export function Header(props: HeaderProps) {
  const { user, config, logo, onToggleSidebar, sidebarOpen, notifications, unread = 0, onOpenHelp } = props;
  const { t } = useTranslation();
  // a 502 or no network: what needs the server (group, reload) is hidden
  const offline = useConnectionLost();
  const location = useLocation();
  const navigate = useNavigate();
  const [groupsOpen, setGroupsOpen] = useState(false);
  const appAccess = hasAppAccess(user);
  const groups = useUserGroups(appAccess);
  const groupName = currentGroupName(user, groups.data) || t('shell.groups.none');
  const menu = useHeaderMenu();

  const doSignOut = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  return (
    <header className="app-header" data-testid="app-header">
      <div className="app-header__left">
        {appAccess && onToggleSidebar && (
          <Button
            type="button"
            icon="pi pi-bars"
            text
            rounded
            aria-label={t('shell.toggleSidebar')}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarOpen ? 'app-sidebar' : undefined}
            onClick={onToggleSidebar}
            data-testid="sidebar-toggle"
          />
        )}
        <Link to="/" className="app-header__logo" aria-label={t('shell.home')}>
          {logo ? <img src={logo} alt="" data-testid="header-logo" /> : <span>P2P</span>}
        </Link>
      </div>
      {/* phones only (app.css): the tools below fold into this menu */}
      <button
        ref={menu.buttonRef}
        type="button"
        className="icon-button app-header__menu-button p-overlay-badge"
        aria-label={unread > 0 ? t('shell.toolsUnread', { count: unread }) : t('shell.tools')}
        title={t('shell.tools')}
        aria-expanded={menu.open}
        aria-controls="app-header-tools"
        onClick={menu.toggle}
        data-testid="header-menu-button"
      >
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
        {unread > 0 && config.flags.notifications && (
          <span
            className="p-badge p-component p-badge-danger"
            aria-hidden="true"
            data-testid="header-menu-unread"
          >
            {unread}
          </span>
        )}
      </button>
      <div
        ref={menu.panelRef}
        id="app-header-tools"
        className={`app-header__tools${menu.open ? ' app-header__tools--open' : ''}`}
        data-testid="header-tools"
        onClick={menu.onPanelClick}
      >
        {appAccess && !offline && (
          <Button
            type="button"
            className="group-button"
            icon="pi pi-sitemap"
            outlined
            size="small"
            label={groupName}
            aria-label={`${t('shell.groups.change')}: ${groupName}`}
            onClick={() => setGroupsOpen(true)}
            data-testid="group-button"
          />
        )}
        <div className="app-header__right">
          {/* ihub roles have no sidebar (seed 000 section 2): the header offers their monitor */}
          {isIhub(user) && (
            <Link to="/ihub" className="p-button p-button-text p-button-sm" data-testid="header-ihub">
              <i className="pi pi-server" aria-hidden="true" /> {t('ihub.title')}
            </Link>
          )}
          {config.flags.notifications && notifications}
          {config.flags.assistant && onOpenHelp && (
            <Button
              type="button"
              icon="pi pi-question-circle"
              text
              rounded
              aria-label={t('shell.help')}
              title={t('shell.help')}
              onClick={() => onOpenHelp('help')}
              data-testid="help-button"
            />
          )}
          {onOpenHelp && (
            <Button
              type="button"
              icon="pi pi-info-circle"
              text
              rounded
              aria-label={t('shell.contextHelp')}
              title={t('shell.contextHelp')}
              onClick={() => onOpenHelp(helpDocForPath(location.pathname))}
              data-testid="context-help-button"
            />
          )}
          {config.flags.reload && !offline && (
            <Button
              type="button"
              icon="pi pi-refresh"
              text
              rounded
              aria-label={t('shell.reload')}
              title={t('shell.reload')}
              onClick={() => window.location.reload()}
              data-testid="reload-button"
            />
          )}
          <div className="user-menu" data-testid="user-menu">
            {/* the visible initials are part of the name (WCAG 2.5.3); on tablets this is the account link */}
            <Link
              to="/account"
              className="user-menu__avatar"
              aria-label={`${initials(user.name)}, ${t('shell.account')}`}
            >
              {initials(user.name)}
            </Link>
            <div className="user-menu__text">
              <Link to="/account" className="user-menu__name" data-testid="header-user-name">
                {t('shell.hello', { name: user.name })}
              </Link>
              <span className="user-menu__role" data-testid="header-role-name">
                {user.role.name}
              </span>
            </div>
            {hasRole(user, 'manager-supplier,admin') && (
              <Link
                to="/account/registrations"
                className="p-button p-button-text p-button-rounded p-button-icon-only"
                aria-label={t('auth.registrations.title')}
                title={t('auth.registrations.title')}
                data-testid="registrations-link"
              >
                <i className="pi pi-id-card" aria-hidden="true" />
              </Link>
            )}
            <Button
              type="button"
              className="user-menu__signout"
              icon="pi pi-sign-out"
              label={t('shell.signOut')}
              // the label may be hidden on tablets (app.css): the name stays
              aria-label={t('shell.signOut')}
              text
              size="small"
              onClick={() => void doSignOut()}
              data-testid="signout"
            />
          </div>
        </div>
      </div>
      {appAccess && <GroupDrawer visible={groupsOpen} onHide={() => setGroupsOpen(false)} user={user} />}
    </header>
  );
}
