import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import {
  FIXED_ROUTES,
  PUBLIC_ROUTES,
  canReadAudit,
  hasRole,
  isAdminLevel,
  isIhub,
  type AppConfig,
  type Layout,
  type RouteConfig,
} from '@p2p/domain';
import { NotFound } from '../components/NotFound.tsx';
import { useUser } from '../lib/session.ts';
// from its own file: auth/index.ts also exports the auth pages loaded on demand (routes/pages.tsx)
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { AuditHistoryLink } from '../features/audit/index.ts';
import { FavoriteToggle } from '../features/favorites/index.ts';
import { HelpPage } from '../features/help/index.ts';
import { NotificationsPage } from '../features/notifications/index.ts';
import { IhubModeNotice } from '../features/ihub/components/IhubModeNotice.tsx';
import { AppLayout, RootLayout } from './layouts.tsx';
import { RequireAuth } from './guards.tsx';
import { HomeRoute } from './routes/home.tsx';
import { ChatCreateRoute, ChatListRoute, ChatRoute, SignedInPages } from './routes/chat.tsx';
import { DocumentFormRoute, DocumentReadRoute } from './routes/document-pages.tsx';
import { OfflineRoute } from './offline.tsx';
import { ConfigRuleRoute, FrameRoute, ObjectRoute, QrRoute } from './routes/kit-views.tsx';
import { CalendarRoute, MapRoute } from './routes/map-calendar.tsx';
import { ReportBuilderPage, ReportListPage, ReportViewerPage } from './routes/reports.tsx';
import {
  AccountPage,
  AdminPage,
  ApprovalPanel,
  IhubMonitorPage,
  ReceivingActionButton,
  AuditPage,
  DocumentListPage,
  ForgotPasswordPage,
  SearchPage,
  SetPasswordPage,
  SignUpPage,
  SupplierRegistrationPage,
  SupplierRegistrationsPage,
} from './routes/pages.tsx';

/** Typed paths of the app's own links. */
export const paths = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  supplierRegistration: '/supplierRegistration',
  account: '/account',
  registrations: '/account/registrations',
  audit: '/audit',
  chats: '/chat',
  chat: (id: string) => `/chat/${encodeURIComponent(id)}`,
  help: (doc?: string) => (doc ? `/help/${doc}` : '/help'),
  qr: '/qr',
  calendar: '/calendar',
} as const;

interface AppRoute {
  path: string;
  name: string;
  layout: Layout;
  element: ReactNode;
  /** a document form route: the list path and model it serves */
  form?: { path: string; model: string };
}

function RegistrationsRoute() {
  const user = useUser();
  return hasRole(user, 'manager-supplier,admin') ? <SupplierRegistrationsPage /> : <NotFound />;
}

/** The integration monitor (/ihub): ihub roles and administrators; the server answers 403 to others too. */
function IhubRoute() {
  const user = useUser();
  return isIhub(user) || isAdminLevel(user) ? <IhubMonitorPage /> : <NotFound />;
}

/** The audit trail: its readers only (auditors, administrators); the server answers 403 to others too. */
function AuditRoute() {
  return canReadAudit(useUser()) ? <AuditPage /> : <NotFound />;
}

const FIXED_ELEMENTS: Record<(typeof FIXED_ROUTES)[number]['name'], ReactNode> = {
  home: <HomeRoute />,
  signin: <SignInPage />,
  signup: <SignUpPage />,
  'set-password': <SetPasswordPage />,
  'forgot-password': <ForgotPasswordPage />,
  supplierRegistration: <SupplierRegistrationPage />,
  account: <AccountPage />,
  map: <MapRoute />,
  frame: <FrameRoute />,
  // /admin says where the ERP integration sends (demo simulator without ERP_URL)
  admin: (
    <>
      <IhubModeNotice />
      <AdminPage />
    </>
  ),
  read: <DocumentReadRoute />,
  offline: <OfflineRoute />,
  search: <SearchPage />,
  help: <HelpPage />,
  'chat-create': <ChatCreateRoute />,
};

const normalizePath = (p: string) => '/' + p.replace(/^\/+/, '').replace(/\/+$/, '');

function configElement(route: RouteConfig, path: string): ReactNode {
  const model = route.meta.model ?? route.name;
  if (route.name === 'notifications') return <NotificationsPage />;
  switch (route.view) {
    case 'model':
    case 'list':
      return route.meta.model ? (
        <DocumentListPage key={path} model={model} path={path} meta={route.meta} favorite={FavoriteToggle} />
      ) : (
        <NotFound />
      );
    case 'obj':
    case 'invoicesObj':
      return <ObjectRoute route={route} path={path} />;
    case 'search':
      return <SearchPage />;
    case 'chat':
      return <ChatListRoute />;
    case 'config-rule':
      return <ConfigRuleRoute />;
    case 'query':
      return <ReportListPage listPath={path} />;
    case 'help':
      return <HelpPage />;
    case 'notfound':
      return <NotFound />;
    default:
      // a view kind this release does not know: the not-found view, never a placeholder
      return <NotFound />;
  }
}

/** Fixed routes, then the server's routes (with the form route of model views that have a form). */
export function appRoutes(config: AppConfig): AppRoute[] {
  const routes: AppRoute[] = FIXED_ROUTES.map((r) => ({
    path: r.path,
    name: r.name,
    layout: r.layout,
    element: FIXED_ELEMENTS[r.name],
  }));
  routes.push({
    path: paths.registrations,
    name: 'supplier-registrations',
    layout: 'default',
    element: <RegistrationsRoute />,
  });
  routes.push({ path: paths.audit, name: 'audit', layout: 'default', element: <AuditRoute /> });
  routes.push({ path: '/ihub', name: 'ihub', layout: 'default', element: <IhubRoute /> });
  // the QR scanner page (seed 001 section 2.7)
  routes.push({ path: paths.qr, name: 'qr', layout: 'default', element: <QrRoute /> });
  // the calendar of the caller's dates (deliveries, receptions, expiries, evaluations, approvals)
  routes.push({ path: paths.calendar, name: 'calendar', layout: 'default', element: <CalendarRoute /> });
  // the chats of the user (the fixed /chat/create opens a new one)
  routes.push({ path: paths.chats, name: 'chats', layout: 'default', element: <ChatListRoute /> });
  routes.push({ path: '/chat/:id', name: 'chat', layout: 'default', element: <ChatRoute /> });
  const taken = new Set(routes.map((r) => r.path));
  for (const r of config.routes) {
    const path = normalizePath(r.path);
    if (taken.has(path)) continue;
    taken.add(path);
    const layout = r.meta.layout ?? 'default';
    routes.push({ path, name: r.name, layout, element: configElement(r, path) });
    if (r.view === 'query') {
      // the builder (/query/create, /query/duplicate?from=id, /query/:id) and the viewer of one report
      const base = path === '/' ? '' : path;
      for (const [sub, name, element] of [
        ['/:id', 'query-builder', <ReportBuilderPage key={`${path}-b`} listPath={path} />],
        ['/:id/view', 'query-viewer', <ReportViewerPage key={`${path}-v`} listPath={path} />],
      ] as const) {
        if (taken.has(base + sub)) continue;
        taken.add(base + sub);
        routes.push({ path: base + sub, name: `${r.name}-${name}`, layout, element });
      }
    }
    if (r.meta.form && (r.view === 'model' || r.view === 'list')) {
      const formPath = `${path === '/' ? '' : path}/:id/:action?`;
      if (!taken.has(formPath)) {
        taken.add(formPath);
        routes.push({
          path: formPath,
          name: `${r.name}-form`,
          layout,
          form: { path, model: r.meta.model ?? r.name },
          element: (
            <DocumentFormRoute
              key={formPath}
              model={r.meta.model ?? r.name}
              path={path}
              favorite={FavoriteToggle}
              auditHistory={AuditHistoryLink}
              approval={ApprovalPanel}
              extraActions={ReceivingActionButton}
            />
          ),
        });
      }
    }
  }
  return routes;
}

export function isPublicRoute(name: string, config: Pick<AppConfig, 'publicRoutes'>): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(name) || config.publicRoutes.includes(name);
}

/** The document forms' list paths and models ('/order' -> 'order'), for the early entry of a reload. */
export function formRoutesOf(config: AppConfig): Record<string, string> {
  return Object.fromEntries(
    appRoutes(config).flatMap((r) => (r.form && r.form.path !== '/' ? [[r.form.path, r.form.model]] : [])),
  );
}

const LAYOUTS: Layout[] = ['default', 'empty', 'read', 'large'];

/** The react-router table: layouts hold public routes and a guarded branch; maintenance leaves only not-found. */
export function buildRouteObjects(config: AppConfig): RouteObject[] {
  if (config.maintenance) {
    return [
      {
        element: <RootLayout />,
        children: [
          { element: <AppLayout layout="empty" />, children: [{ path: '*', element: <NotFound /> }] },
        ],
      },
    ];
  }
  const routes = appRoutes(config);
  const children: RouteObject[] = LAYOUTS.map((layout) => {
    const mine = routes.filter((r) => r.layout === layout);
    const open = mine
      .filter((r) => isPublicRoute(r.name, config))
      .map((r) => ({ path: r.path, element: r.element }));
    const guarded = mine
      .filter((r) => !isPublicRoute(r.name, config))
      .map((r) => ({ path: r.path, element: r.element }));
    if (layout === 'default') guarded.push({ path: '*', element: <NotFound /> });
    return {
      element: <AppLayout layout={layout} />,
      children: [
        ...open,
        { element: <RequireAuth />, children: [{ element: <SignedInPages />, children: guarded }] },
      ],
    };
  });
  return [{ element: <RootLayout />, children }];
}
