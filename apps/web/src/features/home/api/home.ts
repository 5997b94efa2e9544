import { api } from '../../../lib/api-client.ts';

export const getHome = (userId: string) =>
  api.get<{ redirect?: string | null }>(`/profile/user/home/${encodeURIComponent(userId)}`, { query: { ts: Date.now() } });
