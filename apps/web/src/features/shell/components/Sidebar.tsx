import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '@p2p/domain';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

const itemId = (item: NavItem, parent?: string) => (parent ? `${parent}/` : '') + (item.to ?? item.label);

/** An entry's route holds the page (its list, or one of its documents); its query string aside. */
const holds = (to: string | undefined, pathname: string): boolean => {
  const path = (to ?? '').split('?')[0]!;
  if (!path || path === '#') return false;
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
};
const anyHolds = (items: readonly NavItem[], pathname: string): boolean =>
  items.some((i) => holds(i.to, pathname) || anyHolds([...(i.children ?? []), ...(i.next ?? [])], pathname));

export interface SidebarProps {
  items: NavItem[];
  onNavigate?: () => void;
  /** given: the sidebar is an overlay (phones) with a close button, closing on Escape too */
  onClose?: () => void;
}

/**
 * Two-level navigation: items with children expand (one group at a time, remembered); items with
 * `next` open a sub-level with a Back entry; the current item is remembered in localStorage.
 */
export function Sidebar({ items, onNavigate, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const closeLatest = useRef(onClose);
  closeLatest.current = onClose;
  const overlay = Boolean(onClose);
  useEffect(() => {
    if (!overlay) return;
    // the overlay takes the focus so a keyboard user starts in it, and Escape leaves it
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeLatest.current?.();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay]);
  const { pathname } = useLocation();
  // on a direct load the page's own entry is the current one (and its group open), not the last clicked
  const routed = anyHolds(items, pathname);
  const [expanded, setExpanded] = useState<string | null>(() => {
    const group = items.find((i) => i.children?.length && anyHolds(i.children, pathname));
    return group ? itemId(group) : storage.get(STORAGE_KEYS.sidebarExpanded);
  });
  const [current, setCurrent] = useState<string | null>(() => storage.get(STORAGE_KEYS.sidebarCurrent));
  const [level, setLevel] = useState<NavItem | null>(
    () => items.find((i) => i.next?.length && anyHolds(i.next, pathname)) ?? null,
  );

  // the navigation may arrive after the first render (a direct load): open the page's group then
  useEffect(() => {
    const group = items.find((i) => i.children?.length && anyHolds(i.children, pathname));
    if (group) setExpanded(itemId(group));
    const sub = items.find((i) => i.next?.length && anyHolds(i.next, pathname));
    if (sub) setLevel(sub);
  }, [items, pathname]);

  const toggle = (id: string) => {
    const next = expanded === id ? null : id;
    setExpanded(next);
    if (next) storage.set(STORAGE_KEYS.sidebarExpanded, next);
    else storage.remove(STORAGE_KEYS.sidebarExpanded);
  };
  const choose = (id: string) => {
    setCurrent(id);
    storage.set(STORAGE_KEYS.sidebarCurrent, id);
    onNavigate?.();
  };

  const renderLink = (item: NavItem, id: string, sub = false) => (
    <NavLink
      key={id}
      to={item.to ?? '#'}
      end={item.to === '/'}
      className={({ isActive }) =>
        `nav-item${sub ? ' nav-item--sub' : ''}${isActive || (!routed && current === id) ? ' nav-item--current' : ''}`
      }
      onClick={() => choose(id)}
      data-nav-id={id}
    >
      {item.icon && <i className={item.icon} aria-hidden="true" />}
      <span>{item.label}</span>
    </NavLink>
  );

  const renderItem = (item: NavItem, parent?: string) => {
    const id = itemId(item, parent);
    if (item.next?.length) {
      return (
        <button
          key={id}
          type="button"
          className="nav-item nav-item--next"
          onClick={() => setLevel(item)}
          data-nav-id={id}
        >
          {item.icon && <i className={item.icon} aria-hidden="true" />}
          <span>{item.label}</span>
          <i className="pi pi-angle-right nav-item__chevron" aria-hidden="true" />
        </button>
      );
    }
    if (item.children?.length) {
      const open = expanded === id;
      return (
        <div key={id} className={`nav-group${open ? ' nav-group--open' : ''}`}>
          <button
            type="button"
            className="nav-item nav-item--group"
            aria-expanded={open}
            onClick={() => toggle(id)}
            data-nav-id={id}
          >
            {item.icon && <i className={item.icon} aria-hidden="true" />}
            <span>{item.label}</span>
            <i
              className={`pi ${open ? 'pi-angle-down' : 'pi-angle-right'} nav-item__chevron`}
              aria-hidden="true"
            />
          </button>
          {open && (
            <div className="nav-group__children">
              {item.children.map((child) =>
                child.next?.length ? renderItem(child, id) : renderLink(child, itemId(child, id), true),
              )}
            </div>
          )}
        </div>
      );
    }
    return renderLink(item, id);
  };

  return (
    <nav
      id="app-sidebar"
      className={`app-sidebar${overlay ? ' app-sidebar--overlay' : ''}`}
      data-testid="sidebar"
      aria-label={t('shell.navigation')}
    >
      {onClose && (
        <button
          ref={closeRef}
          type="button"
          className="icon-button app-sidebar__close"
          aria-label={t('shell.closeNavigation')}
          title={t('shell.closeNavigation')}
          onClick={onClose}
          data-testid="sidebar-close"
        >
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      )}
      {level ? (
        <>
          <button
            type="button"
            className="nav-item nav-item--back"
            onClick={() => setLevel(null)}
            data-testid="sidebar-back"
          >
            <i className="pi pi-angle-left" aria-hidden="true" />
            <span>{t('shell.back')}</span>
          </button>
          <div className="nav-level-title">{level.label}</div>
          {(level.next ?? []).map((child) => renderItem(child, itemId(level)))}
        </>
      ) : (
        items.map((item) => renderItem(item))
      )}
    </nav>
  );
}
