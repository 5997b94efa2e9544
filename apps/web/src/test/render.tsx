import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AppConfig, SessionUser } from '@p2p/domain';
import { AppConfigContext } from '../lib/app-config.ts';
import { i18n } from '../lib/i18n.ts';

export const testConfig = (over: Partial<AppConfig> = {}): AppConfig => ({
  version: '1',
  languages: ['en', 'pt'],
  defaultLang: 'en',
  flags: { notifications: true, assistant: true, reload: true, domain: true, chat: false },
  maintenance: false,
  externalLoginUrl: null,
  publicRoutes: [],
  routes: [],
  domains: [
    { id: 'acme', name: 'ACME', theme: 'lara-light-blue', logo: '/logos/acme.svg' },
    { id: 'globex', name: 'Globex', theme: 'lara-light-teal', logo: '/logos/globex.svg' },
  ],
  chat: { enabled: false },
  offline: null,
  ...over,
});

export const testUser = (over: Partial<SessionUser> = {}): SessionUser => ({
  _id: 'u1',
  username: 'buyer',
  name: 'Bea Buyer',
  email: 'buyer@acme.test',
  role: { key: 'buyer', name: 'Buyer' },
  roles: [{ key: 'buyer', name: 'Buyer' }],
  lang: 'en',
  domain: 'acme',
  supplier: null,
  _profile: [],
  group: { _id: 'g1', key: 'G1', name: 'Purchasing Lisbon' },
  groups: [{ _id: 'g1', key: 'G1', name: 'Purchasing Lisbon' }],
  locations: [],
  workgroups: [],
  filter: {},
  filterData: false,
  context: { group: 'g1' },
  ...over,
});

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    config = testConfig(),
    client,
  }: { route?: string; config?: AppConfig; client?: QueryClient } = {},
) {
  const queryClient = client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppConfigContext.Provider value={config}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </AppConfigContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { ...render(ui, { wrapper: Wrapper }), queryClient };
}

/** A fetch Response with a JSON body. */
export const jsonResponse = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
