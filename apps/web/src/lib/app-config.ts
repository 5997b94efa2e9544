import { createContext, useContext } from 'react';
import type { AppConfig, Domain, SessionUser } from '@p2p/domain';
import { preferredDomain } from './api-client.ts';

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('AppConfig is not loaded');
  return config;
}

/**
 * The domain whose theme and logo apply: the user's (as the server described it on a domain switch,
 * else from the configuration's list), else the one picked before sign-in, else the first.
 */
export function activeDomain(
  config: AppConfig,
  user: SessionUser | null,
  picked: string | null = preferredDomain(),
  entered: Domain | null = null,
): Domain | null {
  const id = user?.domain ?? picked;
  if (entered && entered.id === id) return entered;
  return config.domains.find((d) => d.id === id) ?? config.domains[0] ?? null;
}
