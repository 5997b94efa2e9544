import type { AppConfig } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/config/offline {message}: sets (or with null clears) the offline notice; admin level. */
export const setOfflineNotice = (message: string | null) =>
  api.put<{ offline: AppConfig['offline'] }>('/config/offline', { message });
