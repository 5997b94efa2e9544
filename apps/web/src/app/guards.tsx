import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppConfig } from '../lib/app-config.ts';
import { useSession } from '../lib/session.ts';

/** The sign-in address for a signed-out visit of `path`. */
export const signInPath = (path: string): string =>
  path && path !== '/' ? `/signin?redirect=${encodeURIComponent(path)}` : '/signin';

/** Navigation guard for non-public routes: signed-out users go to sign-in (with redirect) or the external login. */
export function RequireAuth() {
  const { user, endedBy } = useSession();
  const config = useAppConfig();
  const location = useLocation();
  const external = !user && config.externalLoginUrl;
  useEffect(() => {
    if (external) window.location.assign(external);
  }, [external]);
  if (user) return <Outlet />;
  if (external) return null;
  const full = location.pathname + location.search + location.hash;
  return <Navigate to={endedBy === 'signout' ? '/signin' : signInPath(full)} replace />;
}

/** Every navigation scrolls the view to top. */
export function ScrollToTop() {
  const location = useLocation();
  useEffect(() => {
    try {
      window.scrollTo({ top: 0, left: 0 });
    } catch {
      /* not available (tests) */
    }
  }, [location.pathname, location.search]);
  return null;
}
