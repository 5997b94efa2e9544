import { api } from '../../../lib/api-client.ts';
import type { DomainSwitchAnswer } from '../../../lib/domain.ts';

export const getHome = (userId: string) =>
  api.get<{ redirect?: string | null }>(`/profile/user/home/${encodeURIComponent(userId)}`, {
    query: { ts: Date.now() },
  });

/**
 * POST /profile/user/config {domain}: 200 with a new session of the same username in that domain, or
 * 403 'You have no account in domain {name}.'
 */
export const switchDomain = (domain: string) =>
  api.post<DomainSwitchAnswer>('/profile/user/config', { domain });
