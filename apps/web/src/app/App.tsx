import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useTranslation } from '../lib/use-translation.ts';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import type { AppConfig } from '@p2p/domain';
import { Loading } from '../components/Loading.tsx';
import { OfflineScreen } from '../components/OfflineScreen.tsx';
import { api } from '../lib/api-client.ts';
import { rememberFormRoutes } from '../lib/early-requests.ts';
import { activeDomain, AppConfigContext } from '../lib/app-config.ts';
import { usePickedDomain, useSessionDomain } from '../lib/domain.ts';
import { i18n, setLanguage } from '../lib/i18n.ts';
import { rememberOfflineRecord } from '../lib/offline.ts';
import { queryClient } from '../lib/query-client.ts';
import { useUser } from '../lib/session.ts';
import { applyTheme } from '../lib/theme.ts';
import { buildRouteObjects, formRoutesOf } from './route-table.tsx';

export const appConfigQuery = (lang: string) => ({
  queryKey: ['config', 'app', lang],
  queryFn: () => api.get<AppConfig>(`/config/app/${encodeURIComponent(lang)}`),
  staleTime: 10 * 60_000,
  retry: false,
  placeholderData: keepPreviousData,
});

/** Applies the theme of the active domain and the signed-in user's language; remembers the offline message. */
function SessionEffects({ config }: { config: AppConfig }) {
  const user = useUser();
  const picked = usePickedDomain();
  const entered = useSessionDomain();
  const theme = activeDomain(config, user, picked, entered)?.theme;
  useEffect(() => applyTheme(theme), [theme]);
  const offline = config.offline;
  useEffect(() => rememberOfflineRecord(offline), [offline]);
  const lang = user?.lang;
  useEffect(() => {
    if (lang && config.languages.includes(lang)) void setLanguage(lang);
  }, [lang, config.languages]);
  return null;
}

function AppRouter({ config }: { config: AppConfig }) {
  const { routes, maintenance } = config;
  // the table only changes with the server's routes or the maintenance flag
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const router = useMemo(() => createBrowserRouter(buildRouteObjects(config)), [routes, maintenance]);
  // the next reload's early entry reads them before the app (and this configuration) has loaded
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => rememberFormRoutes(formRoutesOf(config)), [routes]);
  return <RouterProvider router={router} />;
}

/**
 * Loads AppConfig; without it the offline screen shows (with the administrator's offline notice
 * remembered from an earlier answer) and polls until the server answers.
 */
export function ConfigGate() {
  const { i18n: instance } = useTranslation();
  const { data, isPending, isError } = useQuery(appConfigQuery(instance.language));
  if (isPending) return <Loading />;
  if (isError || !data) return <OfflineScreen />;
  return (
    <AppConfigContext.Provider value={data}>
      <SessionEffects config={data} />
      <AppRouter config={data} />
    </AppConfigContext.Provider>
  );
}

/**
 * PrimeReact's dropdown arrow is a div with role=button and no name; the dropdown's own combobox is
 * the control assistive technology uses, so the arrow leaves the accessibility tree (axe:
 * aria-command-name). A mouse click on it still opens the list.
 */
const PRIME_OPTIONS = {
  ripple: false,
  pt: {
    // ...and its hidden native <select> (a copy for forms) too
    dropdown: { trigger: { 'aria-hidden': true }, select: { 'aria-hidden': true, tabIndex: -1 } },
    multiselect: { trigger: { 'aria-hidden': true } },
  },
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={PRIME_OPTIONS}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </PrimeReactProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <ConfigGate />
    </AppProviders>
  );
}
