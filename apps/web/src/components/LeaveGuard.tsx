import { useContext, useEffect, useRef } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { UNSAFE_DataRouterContext, useBlocker, type Location } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface LeaveGuardProps {
  /**
   * Unsaved changes would be lost. Read again at the moment of leaving, so a page that has just
   * saved can clear it (a ref or a function) before navigating on in the same event.
   */
  when: boolean | (() => boolean);
}

const isOn = (when: LeaveGuardProps['when']): boolean => (typeof when === 'function' ? when() : when);
const sameUrl = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search;

/** The browser's own question on reload and tab close (its text is the browser's, not ours). */
function useBeforeUnloadGuard(when: LeaveGuardProps['when']) {
  const latest = useRef(when);
  latest.current = when;
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!isOn(latest.current)) return;
      e.preventDefault();
      // older browsers show the question only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

/** A route change inside the app asks first (react-router's blocker; needs the app's data router). */
function RouteGuard({ when }: LeaveGuardProps) {
  const { t } = useTranslation();
  const latest = useRef(when);
  latest.current = when;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isOn(latest.current) && !sameUrl(currentLocation, nextLocation),
  );
  return (
    <ConfirmDialog
      visible={blocker.state === 'blocked'}
      title={t('leaveGuard.title')}
      message={<span data-testid="leave-guard-message">{t('leaveGuard.message')}</span>}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t('leaveGuard.leave')}
      cancelLabel={t('leaveGuard.stay')}
      onAccept={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/**
 * Leaving a page with unsaved changes asks first: a route change (links, Back, the app's own
 * navigation) with the app's dialog, a reload or closing the tab with the browser's. Without a
 * data router (a component test in a plain MemoryRouter) only the browser's question applies.
 */
export function LeaveGuard({ when }: LeaveGuardProps) {
  useBeforeUnloadGuard(when);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouteGuard when={when} /> : null;
}
